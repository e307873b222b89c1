// The static checker: types, references, calls, recursion and the limits of spec §1.3 that are knowable without
// running anything; plus a static range [min, max] for numeric formulas. Never evaluates.
//
// Ranges are sound intervals (the result always lies inside), null where unknown (an unranged reference, a
// division by something that may be 0, a boolean or string formula). Exploding dice are bounded by the runtime cap
// of 100 explosions per die (each explosion adds a die to the pool, as engine/dice/roll.ts rolls them): `d6!` lies
// in 1..606. So a range, when given, is always finite (JSON-safe); "unbounded" never appears.
// test/formula/range-soundness.test.ts checks the ranges against the compiler, seeded.
import { BUILTINS, type NumericRange } from './builtins';
import { parseFormula } from './parse';
import { callCycle, callLimitProblem, formulaShape } from './calls';
import { printFormula } from './print';
import { boundDice } from './nodes';
import { arithmeticRange, range } from './ranges';
import { endlessDie, planDice } from '../dice/roll';
import { alreadyReadable, layerSymbols } from './symbols';
import { didYouMean, editDistance, suggestNames } from './suggest';
import { compareCoverage, unmatchedEnds, modifierText } from './faces';
import {
  LIMITS,
  type DiceCompare,
  type FormulaDiagnostic,
  type FormulaNode,
  type Severity,
  type Span,
  type SymbolInfo,
  type SymbolTable,
  type UserFunction,
  type ValueType,
} from './types';

export type { NumericRange };
export { editDistance, suggestNames };

export interface CheckOptions {
  /** The type the field needs (a `when` needs a boolean). 'any' or absent: no requirement. */
  readonly expect?: ValueType;
  /** Formula nodes the checker may visit inside the bodies of the functions this formula calls (default LIMITS.maxCheckSteps). */
  readonly steps?: number;
}

export interface CheckResult {
  readonly type: ValueType;
  /** Sound numeric interval; null for non-numbers and where unknowable. */
  readonly range: NumericRange | null;
  readonly diagnostics: FormulaDiagnostic[];
  /** Formula nodes visited inside the bodies of the user functions called (the work the memo and budget bound). */
  readonly work: number;
}

interface Facts {
  readonly type: ValueType;
  readonly range: NumericRange | null;
}

const ANY: Facts = { type: 'any', range: null };
const BOOLEAN: Facts = { type: 'boolean', range: null };

const TYPE_WORDS: Record<ValueType, string> = {
  number: 'a number',
  boolean: 'a boolean (true or false)',
  string: 'a string',
  list: 'a list',
  any: 'any value',
};

function fits(expected: ValueType, actual: ValueType): boolean {
  return expected === 'any' || actual === 'any' || expected === actual;
}

/** A short quote of a node for messages: `@str.mod`, `2d6 + 3`. */
function quote(node: FormulaNode): string {
  const text = printFormula(node);
  return `\`${text.length > 40 ? `${text.slice(0, 39)}…` : text}\``;
}

function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

function constantOf(facts: Facts): number | undefined {
  return facts.range !== null && facts.range.min === facts.range.max ? facts.range.min : undefined;
}

/** What checking one user function's body with some argument facts found (diagnostics located in the body). */
interface CallFacts {
  readonly facts: Facts;
  readonly diagnostics: readonly FormulaDiagnostic[];
  readonly constantDice: number;
}

/** Checking the calls of one formula ran out of steps: reported once, at the call in the formula itself. */
class OutOfSteps {}

/**
 * Shared by every checker of one formula (the formula's own and those of the bodies it calls): the memo of
 * (function, argument facts) → CallFacts, the work left, and the table the bodies are checked over.
 * The memo makes a call graph that fans out cost its distinct calls, not its paths; the budget and the depth
 * limit bound the rest. Both are counted the same on every run, so a formula checks the same every time.
 */
class Session {
  readonly memo = new Map<string, CallFacts>();
  /** Formula nodes the checker may still visit inside function bodies (LIMITS.maxCheckSteps). */
  steps: number;
  constructor(
    readonly root: SymbolTable,
    readonly budget: number = LIMITS.maxCheckSteps,
  ) {
    this.steps = budget;
  }

  get work(): number {
    return this.budget - Math.max(0, this.steps);
  }
}

function factsKey(facts: Facts): string {
  return facts.range === null ? facts.type : `${facts.type}:${facts.range.min}:${facts.range.max}`;
}

class Checker {
  readonly diagnostics: FormulaDiagnostic[] = [];
  private constantDice = 0;
  private readonly tags = new Set<string>();
  /** The names the `let`s around the node being visited bind: their value's facts, whether faces are readable, reads. */
  private readonly locals = new Map<string, { facts: Facts; faces: boolean; reads: number }>();

  constructor(
    private readonly symbols: SymbolTable,
    private readonly session: Session,
    /** User functions being checked right now, outermost first: to stop at a cycle, and the call depth. */
    private readonly activeFunctions: readonly string[] = [],
    /** Whether this checker reads a function body (its nodes count against the session's steps). */
    private readonly inBody = false,
  ) {}

  report(severity: Severity, code: string, message: string, span: Span): void {
    this.diagnostics.push({ severity, code, message, span });
  }

  private expectType(node: FormulaNode, facts: Facts, expected: ValueType, context: string): void {
    if (fits(expected, facts.type)) return;
    this.report('error', 'type', `${quote(node)} is ${TYPE_WORDS[facts.type]}, but ${context} needs ${TYPE_WORDS[expected]}`, node.span);
  }

  /** Formula nodes open above (and including) the one being visited, in this checker's formula. */
  private depth = 0;
  /** A call of this formula is already over a limit (so its size as a whole is not reported as well). */
  private sizeOver = false;

  visit(node: FormulaNode): Facts {
    if (this.inBody && --this.session.steps < 0) throw new OutOfSteps();
    this.depth += 1;
    const facts = this.visitNode(node);
    this.depth -= 1;
    return facts;
  }

  private visitNode(node: FormulaNode): Facts {
    switch (node.kind) {
      case 'number':
        return { type: 'number', range: range(node.value, node.value) };
      case 'boolean':
        return BOOLEAN;
      case 'string':
        return { type: 'string', range: null };
      case 'ref':
        return this.reference(node);
      case 'unary': {
        const operand = this.visit(node.operand);
        if (node.op === 'not') {
          this.expectType(node.operand, operand, 'boolean', "'not'");
          return BOOLEAN;
        }
        this.expectType(node.operand, operand, 'number', "'-'");
        return { type: 'number', range: operand.range === null ? null : range(-operand.range.max, -operand.range.min) };
      }
      case 'binary':
        return this.binary(node);
      case 'conditional':
        return this.conditional(node);
      case 'call':
        return this.call(node);
      case 'dice':
        return this.dice(node);
      case 'let':
        return this.binding(node);
      case 'tag': {
        const operand = this.visit(node.operand);
        this.expectType(node.operand, operand, 'number', `the tag [${node.tag}]`);
        if (this.tags.has(node.tag)) {
          this.report('warning', 'tag', `the tag [${node.tag}] is used twice; @roll.${node.tag} keeps only the last`, node.span);
        }
        this.tags.add(node.tag);
        return { type: 'number', range: operand.range };
      }
    }
  }

  /** `let name = value in body`: the name must not hide anything this formula can read, and should be read. */
  private binding(node: Extract<FormulaNode, { kind: 'let' }>): Facts {
    const value = this.visit(node.value);
    const name = node.name;
    const hidden = this.locals.has(name) ? 'a name of an enclosing `let`' : alreadyReadable(this.symbols, name);
    if (hidden !== undefined) {
      this.report('error', 'shadow', `\`let ${name}\` would hide \`@${name}\`, ${hidden}; pick another name`, node.nameSpan);
    }
    const local = { facts: value, faces: boundDice(node.value) !== null, reads: 0 };
    const outer = this.locals.get(name);
    this.locals.set(name, local);
    const body = this.visit(node.body);
    if (outer === undefined) this.locals.delete(name);
    else this.locals.set(name, outer); // a hidden enclosing name (reported above) is read again after this body
    if (local.reads === 0) this.report('warning', 'unused', `\`${name}\` is never read after 'in': write \`@${name}\` where its value is needed`, node.nameSpan);
    return body;
  }

  private localReference(node: Extract<FormulaNode, { kind: 'ref' }>, local: { facts: Facts; faces: boolean; reads: number }): Facts {
    local.reads += 1;
    const name = node.path[0]!;
    if (node.path.length === 1) return local.facts;
    if (node.path.length === 2 && node.path[1] === 'faces') {
      if (local.faces) return { type: 'list', range: null };
      this.report('error', 'unknown-ref', `\`@${name}.faces\` reads the faces of a dice term: bind \`${name}\` to one, like \`let ${name} = 5d6 in …\``, node.span);
      return ANY;
    }
    this.report('error', 'unknown-ref', `\`@${name}\` is a name of a \`let\`: \`@${node.path.join('.')}\` reads nothing (only \`@${name}\` and, for dice, \`@${name}.faces\`)`, node.span);
    return ANY;
  }

  private reference(node: Extract<FormulaNode, { kind: 'ref' }>): Facts {
    const local = this.locals.get(node.path[0]!);
    if (local !== undefined) return this.localReference(node, local);
    const path = node.path.join('.');
    const info = this.symbols.lookup(path);
    if (info !== undefined) return this.factsOf(info);
    const explanation = this.symbols.explainUnknown?.(path);
    if (explanation !== undefined) {
      this.report('error', 'context', explanation, node.span);
      return ANY;
    }
    const suggestions = suggestNames(path, this.symbols.names());
    this.report('error', 'unknown-ref', `unknown reference \`@${path}\`${didYouMean(suggestions, '@')}`, node.span);
    return ANY;
  }

  private factsOf(info: SymbolInfo): Facts {
    if (info.type !== 'number' && info.type !== 'any') return { type: info.type, range: null };
    return { type: info.type, range: info.range === undefined ? null : range(info.range[0], info.range[1]) };
  }

  private binary(node: Extract<FormulaNode, { kind: 'binary' }>): Facts {
    const op = node.op;
    const left = this.visit(node.left);
    // The right side of and/or may never run: its dice are not sure to be rolled.
    const diceBefore = this.constantDice;
    const right = this.visit(node.right);
    if (op === 'and' || op === 'or') this.constantDice = diceBefore;
    if (op === 'and' || op === 'or') {
      this.expectType(node.left, left, 'boolean', `'${op}'`);
      this.expectType(node.right, right, 'boolean', `'${op}'`);
      return BOOLEAN;
    }
    if (op === '==' || op === '!=') {
      if (!fits(left.type, right.type)) {
        this.report('error', 'type', `cannot compare ${TYPE_WORDS[left.type]} (${quote(node.left)}) with ${TYPE_WORDS[right.type]} (${quote(node.right)})`, node.span);
      }
      return BOOLEAN;
    }
    this.expectType(node.left, left, 'number', `'${op}'`);
    this.expectType(node.right, right, 'number', `'${op}'`);
    if (op === '<' || op === '<=' || op === '>' || op === '>=') return BOOLEAN;
    if ((op === '/' || op === '%') && node.right.kind === 'number' && node.right.value === 0) {
      this.report('error', 'division-by-zero', `${op === '/' ? 'division' : 'remainder'} by zero: ${quote(node)}`, node.right.span);
      return { type: 'number', range: null };
    }
    return { type: 'number', range: arithmeticRange(op, left.range, right.range) };
  }

  private conditional(node: Extract<FormulaNode, { kind: 'conditional' }>): Facts {
    const test = this.visit(node.test);
    this.expectType(node.test, test, 'boolean', "the test of '? :'");
    // Only one branch runs: the dice surely rolled are the fewer of the two.
    const diceBefore = this.constantDice;
    const then = this.visit(node.then);
    const thenDice = this.constantDice - diceBefore;
    this.constantDice = diceBefore;
    const otherwise = this.visit(node.otherwise);
    this.constantDice = diceBefore + Math.min(thenDice, this.constantDice - diceBefore);
    if (!fits(then.type, otherwise.type)) {
      this.report(
        'error',
        'type',
        `the two choices of '? :' differ: ${quote(node.then)} is ${TYPE_WORDS[then.type]}, ${quote(node.otherwise)} is ${TYPE_WORDS[otherwise.type]}`,
        node.span,
      );
      return ANY;
    }
    const type = then.type === 'any' ? otherwise.type : then.type;
    const joined = then.range !== null && otherwise.range !== null ? range(Math.min(then.range.min, otherwise.range.min), Math.max(then.range.max, otherwise.range.max)) : null;
    return { type, range: type === 'number' || type === 'any' ? joined : null };
  }

  private call(node: Extract<FormulaNode, { kind: 'call' }>): Facts {
    const args = node.args.map((arg) => this.visit(arg));
    const builtin = BUILTINS.get(node.name);
    if (builtin !== undefined) {
      if (args.length < builtin.minArgs || args.length > builtin.maxArgs) {
        const wanted = builtin.maxArgs === Infinity ? `at least ${builtin.minArgs} arguments` : `${builtin.minArgs} argument${builtin.minArgs === 1 ? '' : 's'}`;
        this.report('error', 'arity', `${builtin.signature} takes ${wanted}, but got ${args.length}`, node.span);
        return { type: builtin.resultType, range: null };
      }
      args.forEach((facts, i) => this.expectType(node.args[i]!, facts, builtin.argType(i), `argument ${i + 1} of ${node.name}`));
      const result = builtin.range?.(args.map((facts) => facts.range)) ?? null;
      return { type: builtin.resultType, range: result === null ? null : range(result.min, result.max) };
    }
    const functions = this.symbols.functions;
    const userFunction = functions?.get(node.name);
    if (userFunction === undefined || functions === undefined) {
      const known = [...BUILTINS.keys(), ...(functions?.keys() ?? [])];
      this.report('error', 'unknown-function', `unknown function \`${node.name}\`${didYouMean(suggestNames(node.name, known), '')}`, node.nameSpan);
      return ANY;
    }
    if (args.length !== userFunction.params.length) {
      const params = userFunction.params.join(', ');
      this.report(
        'error',
        'arity',
        `${node.name}(${params}) takes ${userFunction.params.length} argument${userFunction.params.length === 1 ? '' : 's'}, but got ${args.length}`,
        node.span,
      );
      return ANY;
    }
    const cycle = callCycle(node.name, functions);
    if (cycle !== undefined) {
      const message =
        cycle[0] === node.name
          ? `function \`${node.name}\` calls itself (${cycle.join(' → ')}); recursion is not allowed`
          : `function \`${node.name}\` leads to recursion (${cycle.join(' → ')}); recursion is not allowed`;
      this.report('error', 'recursion', message, node.nameSpan);
      return ANY;
    }
    if (this.activeFunctions.includes(node.name)) return ANY;
    if (this.inBody) return this.userFunctionResult(node, userFunction, args);
    // The formula's own calls answer for everything below them: the limits every walker of the formula relies
    // on (call depth, nesting, size with the bodies in place; known from the call graph alone) and the steps.
    const problem = callLimitProblem(node.name, functions, this.activeFunctions, this.depth);
    if (problem !== undefined) {
      this.sizeOver = true;
      // In a function's body, only where the body crosses a limit: a callee over it alone reports it in its own.
      const own = problem.own;
      const calleeFits = problem.which === 'height' ? own.height <= LIMITS.maxCallDepth : problem.which === 'nesting' ? own.nesting <= LIMITS.maxNesting : own.size <= LIMITS.maxExpandedSize;
      if (this.activeFunctions.length === 0 || calleeFits) this.report('error', 'limit', `${quote(node)} ${problem.message}`, node.span);
      return ANY;
    }
    try {
      return this.userFunctionResult(node, userFunction, args);
    } catch (thrown) {
      if (!(thrown instanceof OutOfSteps)) throw thrown;
      this.report(
        'error',
        'limit',
        `checking ${quote(node)} takes more than ${formatCount(this.session.budget)} steps: the functions it calls call each other too many times; call fewer functions or simplify them`,
        node.span,
      );
      return ANY;
    }
  }

  /**
   * The body's type and range with the arguments' facts for its parameters. Problems of the body itself are
   * reported where it is defined (checkFunctionBody); problems only these arguments cause (`throw(true)`,
   * `throw(0)` rolling a d0) are reported here, at the call.
   */
  private userFunctionResult(call: Extract<FormulaNode, { kind: 'call' }>, fn: UserFunction, args: readonly Facts[]): Facts {
    const result = this.callFacts(call.name, fn, args);
    if (result === null) return ANY;
    this.constantDice += result.constantDice;
    if (result.diagnostics.length > 0) {
      const general = this.callFacts(call.name, fn, fn.params.map(() => ANY));
      const known = new Set(general?.diagnostics.map((d) => `${d.span.start}:${d.span.end}:${d.message}`));
      const reported = new Set<string>();
      for (const diagnostic of result.diagnostics) {
        // Once per message: every place in the body a bad argument reaches would say the same at the same call.
        if (known.has(`${diagnostic.span.start}:${diagnostic.span.end}:${diagnostic.message}`) || reported.has(diagnostic.message)) continue;
        reported.add(diagnostic.message);
        this.report(diagnostic.severity, diagnostic.code, `in ${quote(call)}: ${diagnostic.message}`, call.span);
      }
    }
    return result.facts;
  }

  /** The facts of `name`'s body for these argument facts, memoised per session; throws OutOfSteps. */
  private callFacts(name: string, fn: UserFunction, args: readonly Facts[]): CallFacts | null {
    const parsed = parseFormula(fn.body);
    if (parsed.ast === null) return null;
    const calling = [...this.activeFunctions, name];
    const key = `${name}\u0000${args.map(factsKey).join('\u0000')}`;
    const known = this.session.memo.get(key);
    if (known !== undefined) return known;
    const withArgs = new Map<string, SymbolInfo>();
    fn.params.forEach((param, i) => {
      const facts = args[i]!;
      withArgs.set(param, facts.range === null ? { type: facts.type } : { type: facts.type, range: [facts.range.min, facts.range.max] });
    });
    // Over the formula's own table, never the caller's: a body reads its parameters, not its caller's.
    const inner = new Checker(layerSymbols(withArgs, this.session.root), this.session, calling, true);
    const facts = inner.visit(parsed.ast);
    const result: CallFacts = { facts, diagnostics: inner.diagnostics, constantDice: inner.constantDice };
    this.session.memo.set(key, result);
    return result;
  }

  private dice(node: Extract<FormulaNode, { kind: 'dice' }>): Facts {
    let count: NumericRange | null = { min: 1, max: 1 };
    if (node.count !== null) {
      const facts = this.visit(node.count);
      this.expectType(node.count, facts, 'number', 'the number of dice');
      count = facts.range === null ? null : { min: Math.max(0, facts.range.min), max: Math.max(0, facts.range.max) };
      const constant = constantOf(facts);
      if (constant !== undefined) {
        if (!Number.isInteger(constant) || constant < 0) {
          this.report('error', 'dice', `the number of dice must be a whole number of at least 0, not ${constant}`, node.count.span);
          return { type: 'number', range: null };
        }
        if (constant > LIMITS.maxDicePerEvaluation) {
          this.report('error', 'limit', `${quote(node)} rolls ${formatCount(constant)} dice; at most ${formatCount(LIMITS.maxDicePerEvaluation)} dice are rolled per evaluation`, node.span);
          return { type: 'number', range: null };
        }
      } else if (count !== null && count.max > LIMITS.maxDicePerEvaluation) {
        this.report('warning', 'limit', `${quote(node)} may roll up to ${formatCount(count.max)} dice; at most ${formatCount(LIMITS.maxDicePerEvaluation)} are rolled per evaluation`, node.span);
      }
    }
    if (count !== null) this.constantDice += Math.max(0, count.min);

    // Faces of one die: fate -1..1, else 1..sides (sides as known).
    let faces: NumericRange | null;
    let facesConstant = false;
    if (node.sides.kind === 'fate') {
      faces = { min: -1, max: 1 };
      facesConstant = true;
    } else {
      const sidesNode = node.sides.value;
      const facts = this.visit(sidesNode);
      this.expectType(sidesNode, facts, 'number', 'the size of a die');
      const constant = constantOf(facts);
      if (constant !== undefined) {
        if (!Number.isInteger(constant) || constant < 1) {
          this.report('error', 'dice', `a die needs a whole number of sides, at least 1, not ${constant}`, sidesNode.span);
          return { type: 'number', range: null };
        }
        if (constant > LIMITS.maxDieSize) {
          this.report('error', 'limit', `a die of ${formatCount(constant)} sides is over the limit of ${formatCount(LIMITS.maxDieSize)}`, sidesNode.span);
          return { type: 'number', range: null };
        }
        faces = { min: 1, max: constant };
        facesConstant = true;
      } else {
        faces = facts.range === null ? null : range(1, Math.max(1, Math.floor(facts.range.max)));
        if (facts.range !== null && (facts.range.max > LIMITS.maxDieSize || facts.range.min < 1)) {
          this.report(
            'warning',
            'limit',
            `the size of ${quote(node)} may be ${facts.range.min < 1 ? `below 1 (${facts.range.min})` : `over ${formatCount(LIMITS.maxDieSize)} (${formatCount(facts.range.max)})`}`,
            sidesNode.span,
          );
        }
      }
    }
    return { type: 'number', range: this.modifiers(node, count, faces, facesConstant) };
  }

  /**
   * Checks the modifiers and works out the term's range, with the rolling semantics of engine/dice/roll.ts:
   * each die is rerolled (`r` until no compare matches, then `ro` once), every explosion adds a die of its own to
   * the pool (at most 100 per die), keep/drop then act on the pool in written order, and the value is the sum of
   * the kept faces (or, with `cs`, how many kept dice pass).
   */
  private modifiers(node: Extract<FormulaNode, { kind: 'dice' }>, count: NumericRange | null, faces: NumericRange | null, facesConstant: boolean): NumericRange | null {
    const quoted = quote(node);
    const rerollUntil: DiceCompare[] = [];
    const explode: (DiceCompare | null)[] = [];
    let rerollOnce = false;
    let successes = false;
    for (const modifier of node.modifiers) {
      if (modifier.kind === 'reroll') {
        if (modifier.once) rerollOnce = true;
        else rerollUntil.push(modifier.compare);
      } else if (modifier.kind === 'explode') explode.push(modifier.compare);
      else if (modifier.kind === 'successes') successes = true;
    }

    let low = faces?.min ?? 1;
    let high = faces?.max ?? Infinity;
    if (facesConstant && faces !== null) {
      const top = faces.max;
      // Each compare alone: one that matches no face does nothing; a reroll-once of every face is pointless.
      for (const modifier of node.modifiers) {
        if (modifier.kind !== 'reroll' && modifier.kind !== 'explode') continue;
        const compare = modifier.compare;
        const coverage = compare === null ? (faces.min === faces.max ? 'all' : 'some') : compareCoverage(compare, faces.min, faces.max);
        if (coverage === 'none') {
          this.report('warning', 'dice', `'${modifierText(modifier)}' never matches a face of ${quoted}, so it does nothing`, node.span);
        } else if (coverage === 'all' && modifier.kind === 'reroll' && modifier.once) {
          this.report('error', 'limit', `${quoted} rerolls every face, so the reroll is pointless`, node.span);
          return null;
        }
      }
      // Together: rerolls that leave no face, or explosions on every face a roll can settle on, never stop. The
      // roller's own test (engine/dice/roll.ts), so the editor, roll and dist refuse the same dice.
      const endless = endlessDie(planDice(node.modifiers), faces.min, faces.max);
      if (endless !== null) {
        const what = endless.startsWith('rerolling') ? 'rerolls every face' : rerollUntil.length > 0 ? 'explodes on every face it can settle on' : 'explodes on every face';
        this.report('error', 'limit', `${quoted} ${what}, so it would never stop`, node.span);
        return null;
      }
      const survivors = unmatchedEnds(rerollUntil, faces.min, faces.max, top)!;
      // A reroll-once may land on any face again.
      if (!rerollOnce) [low, high] = survivors;
    }

    for (const modifier of node.modifiers) {
      if (modifier.kind !== 'keep' && modifier.kind !== 'drop') continue;
      const constantCount = count !== null && count.min === count.max && explode.length === 0 ? count.min : undefined;
      if (constantCount !== undefined && modifier.count > constantCount) {
        this.report('warning', 'dice', `${quoted} ${modifier.kind === 'keep' ? 'keeps' : 'drops'} ${modifier.count} of only ${constantCount} dice`, node.span);
      }
    }

    if (count === null) return null;
    // The pool: the dice rolled, plus up to 100 explosions each.
    const poolMax = explode.length > 0 ? count.max * (1 + LIMITS.maxExplosionsPerDie) : count.max;
    let kept: NumericRange = { min: count.min, max: poolMax };
    for (const modifier of node.modifiers) {
      // Both maps grow with the pool size, so they carry its ends.
      if (modifier.kind === 'keep') kept = { min: Math.min(kept.min, modifier.count), max: Math.min(kept.max, modifier.count) };
      else if (modifier.kind === 'drop') kept = { min: Math.max(0, kept.min - modifier.count), max: Math.max(0, kept.max - modifier.count) };
    }
    if (successes) return range(0, kept.max);
    return range(low >= 0 ? kept.min * low : kept.max * low, high >= 0 ? kept.max * high : kept.min * high);
  }

  /** Called once at the end: the dice the whole formula surely rolls, over the per-evaluation budget; its size. */
  finish(root: FormulaNode): void {
    const functions = this.symbols.functions;
    if (functions !== undefined && !this.sizeOver) {
      const size = formulaShape(root, functions).size;
      if (size > LIMITS.maxExpandedSize) {
        this.report(
          'error',
          'limit',
          `this formula grows to ${formatCount(size)} parts with the bodies of the functions it calls in place (each call puts its function's whole body there); at most ${formatCount(LIMITS.maxExpandedSize)} fit, so call functions from fewer places`,
          root.span,
        );
      }
    }
    const alreadyReported = this.diagnostics.some((d) => d.code === 'limit' && d.severity === 'error');
    if (!alreadyReported && this.constantDice > LIMITS.maxDicePerEvaluation) {
      this.report('error', 'limit', `this formula rolls at least ${formatCount(this.constantDice)} dice; at most ${formatCount(LIMITS.maxDicePerEvaluation)} are rolled per evaluation`, root.span);
    }
  }
}

/** Checks a parsed formula against what its context may read. Never evaluates, never throws for bad input. */
export function checkFormula(ast: FormulaNode, symbols: SymbolTable, options: CheckOptions = {}): CheckResult {
  const session = new Session(symbols, options.steps);
  const checker = new Checker(symbols, session);
  const facts = checker.visit(ast);
  checker.finish(ast);
  const expected = options.expect;
  if (expected !== undefined && !fits(expected, facts.type)) {
    checker.report('error', 'type', `this field needs ${TYPE_WORDS[expected]}, but the formula gives ${TYPE_WORDS[facts.type]}`, ast.span);
  }
  const type = facts.type === 'any' && expected !== undefined ? expected : facts.type;
  return { type, range: type === 'number' || type === 'any' ? facts.range : null, diagnostics: checker.diagnostics, work: session.work };
}

/**
 * Checks a user function's body where it is defined (`functions.<name>.body`): its parameters read as
 * `@<param>` (any type), over `symbols`. Diagnostics are located in the body text. Recursion is reported too.
 */
export function checkFunctionBody(name: string, fn: UserFunction, symbols: SymbolTable): CheckResult & { readonly ast: FormulaNode | null } {
  const parsed = parseFormula(fn.body);
  if (parsed.ast === null) return { ast: null, type: 'any', range: null, diagnostics: [...parsed.diagnostics], work: 0 };
  const params = new Map<string, SymbolInfo>(fn.params.map((param) => [param, { type: 'any' }]));
  const own = layerSymbols(params, symbols);
  const session = new Session(own);
  const checker = new Checker(own, session, [name]);
  const facts = checker.visit(parsed.ast);
  checker.finish(parsed.ast);
  const functions = symbols.functions;
  if (functions !== undefined && !checker.diagnostics.some((d) => d.code === 'recursion')) {
    const cycle = callCycle(name, functions);
    if (cycle !== undefined) {
      checker.report('error', 'recursion', `function \`${name}\` calls itself (${cycle.join(' → ')}); recursion is not allowed`, parsed.ast.span);
    }
  }
  return { ast: parsed.ast, type: facts.type, range: facts.range, diagnostics: checker.diagnostics, work: session.work };
}
