// `@` completion inside a formula: the reference being typed at the cursor and the names the field may read
// (FormulaTools.completions gives them, from the document's symbol tables). Offsets in and out.
import type { OffsetRange } from './jsonLocations';
import { formulaPlace, type FormulaPlace } from './places';
import type { CompletionName } from './types';

export interface ReferenceCompletion {
  readonly place: FormulaPlace;
  /** What `@name.path` typed so far (without the `@`) replaces: from after the `@` to the cursor. */
  readonly replace: OffsetRange;
  readonly typed: string;
}

/** The `@reference` being typed at `offset` inside a formula, or null when the cursor is not in one. */
export function referenceAt(text: string, offset: number, isFormula: (pointer: string) => boolean): ReferenceCompletion | null {
  const place = formulaPlace(text, offset, isFormula);
  if (!place) return null;
  const typed = /@([A-Za-z0-9_.]*)$/.exec(place.formula.slice(0, place.index));
  if (!typed) return null;
  const name = typed[1] ?? '';
  // The typed name has no escapes (letters, digits, `_` and `.`), so it is as long in the text as decoded.
  return { place, replace: { start: offset - name.length, end: offset }, typed: name };
}

export interface ReferenceItem {
  /** Shown: `@str.mod`. */
  readonly label: string;
  /** Inserted after the `@` (replacing what was typed of the name). */
  readonly insertText: string;
  /** The reference's type (`number`, `boolean`, ...). */
  readonly detail: string;
  /** The designer's name for it (`Strength modifier`), else the type. */
  readonly description: string;
}

export function referenceItems(names: readonly CompletionName[]): ReferenceItem[] {
  return names.map((n) => ({ label: '@' + n.name, insertText: n.name, detail: n.type, description: n.label ?? n.type }));
}
