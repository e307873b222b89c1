// The shared vocabulary of the formula language: AST, values, diagnostics, symbols, RNG.
// Every phase (parser, checker, compiler, distributions, schema checker, simulator) speaks these types.

/** Half-open character range [start, end) inside the formula text (0-based UTF-16 offsets). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export type BinaryOp =
  | '+' | '-' | '*' | '/' | '%'
  | '==' | '!=' | '<' | '<=' | '>' | '>='
  | 'and' | 'or';

export type UnaryOp = '-' | 'not';

export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

/** `>=5` in `!>=5`, `r<=2`, `cs>=6`; a bare number (`r1`) is `==`. */
export interface DiceCompare {
  readonly op: CompareOp;
  readonly value: number;
}

export type DiceModifier =
  /** kh / kl / dh / dl with a count (default 1). */
  | { readonly kind: 'keep'; readonly which: 'high' | 'low'; readonly count: number }
  | { readonly kind: 'drop'; readonly which: 'high' | 'low'; readonly count: number }
  /** `!` (explode on max) or `!>=5`. */
  | { readonly kind: 'explode'; readonly compare: DiceCompare | null }
  /** `r1`, `r<=2` (until it passes) or `ro<3` (once). */
  | { readonly kind: 'reroll'; readonly once: boolean; readonly compare: DiceCompare }
  /** `cs>=6`: the term's value is how many dice pass. */
  | { readonly kind: 'successes'; readonly compare: DiceCompare };

export type DiceSides =
  | { readonly kind: 'number'; readonly value: FormulaNode } // d20, d(@might), d% is { number 100 }
  | { readonly kind: 'fate' }; // dF: -1, 0, +1

export type FormulaNode =
  | { readonly kind: 'number'; readonly value: number; readonly span: Span }
  | { readonly kind: 'boolean'; readonly value: boolean; readonly span: Span }
  | { readonly kind: 'string'; readonly value: string; readonly span: Span }
  /** `@str.mod` → path ['str', 'mod']. */
  | { readonly kind: 'ref'; readonly path: readonly string[]; readonly span: Span }
  | { readonly kind: 'unary'; readonly op: UnaryOp; readonly operand: FormulaNode; readonly span: Span }
  | {
      readonly kind: 'binary';
      readonly op: BinaryOp;
      readonly left: FormulaNode;
      readonly right: FormulaNode;
      readonly span: Span;
    }
  | {
      readonly kind: 'conditional';
      readonly test: FormulaNode;
      readonly then: FormulaNode;
      readonly otherwise: FormulaNode;
      readonly span: Span;
    }
  /** Built-in (`max`) or user function (`throw`) call. */
  | {
      readonly kind: 'call';
      readonly name: string;
      readonly nameSpan: Span;
      readonly args: readonly FormulaNode[];
      readonly span: Span;
    }
  /** `3d6kh2!`: count null means one die. */
  | {
      readonly kind: 'dice';
      readonly count: FormulaNode | null;
      readonly sides: DiceSides;
      readonly modifiers: readonly DiceModifier[];
      readonly span: Span;
    }
  /** `d12[Hope]` or `(2d6)[Damage]`: the term's value, readable afterwards as `@roll.<tag>`. */
  | { readonly kind: 'tag'; readonly tag: string; readonly operand: FormulaNode; readonly span: Span }
  /**
   * `let pool = 5d6 in count(@pool.faces, 6)`: `value` is evaluated once, and `body` reads it as `@name` (every read
   * the same number) and, when `value` is a dice term, its kept faces as the list `@name.faces`.
   */
  | {
      readonly kind: 'let';
      readonly name: string;
      readonly nameSpan: Span;
      readonly value: FormulaNode;
      readonly body: FormulaNode;
      readonly span: Span;
    };

export type NodeKind = FormulaNode['kind'];

/** Runtime values. Lists are strings (tags, conditions, resistances) or numbers (`@roll.dice`). */
export type Value = number | boolean | string | readonly string[] | readonly number[];

export type ValueType = 'number' | 'boolean' | 'string' | 'list' | 'any';

export type Severity = 'error' | 'warning' | 'info';

/** A problem in one formula, located by a character range inside the formula text. */
export interface FormulaDiagnostic {
  readonly severity: Severity;
  readonly message: string;
  readonly span: Span;
  /** Machine-readable kind, e.g. 'syntax', 'unknown-ref', 'type', 'arity', 'recursion', 'limit', 'context'. */
  readonly code: string;
}

export interface SymbolInfo {
  readonly type: ValueType;
  /** Human label for chips: `@str.mod` → 'Strength'. */
  readonly label?: string;
  /** Known range, used by the checker's min/max (e.g. @tier is 1..6). */
  readonly range?: readonly [number, number];
}

export interface UserFunction {
  readonly params: readonly string[];
  readonly body: string;
  /** The body's tree, when the caller has parsed it already (the compiler then parses nothing again). */
  readonly ast?: FormulaNode | null;
}

/**
 * What a formula may read in its context. The schema checker builds one per context (spec §1.2);
 * the CLI builds one from `--set`.
 */
export interface SymbolTable {
  /** Look up a dotted path without the `@` (`str.mod`, `target.dex.mod`, `roll.Hope`). */
  lookup(path: string): SymbolInfo | undefined;
  /** Every name readable here, for "did you mean" and completion. */
  names(): Iterable<string>;
  /** User functions of the document (`functions`). */
  readonly functions?: ReadonlyMap<string, UserFunction>;
  /** For a name unknown here but known elsewhere: where it is allowed ("`@tier` is only readable in templates"). */
  explainUnknown?(path: string): string | undefined;
}

/** Injected seeded random source: same seed, same numbers on every machine. */
export interface Rng {
  /** Uniform integer in 1..sides. */
  die(sides: number): number;
  /** Uniform float in [0, 1). */
  next(): number;
  /**
   * Told before a pool of `count` dice of `sides` faces whose order nothing reads (a plain `NdX`, a keep or drop, a
   * count of successes: every die drawn once) draws them, one `die(sides)` each. Only the exact fight solver has it
   * (engine/sim/exact-walk.ts): it forks the pool by its multiset of faces instead of face by face.
   */
  pool?(count: number, sides: number): void;
}

/** Limits of spec §1.3. */
export const LIMITS = Object.freeze({
  maxDicePerEvaluation: 10_000,
  maxDieSize: 1_000_000,
  maxExplosionsPerDie: 100,
  maxDepth: 64,
  maxLength: 2_000,
  /** User-function calls open at once (`f` calling `g` calling `h` is 3), for the checker, compiler and loader. */
  maxCallDepth: 64,
  /**
   * Depth of a formula with the bodies of the user functions it calls in place (the root, each operator, call and
   * die is one level): what every recursive walker (checker, compiler, evaluation, trace) may meet.
   */
  maxNesting: 1_000,
  /** Nodes of a formula with the bodies of the functions it calls in place (a body called twice counts twice). */
  maxExpandedSize: 50_000,
  /** Formula nodes the checker visits inside the bodies of the user functions one formula calls. */
  maxCheckSteps: 100_000,
});
