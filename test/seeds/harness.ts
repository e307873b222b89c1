// Shared helpers of the seed worked-example tests: load the real systems/*.json, evaluate their formulas with a
// rigged RNG (formula level), and read event logs of the real fight engine (fight level).
import { expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { compileText, evaluateFormula, newEvalContext } from '../../engine/formula/index';
import { renderChip } from '../../engine/formula/trace';
import type { CompiledFormula, EvalContext, RefGetter } from '../../engine/formula/runtime';
import type { Rng, Value } from '../../engine/formula/types';
import type { Check, Fight, SystemDocument } from '../../engine/schema/document';
import { fightLog, loadSystem, type FightEvent, type System } from '../../engine/sim/index';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export function systemText(id: string): string {
  return readFileSync(resolve(ROOT, 'systems', `${id}.json`), 'utf8');
}

export function systemDocument(id: string): SystemDocument {
  return JSON.parse(systemText(id)) as SystemDocument;
}

/** The runtime system, or an error naming every diagnostic that stops it from fighting. */
export function loadRuntime(doc: SystemDocument): System {
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(`${doc.id} does not load:\n${loaded.diagnostics.map((d) => JSON.stringify(d)).join('\n')}`);
  return loaded.system;
}

/** The document with extra fights (scripted turns, chosen line-ups) added for one test. */
export function withFights(doc: SystemDocument, fights: readonly (Fight & { readonly heroes: readonly unknown[] })[]): SystemDocument {
  return { ...doc, fights: [...(doc.fights ?? []), ...fights] as Fight[] };
}

export function log(system: System, fight: string, seed: number): FightEvent[] {
  return fightLog(system, fight, seed);
}

export type EventOf<T extends FightEvent['type']> = Extract<FightEvent, { type: T }>;

export function eventsOf<T extends FightEvent['type']>(events: readonly FightEvent[], type: T): EventOf<T>[] {
  return events.filter((e): e is EventOf<T> => e.type === type);
}

// ---------------------------------------------------------------------------------------------------------------
// Formula level: a rigged RNG and a small evaluator over named values.

/** Hands out the given faces in order (each must fit the die asked for), then fails loudly. */
export class RiggedRng implements Rng {
  private at = 0;
  readonly asked: number[] = [];
  constructor(private readonly faces: readonly number[]) {}
  die(sides: number): number {
    const face = this.faces[this.at++];
    this.asked.push(sides);
    if (face === undefined) throw new Error(`rigged RNG ran out of faces (a d${sides} was asked for)`);
    if (face < 1 || face > sides) throw new Error(`rigged face ${face} does not fit a d${sides}`);
    return face;
  }
  next(): number {
    return 0;
  }
  get used(): number {
    return this.at;
  }
}

interface Scope {
  readonly values: Readonly<Record<string, Value>>;
  roll: { natural: number; total: number; high: number; low: number; dice: readonly number[]; tags: Record<string, number> } | null;
}

function resolver(values: Readonly<Record<string, Value>>) {
  return (path: readonly string[]): RefGetter | undefined => {
    const key = path.join('.');
    if (key in values) return (ctx) => (ctx.scope as Scope).values[key]!;
    if (key === 'natural') return (ctx) => (ctx.scope as Scope).roll?.natural ?? 0;
    if (key === 'total') return (ctx) => (ctx.scope as Scope).roll?.total ?? 0;
    if (key === 'roll.high') return (ctx) => (ctx.scope as Scope).roll?.high ?? 0;
    if (key === 'roll.low') return (ctx) => (ctx.scope as Scope).roll?.low ?? 0;
    if (key === 'roll.dice') return (ctx) => (ctx.scope as Scope).roll?.dice ?? [];
    if (path[0] === 'roll' && path.length === 2) return (ctx) => (ctx.scope as Scope).roll?.tags[path[1]!] ?? 0;
    if (path[0] === 'mods') return () => 0;
    return undefined;
  };
}

function compile(doc: SystemDocument, text: string, values: Readonly<Record<string, Value>>): CompiledFormula {
  const functions = new Map(Object.entries(doc.functions ?? {}).map(([k, f]) => [k, { params: f.params, body: f.body }]));
  const compiled = compileText(text, { resolve: resolver(values), functions });
  if ('diagnostics' in compiled) throw new Error(`'${text}' does not compile: ${compiled.diagnostics.map((d) => d.message).join('; ')}`);
  return compiled.formula;
}

export interface Evaluation {
  readonly value: Value;
  readonly chip: string;
  readonly ctx: EvalContext;
}

/** Evaluates one formula of a document (its user functions available) with named values and rigged faces. */
export function evaluate(doc: SystemDocument, text: string, values: Readonly<Record<string, Value>>, rng: Rng): Evaluation {
  const scope: Scope = { values, roll: null };
  const ctx = newEvalContext(rng, scope, { trace: true });
  const value = evaluateFormula(compile(doc, text, values), ctx);
  return { value, chip: renderChip(ctx.trace ?? [], value), ctx };
}

export interface Judged {
  readonly total: number;
  readonly natural: number;
  readonly outcome: string | null;
  readonly degree: number | null;
  readonly chip: string;
  readonly facesUsed: number;
}

/**
 * A check of the document judged as spec §2.1 says: the roll once, then the outcomes in order, the first whose
 * `when` holds wins; its `degree` (which may throw again) is evaluated on the same rigged faces.
 */
export function judge(doc: SystemDocument, checkId: string, values: Readonly<Record<string, Value>>, faces: readonly number[]): Judged {
  const check: Check | undefined = doc.checks?.[checkId];
  if (!check) throw new Error(`no check '${checkId}' in ${doc.id}`);
  const rng = new RiggedRng(faces);
  const rolled = evaluate(doc, check.roll, values, rng);
  const kept = rolled.ctx.roll.kept;
  const roll = {
    natural: kept.reduce((a, b) => a + b, 0),
    total: Number(rolled.value),
    high: kept.length ? Math.max(...kept) : 0,
    low: kept.length ? Math.min(...kept) : 0,
    dice: [...rolled.ctx.roll.dice],
    tags: { ...rolled.ctx.roll.tags },
  };
  for (const outcome of check.outcomes ?? []) {
    const scope: Scope = { values, roll };
    const ctx = newEvalContext(rng, scope);
    if (evaluateFormula(compile(doc, outcome.when, values), ctx) !== true) continue;
    const degree = outcome.degree === undefined ? null : Number(evaluateFormula(compile(doc, outcome.degree, values), ctx));
    return { total: roll.total, natural: roll.natural, outcome: outcome.id, degree, chip: rolled.chip, facesUsed: rng.used };
  }
  return { total: roll.total, natural: roll.natural, outcome: null, degree: null, chip: rolled.chip, facesUsed: rng.used };
}

/** Runs seeds 1..n and returns the logs (fight-level examples search them for the situation they need). */
export function logsFor(system: System, fight: string, seeds: number): FightEvent[][] {
  const logs: FightEvent[][] = [];
  for (let seed = 1; seed <= seeds; seed++) logs.push(fightLog(system, fight, seed));
  return logs;
}

/**
 * A map log's `aside` move, checked and applied to `square`: one that got back up (the event `before` it) on a square
 * another standing one holds, moved to a free square, no walk.
 */
export function applyAside(e: Extract<FightEvent, { type: 'move' }>, before: FightEvent | null, square: Map<string, readonly [number, number]>,
  down: ReadonlySet<string>): void {
  const at = (s: readonly [number, number]): string => `${s[0]},${s[1]}`;
  expect(before?.type === 'heal' && before.target === e.target, `${e.target} moves aside only as it gets back up`).toBe(true);
  const from = square.get(e.target)!;
  expect(e.path![0]).toEqual(from);
  expect([...square].some(([id, s]) => id !== e.target && !down.has(id) && at(s) === at(from)), 'moved aside from a free square').toBe(true);
  square.set(e.target, e.toSquare!);
}

/**
 * One fight of a random-map property: `template`'s fight (its map rules) on a `width` x `height` map with walls,
 * difficult and cover squares at the given indices (mod its size), the heroes and the enemies (by bestiary id, each
 * list entry's id its id and index) walking by `movement`; null when they do not fit on its open squares. The fight
 * ends (its last event `fightEnd`); its log is returned for the caller's replay.
 */
export function fightRandomMap(system: System, template: string, width: number, height: number,
  squares: { walls: readonly number[]; difficult: readonly number[]; cover?: readonly number[] }, heroes: readonly string[],
  enemies: readonly { id: string; count: number }[], movement: (ids: readonly string[]) => Map<string, unknown>, seed: number): FightEvent[] | null {
  const terrain = new Uint8Array(width * height);
  for (const s of squares.walls) terrain[s % terrain.length] = 1;
  for (const s of squares.difficult) if (terrain[s % terrain.length] === 0) terrain[s % terrain.length] = 2;
  for (const s of squares.cover ?? []) if (terrain[s % terrain.length] === 0) terrain[s % terrain.length] = 4;
  const open = terrain.filter((t) => t !== 1).length;
  const count = heroes.length + enemies.reduce((n, e) => n + e.count, 0);
  if (count > open) return null;
  const entry = (def: ReturnType<System['compose']['hero']>, idBase: string, n: number) => {
    if (typeof def === 'string') throw new Error(def);
    return { def, count: n, idBase, position: 'near', conditions: [], arrives: 1 };
  };
  const base = system.fights.get(template)!;
  const fight = {
    ...base, id: 'random-map', maxRounds: 30,
    heroes: heroes.map((h) => entry(system.compose.hero(h), h, 1)),
    enemies: enemies.map((e, i) => entry(system.compose.bestiary(e.id), `${e.id}${i}`, e.count)),
    map: { rules: base.map!.rules, width, height, terrain, start: new Map(), movement: movement([...heroes, ...enemies.map((e, i) => `${e.id}${i}`)]) },
  };
  const events = fightLog(system, fight as unknown as Parameters<typeof fightLog>[1], seed);
  expect(events[events.length - 1]!.type).toBe('fightEnd');
  return events;
}
