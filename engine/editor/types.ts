// What the editor shells (the studio's Monaco, the language server) are told about a system's text. Positions are
// 1-based lines and columns like `check --json` (UTF-16 code units), or 0-based offsets into the text.

export type Severity = 'error' | 'warning' | 'info';

/** One problem in a system's text, as the engine reports it (1-based lines and columns, like `check --json`). */
export interface EditorDiagnostic {
  readonly severity: Severity;
  readonly message: string;
  readonly source: string;
  readonly pointer: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

export type FormulaTokenKind = 'number' | 'dice' | 'ref' | 'function' | 'operator' | 'string' | 'keyword' | 'tag';

/** A token of a formula, in document offsets (the colouring of formula strings). */
export interface FormulaToken {
  readonly start: number;
  readonly end: number;
  readonly kind: FormulaTokenKind;
}

export type DefinitionKind = 'check' | 'condition' | 'ability' | 'hero' | 'fight' | 'bestiary' | 'function' | 'template';

/** Where an id is defined (go to definition). */
export interface Definition {
  readonly kind: DefinitionKind;
  readonly id: string;
  readonly pointer: string;
}

export interface CompletionName {
  readonly name: string;
  readonly type: string;
  readonly label?: string;
}

export interface Distribution {
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  readonly stdev: number;
  readonly pmf: readonly (readonly [number, number])[];
}

export interface FormulaInfo {
  /** The formula's exact distribution, or why there is none. */
  readonly distribution: Distribution | null;
  readonly problem?: string;
  /** Values assumed for references that are unknown until a fight (`@str.mod` = 3). */
  readonly samples: Readonly<Record<string, number>>;
  /** On an attack check's roll: the chance to meet `defence`. */
  readonly hit?: { readonly defence: number; readonly chance: number };
  /** Whose sheet the formula sits in and the values read from it (`Guardian's sheet`, `the standard template at tier 2`). */
  readonly sheet?: { readonly label: string; readonly values: Readonly<Record<string, number>> };
  /** The formula again with one reference swept over a few values (`@tier` 1–6, a stat across its range). */
  readonly sweep?: { readonly name: string; readonly points: readonly { readonly value: number; readonly distribution: Distribution }[] };
  /** The formula reads `@tier` (or sits in a template): the tier it was read at, and the tiers a hover may offer. */
  readonly tier?: { readonly value: number; readonly choices: readonly number[] };
}
