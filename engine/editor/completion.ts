// `@` completion inside a formula: the reference being typed at the cursor and the names the field may read
// (FormulaTools.completions gives them, from the document's symbol tables). Offsets in and out.
import { formulaLexer, Equals, Identifier, In, Let } from '../formula/tokens';
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

/**
 * The names of the `let`s whose body the cursor (`index` in `formula`) is in: `let p = 5d6 in count(@p` offers `@p`
 * and `@p.faces`. Read from the tokens (the formula being typed rarely parses): a `let NAME =` whose `in` comes before
 * the cursor, innermost first.
 */
export function localNames(formula: string, index: number): CompletionName[] {
  const tokens = formulaLexer.tokenize(formula.slice(0, index)).tokens;
  const open: { name: string; depth: number; inBody: boolean }[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const image = token.image;
    if (image === '(') depth++;
    else if (image === ')') {
      depth--;
      // A parenthesis closing around a let ends its body.
      while (open.length > 0 && open[open.length - 1]!.depth > depth) open.pop();
    } else if (token.tokenType === Let && tokens[i + 1]?.tokenType === Identifier && tokens[i + 2]?.tokenType === Equals) {
      open.push({ name: tokens[i + 1]!.image, depth, inBody: false });
    } else if (token.tokenType === In) {
      const waiting = [...open].reverse().find((l) => !l.inBody && l.depth === depth);
      if (waiting) waiting.inBody = true;
    }
  }
  const out: CompletionName[] = [];
  const seen = new Set<string>();
  for (const binding of [...open].reverse()) {
    if (!binding.inBody || seen.has(binding.name)) continue;
    seen.add(binding.name);
    out.push({ name: binding.name, type: 'any', label: `let ${binding.name}` }, { name: `${binding.name}.faces`, type: 'list', label: `the faces of let ${binding.name} (dice)` });
  }
  return out;
}

/** The items for `names`; with the reference being typed, the names of the `let`s around it come first. */
export function referenceItems(names: readonly CompletionName[], typed?: ReferenceCompletion): ReferenceItem[] {
  const all = typed === undefined ? names : [...localNames(typed.place.formula, typed.place.index), ...names];
  return all.map((n) => ({ label: '@' + n.name, insertText: n.name, detail: n.type, description: n.label ?? n.type }));
}
