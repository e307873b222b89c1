// What sits at an offset of a system's text, for the editor shells: the formula string under the cursor (hover,
// `@` completion) and the definition an id string names (go to definition). Offsets in, offsets out: the studio
// turns them into Monaco ranges, the language server into LSP ranges.
import { JsonLocator, documentOffsetToDecoded, type OffsetRange } from './jsonLocations';
import { definitionKindsForKey } from './definitions';
import type { Definition } from './types';

export interface FormulaPlace {
  /** JSON pointer of the formula field. */
  readonly pointer: string;
  /** The formula's decoded text. */
  readonly formula: string;
  /** The string literal, quotes included. */
  readonly literal: OffsetRange;
  /** The cursor's index in the decoded formula. */
  readonly index: number;
}

/** The formula string at `offset`, if the string there is a formula field (`isFormula` knows, from the last check). */
export function formulaPlace(text: string, offset: number, isFormula: (pointer: string) => boolean, locator = new JsonLocator(text)): FormulaPlace | null {
  const found = locator.stringValueAt(offset);
  if (!found || typeof found.node.value !== 'string' || !isFormula(found.pointer)) return null;
  return {
    pointer: found.pointer,
    formula: found.node.value,
    literal: { start: found.node.offset, end: found.node.offset + found.node.length },
    index: documentOffsetToDecoded(text, found.node, offset),
  };
}

export interface DefinitionTarget {
  readonly definition: Definition;
  /** The id string the cursor is on, quotes included. */
  readonly origin: OffsetRange;
  /** The defining member (key and value), and its first character's offset (where to put the cursor). */
  readonly member: OffsetRange;
}

/** Where the id string at `offset` is defined (`"check": "attack"` → `checks.attack`), if it names one. */
export function definitionAt(text: string, offset: number, definitions: readonly Definition[], locator = new JsonLocator(text)): DefinitionTarget | null {
  const found = locator.stringValueAt(offset);
  if (!found || typeof found.node.value !== 'string') return null;
  const parent = found.node.parent;
  const key = parent?.type === 'property' ? parent.children?.[0]?.value : undefined;
  const grand = parent?.type === 'array' ? parent.parent : undefined;
  const parentKey = grand?.type === 'property' ? grand.children?.[0]?.value : undefined;
  const kinds = definitionKindsForKey((key as string | undefined) ?? (parent?.type === 'array' ? 0 : undefined), parentKey as string | undefined);
  const id = found.node.value;
  const target = kinds.map((kind) => definitions.find((d) => d.kind === kind && d.id === id)).find((d): d is Definition => d !== undefined);
  if (!target || target.pointer === found.pointer) return null;
  const member = locator.memberRangeOfPointer(target.pointer);
  if (!member) return null;
  return { definition: target, origin: { start: found.node.offset, end: found.node.offset + found.node.length }, member };
}
