// The cases of the fuzz campaign (scripts/fuzz-campaign.mjs) and what counts as a failure. A case is named by
// (kind, chunk, index): the chunk's seed gives the same 1,000 cases on every machine, so any case can be replayed.
//   formulas: a generated tree printed (test/formula/arbitraries.ts), a string of formula pieces, or a formula of a
//             seed system mutated (characters, pieces, numbers at the edges); through parse, check, compile,
//             evaluate (plain and traced), dist, and the CLI's roll and dist (their output included).
//   systems:  a seed system mutated at one place (test/schema/mutate.ts); through check and, when it checks clean,
//             load and a short sim of each fight.
// A failure is an exception that is not the engine's clear error, an error without a message or with an internal
// one, a dist result that is empty or not a number, a clean check that does not load, or a case that hangs.
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { run as runDist } from '../../engine/cli/dist';
import { run as runRoll } from '../../engine/cli/roll';
import { distributionOf } from '../../engine/formula/distribution';
import { checkFormula } from '../../engine/formula/check';
import { compileText, evaluateFormula, newEvalContext } from '../../engine/formula/compile';
import { parseFormula } from '../../engine/formula/parse';
import { printFormula } from '../../engine/formula/print';
import { FormulaRuntimeError } from '../../engine/formula/runtime';
import { createSymbolTable } from '../../engine/formula/symbols';
import type { UserFunction, Value } from '../../engine/formula/types';
import { checkSystem } from '../../engine/schema/check';
import type { SystemDocument } from '../../engine/schema/document';
import { loadSystem, runFight, SimError } from '../../engine/sim/index';
import { formulaPieces, node } from '../../test/formula/arbitraries';
import { mutate, paths, type Json } from '../../test/schema/mutate';

export const CHUNK = 1_000;

export interface Failure {
  readonly kind: 'formulas' | 'systems';
  readonly chunk: number;
  readonly index: number;
  readonly stage: string;
  readonly problem: string;
  /** The formula, or the mutation of the system (which seed, where, what). */
  readonly input: string;
}

export interface Outcome {
  readonly input: string;
  readonly failures: Omit<Failure, 'kind' | 'chunk' | 'index' | 'input'>[];
  /** What the case reached: parsed, checked clean, compiled, dist ok, loaded, fought. */
  readonly reached: readonly string[];
}

const root = new URL('../../', import.meta.url);

// ---- formulas -------------------------------------------------------------------------------------------

const FUNCTIONS = new Map<string, UserFunction>([
  ['throw', { params: ['n'], body: '((d(@n) + d(@n) - 1) % @n) + 1' }],
  ['twice', { params: ['x'], body: 'throw(6) + @x * 2' }],
  ['loop', { params: ['x'], body: '@x + loop(1)' }],
  ['none', { params: [], body: 'd6' }],
]);
const SYMBOLS = createSymbolTable(
  { a: { type: 'number', range: [1, 6] }, b: { type: 'boolean' }, 'a.b': { type: 'list' }, c: { type: 'any' }, n: { type: 'number', range: [0, 20] } },
  { functions: FUNCTIONS },
);
const VALUES: Record<string, Value> = { a: 3, b: true, 'a.b': ['fire', 'cold'], c: 2, n: 2 };
const resolve = (path: readonly string[]) => VALUES[path.join('.')];
/** The compiler's resolver gives a getter per reference. */
const getter = (path: readonly string[]) => {
  const value = resolve(path);
  return value === undefined ? undefined : () => value;
};

/** Every string of the seed systems that parses as a formula (and is not plain prose). */
function seedFormulas(): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      if (!['description', 'name', 'note', 'title', '$schema', 'id'].includes(key) && value.length < 200 && parseFormula(value).ast !== null) found.add(value);
    } else if (Array.isArray(value)) value.forEach((v) => walk(v, key));
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  for (const file of readdirSync(new URL('systems/', root))) if (file.endsWith('.json')) walk(JSON.parse(readFileSync(new URL(`systems/${file}`, root), 'utf8')), '');
  return [...found].sort();
}

let seeds: string[] | undefined;
const EDGE_NUMBERS = ['0', '-1', '1', '0.5', '1000000', '1000001', '1e21', '99999999999999999999', '2', '100', '10000', '10001'];
const PIECES = ['d', 'd0', 'd1', 'd2', '!', '!!', 'r1', 'r2', 'ro1', 'kh1', 'dl1', 'cs>=2', '(', ')', '?', ':', '-', 'not ', '@a', '@n', '@c', "'x'", 'true', ',', 'max(', 'throw(', 'twice(', 'loop(', 'none()', '[T]', '/0', '%0', '*', '+'];

/** A seed formula changed at a few places. */
const mutatedFormula: fc.Arbitrary<string> = fc
  .tuple(fc.nat(), fc.array(fc.tuple(fc.nat(3), fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }))
  .map(([which, edits]) => {
    seeds ??= seedFormulas();
    let text = seeds[which % seeds.length]!;
    for (const [kind, at, pick] of edits) {
      const i = text.length === 0 ? 0 : at % (text.length + 1);
      if (kind === 0) text = text.slice(0, i) + PIECES[pick % PIECES.length]! + text.slice(i);
      else if (kind === 1) text = text.slice(0, i) + text.slice(i + 1 + (pick % 3));
      else if (kind === 2) text = text.replace(/\d+(\.\d+)?/g, (m, _f, offset: number) => (offset >= i && offset < i + 8 ? EDGE_NUMBERS[pick % EDGE_NUMBERS.length]! : m));
      else text = text.slice(0, i) + text.slice(pick % (text.length + 1), (pick % (text.length + 1)) + 12) + text.slice(i);
    }
    return text;
  });

const formulaCase: fc.Arbitrary<string> = fc.oneof(
  node.map((ast) => printFormula(ast)),
  fc.string({ unit: formulaPieces, maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...PIECES, ...EDGE_NUMBERS), maxLength: 12 }),
  mutatedFormula,
  mutatedFormula,
);

function capture(): { io: { out(t: string): void; err(t: string): void }; text: () => string } {
  let all = '';
  return { io: { out: (t) => void (all += t), err: (t) => void (all += t) }, text: () => all };
}

/**
 * A message a designer can act on: not empty, not ours. What it quotes of the formula (`...`, a tag's [...], a
 * reference, the formula itself) is the user's text, not the engine's words: a tag named [_i8NaN] is not a NaN
 * (formulas:413:887, seed 17).
 */
export function unclear(message: string, input = ''): boolean {
  // The CLI's excerpt repeats the formula, and a reference is named with or without backticks
  // (formulas:473:520, `@NaNv_c`).
  let quoted = input === '' ? message : message.split(input).join('');
  // `--set NaNv_c=…`: the names the formula reads, bare.
  for (const [, name] of input.matchAll(/@([A-Za-z_][A-Za-z0-9_.]*)/g)) quoted = quoted.split(name!).join('');
  const own = quoted.replace(/`[^`]*`/g, '``').replace(/\[[A-Za-z_][A-Za-z0-9_]*\]/g, '[]').replace(/@[A-Za-z_][A-Za-z0-9_.]*/g, '@');
  return message.trim() === '' || /internal error|undefined|NaN|\[object|TypeError|RangeError|Maximum call stack|is not a function|Cannot read/.test(own);
}

export async function runFormula(text: string, seed: number): Promise<Outcome> {
  const failures: Outcome['failures'][number][] = [];
  const reached: string[] = [];
  const fail = (stage: string, problem: string) => failures.push({ stage, problem });
  const guard = async (stage: string, body: () => unknown): Promise<void> => {
    try {
      await body();
    } catch (err) {
      fail(stage, err instanceof Error ? `${err.name}: ${err.message}\n${(err.stack ?? '').split('\n').slice(1, 4).join('\n')}` : String(err));
    }
  };
  const parsed = parseFormula(text);
  for (const d of parsed.diagnostics) if (unclear(d.message, text) || d.span.start < 0 || d.span.end > text.length) fail('parse', `${d.code}: ${d.message} at ${d.span.start}-${d.span.end}`);
  const ast = parsed.ast;
  if (ast !== null) {
    reached.push('parsed');
    await guard('check', () => {
      const checked = checkFormula(ast, SYMBOLS);
      for (const d of checked.diagnostics) if (unclear(d.message, text) || d.code === 'internal' || d.span.start < 0 || d.span.end > text.length) fail('check', `${d.code}: ${d.message} at ${d.span.start}-${d.span.end}`);
      if (!checked.diagnostics.some((d) => d.severity === 'error')) reached.push('clean');
    });
    await guard('compile', () => {
      const compiled = compileText(text, { resolve: getter, functions: FUNCTIONS });
      if (!('formula' in compiled)) {
        for (const d of compiled.diagnostics) if (unclear(d.message, text)) fail('compile', `${d.code}: ${d.message}`);
        return;
      }
      reached.push('compiled');
      let rng = seed >>> 0;
      const random = { die: (sides: number) => 1 + ((rng = (Math.imul(rng, 1664525) + 1013904223) >>> 0) % sides), next: () => (rng = (Math.imul(rng, 1664525) + 1013904223) >>> 0) / 2 ** 32 };
      for (const trace of [false, true]) {
        try {
          const value = evaluateFormula(compiled.formula, newEvalContext(random, undefined, { trace }));
          if (typeof value === 'number' && Number.isNaN(value)) fail(trace ? 'evaluate-traced' : 'evaluate', 'NaN');
        } catch (err) {
          if (!(err instanceof FormulaRuntimeError) || unclear(err.message, text)) throw err;
        }
      }
    });
    await guard('dist', () => {
      const result = distributionOf(ast, { resolve, functions: FUNCTIONS });
      if (result.ok) {
        reached.push('dist');
        if (!Number.isFinite(result.mean) || result.pmf.length === 0) fail('dist', `ok with mean ${String(result.mean)} and ${result.pmf.length} values`);
      } else if (unclear(result.error.message, text)) fail('dist', `${result.error.code}: ${result.error.message}`);
    });
  }
  // The CLI, as a user types it (no functions there): exit 0, 1 or 2 with a message, never 70 or an exception.
  // One case in ten: the engine's stages above are the same code, and the CLI's printing is the slow part.
  if (seed % 10 !== 0) return { input: text, failures, reached };
  for (const [stage, command, args] of [
    ['cli-roll', runRoll, ['--seed', String(seed), '--set', 'a=3', '--set', 'n=2']],
    ['cli-dist', runDist, ['--set', 'a=3', '--set', 'n=2']],
    ['cli-roll-json', runRoll, ['--seed', String(seed), '--json']],
  ] as const) {
    await guard(stage, async () => {
      const out = capture();
      const code = await command([text, ...args], out.io);
      if (code !== 0 && code !== 1 && code !== 2) fail(stage, `exit ${code}: ${out.text().slice(0, 400)}`);
      else if (code !== 0 && unclear(out.text(), text)) fail(stage, `exit ${code}: ${out.text().slice(0, 400)}`);
    });
  }
  return { input: text, failures, reached };
}

export function formulaInputs(chunk: number, seed: number): string[] {
  return fc.sample(formulaCase, { seed: (seed ^ Math.imul(chunk + 1, 0x9e3779b1)) | 0, numRuns: CHUNK });
}

// ---- systems --------------------------------------------------------------------------------------------

interface Mutation {
  readonly doc: number;
  readonly path: (string | number)[];
  readonly how: string;
  readonly value: Json | undefined;
}

let docs: Json[] | undefined;
let leaves: (string | number)[][][] | undefined;

function systemDocs(): Json[] {
  docs ??= [
    JSON.parse(readFileSync(new URL('test/fixtures/systems/mini-d20.json', root), 'utf8')) as Json,
    ...readdirSync(new URL('systems/', root))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => {
        const doc = JSON.parse(readFileSync(new URL(`systems/${f}`, root), 'utf8')) as { bestiary?: Json[] } & Record<string, Json>;
        return (doc.bestiary && doc.bestiary.length > 5 ? { ...doc, bestiary: doc.bestiary.slice(0, 5) } : doc) as Json;
      }),
  ];
  leaves ??= docs.map((doc) => paths(doc).filter((path) => path.length > 0));
  return docs;
}

const NUMBERS: Json[] = [0, -1, 1, 2, 0.5, 20, 100, 1000, 1e6, 1e21, -1e9, 2.5];
const FORMULAS: Json[] = ['0', '-1', '1000', '@tier', '@level', '@hp', '-@hp.max', 'd20', '100d6', '(@tier)d6', '2d20kh1', '1 / 0', '0 / 0', 'true', '@edge', 'd(@tier)r1!', '2d2!r2', '@natural >= 10', 'd0', '10001d6', "'x'", ''];
const OTHERS: Json[] = [null, true, false, '', 'x', [], {}, [1], { a: 1 }];

const mutation: fc.Arbitrary<{ doc: number; at: number; how: number; pick: number }> = fc.record({ doc: fc.nat(), at: fc.nat(), how: fc.nat(5), pick: fc.nat() });

export function systemInputs(chunk: number, seed: number): Mutation[] {
  const all = systemDocs();
  return fc.sample(mutation, { seed: (seed ^ Math.imul(chunk + 1, 0x85ebca6b)) | 0, numRuns: CHUNK }).map(({ doc, at, how, pick }) => {
    const d = doc % all.length;
    const places = leaves![d]!;
    const path = places[at % places.length]!;
    const kinds = ['number', 'formula', 'other', 'delete', 'duplicate', 'number'] as const;
    const kind = kinds[how]!;
    const value = kind === 'number' ? NUMBERS[pick % NUMBERS.length] : kind === 'formula' ? FORMULAS[pick % FORMULAS.length] : kind === 'other' ? OTHERS[pick % OTHERS.length] : undefined;
    return { doc: d, path, how: kind, value };
  });
}

export function describeMutation(m: Mutation): string {
  return `doc ${m.doc} at /${m.path.join('/')}: ${m.how}${m.value === undefined ? '' : ` ${JSON.stringify(m.value)}`}`;
}

export function runSystem(m: Mutation, seed: number): Outcome {
  const failures: Outcome['failures'][number][] = [];
  const reached: string[] = [];
  const fail = (stage: string, problem: string) => failures.push({ stage, problem });
  const doc = systemDocs()[m.doc]!;
  const changed = mutate(doc, m.path, (parent, key) => {
    if (m.how === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else if (m.how === 'duplicate') {
      if (Array.isArray(parent)) parent.splice(Number(key), 0, structuredClone(parent[Number(key)]));
      else parent[`${String(key)}2`] = structuredClone(parent[key]);
    } else parent[key] = m.value;
  });
  const text = JSON.stringify(changed, null, 2);
  const input = describeMutation(m);
  let errors = 1;
  try {
    const checked = checkSystem(text);
    for (const d of checked.diagnostics) if (unclear(d.message) || d.code === 'internal' || typeof d.line !== 'number') fail('check', `${d.pointer} ${d.code}: ${d.message}`);
    errors = checked.diagnostics.filter((d) => d.severity === 'error').length;
  } catch (err) {
    fail('check', err instanceof Error ? `${err.name}: ${err.message}\n${(err.stack ?? '').split('\n').slice(1, 4).join('\n')}` : String(err));
  }
  if (errors > 0) return { input, failures, reached };
  reached.push('clean');
  try {
    const loaded = loadSystem(changed as unknown as SystemDocument);
    if (!loaded.ok) {
      fail('load', `checks clean but does not load: ${loaded.diagnostics.map((d) => `${d.pointer} ${d.message}`).join('; ').slice(0, 400)}`);
      return { input, failures, reached };
    }
    reached.push('loaded');
    for (const fight of (changed as unknown as SystemDocument).fights ?? []) {
      for (let i = 0; i < 2; i++) {
        try {
          runFight(loaded.system, fight.id, seed + i);
        } catch (err) {
          // The engine's own stop, for a designer's formula failing mid-fight, names the fight and the round.
          if (!(err instanceof SimError) || !(err.cause instanceof FormulaRuntimeError) || unclear(err.message)) throw err;
        }
      }
    }
    reached.push('fought');
  } catch (err) {
    fail('sim', err instanceof Error ? `${err.name}: ${err.message}\n${(err.stack ?? '').split('\n').slice(1, 4).join('\n')}` : String(err));
  }
  return { input, failures, reached };
}
