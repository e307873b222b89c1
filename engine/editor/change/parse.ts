/**
 * A change asked in words, read without a network and the same way every time: English or Portuguese (pt-BR).
 *
 * The grammar. A request is a bag of phrases in any order, each of them one of (words in engine/editor/change/words.ts):
 *
 * - **who**: a role of the system's templates, by its `role` or `name`, singular or plural (`bosses`, `elder
 *   vampires`); the spec's four roles also by their usual words (`minions`/`lacaios`, `standard`/`padrão`,
 *   `elites`, `bosses`/`chefes`); several joined by `and`/`e`; or every role (`enemies`, `todos os inimigos`).
 * - **where**: tiers, inside the system's `tiers`: `from tier 3`, `tier 3 and up`, `tier 3+`, `above tier 2`,
 *   `up to tier 2`, `below tier 3`, `tiers 2-4`, `tiers 2 to 4`, `between tiers 2 and 4`, `at tier 4`, `at tiers 5
 *   and 6`, `tiers 1, 3 and 5`, `every tier`; `a partir do tier 3`, `do tier 3 em diante`, `tier 3 ou mais`, `até o
 *   tier 2`, `do tier 2 ao 4`, `entre os tiers 2 e 4`, `no tier 4`, `nos tiers 5 e 6`. None: every tier.
 * - **what**: `harder` / `mais difíceis` (+25% hit points and +1 defence), `easier` / `mais fáceis` (−20% hit points,
 *   −1 defence), `hit harder` / `batem mais forte` (+25% damage), `hit softer` / `batem mais fraco` (−20% damage),
 *   `hit more often` / `acertam mais` (+1 attack), `hit less often` / `acertam menos` (−1 attack); or a number
 *   (`hit points`/`hp`/`pontos de vida`/`vida`, `defence`/`defense`/`AC`/`defesa`, `attack`/`ataque`, `damage`/`dano`)
 *   with an amount: `half`/`metade` (×0.5), `double`/`twice`/`dobro` (×2), `triple` (×3),
 *   `N times`/`N vezes`/`xN`, `N%` with `more`/`less`/`increase`/`reduce`/`mais`/`menos`/`aumente`/`reduza` (or
 *   `+N%`/`-N%`), `N% of` / `N% dos` (that share), `+N`/`-N`, `N more`/`N less`/`N a mais`/`N a menos`, `by N`/`em N`
 *   after a word for more or less. A number with only a word for more or less (`more hit points`, `mais dano`) moves
 *   by the default: hit points and damage ±25% (less: −20%), defence and attack ±1.
 * - the grid: `this system is gridless`, `no grid`, `without a grid` / `esse sistema é sem grade`, `sem grade`, and
 *   `uses a grid` / `usa grade` (the document's `grid`).
 *
 * Words such as `make`, `the`, `have`, `deixe`, `os`, `têm` carry nothing. Any other word, a number that belongs to
 * nothing, an amount without its number or a number without its amount, and a tier outside the system's, refuse the
 * whole request, saying what was understood and what was not. Accents and case do not matter.
 */
import type { TierRange } from '../../schema/tiers';
import {
  AFTER_NUMBER, ALL_ROLES, DIRECTION_WORDS, EVERY_TIER, FACTOR_WORDS, FILLERS, GRID_WORDS, LIST_JOINERS, NUMBER_WORDS, PERCENT_WORDS,
  PRESET_WORDS, PRESETS, RANGE_JOINERS, ROLE_SYNONYMS, SHARE_OF, STAT_WORDS, TIER_AFTER, TIER_BEFORE, TIER_WORDS, TIMES_WORDS,
  type Direction, type Preset, type Stat,
} from './words';

export type { Stat } from './words';

export interface RoleInfo {
  readonly role: string;
  readonly name?: string;
}

export interface ParseContext {
  /** The system's templates' roles (and names), in document order. */
  readonly roles: readonly RoleInfo[];
  readonly tiers: TierRange;
}

/** One number of a template changed: multiplied (`times`) or moved by a whole amount (`plus`). */
export interface StatChange {
  readonly stat: Stat;
  readonly op: 'times' | 'plus';
  readonly by: number;
  /** How the request said it (`harder`, `half`, `+2`, `50% more`). */
  readonly said: string;
}

export type ChangeRequest =
  | { readonly kind: 'grid'; readonly grid: boolean }
  | {
      readonly kind: 'template';
      readonly roles: readonly string[];
      /** The tiers changed, lowest first. */
      readonly tiers: readonly number[];
      /** Every tier of the system: the formula is changed as a whole, with no test of `@tier`. */
      readonly allTiers: boolean;
      readonly changes: readonly StatChange[];
    };

export type ParsedRequest =
  | { readonly ok: true; readonly request: ChangeRequest; readonly understood: readonly string[] }
  | { readonly ok: false; readonly understood: readonly string[]; readonly notUnderstood: readonly string[]; readonly missing: readonly string[] };

export const MAX_REQUEST_LENGTH = 500;

export const STAT_NAMES: Readonly<Record<Stat, string>> = { hp: 'hit points', defence: 'defence', attack: 'attack', damage: 'damage' };

interface Token {
  readonly w: string;
  readonly n?: number;
  /** Written against the token before it, with no space (`3+`). */
  readonly glued: boolean;
}

type Amount =
  | { readonly kind: 'factor'; readonly factor: number; readonly said: string }
  | { readonly kind: 'pct'; readonly value: number; readonly share: boolean }
  | { readonly kind: 'plain'; readonly value: number };

type Item =
  | { readonly t: 'stat'; readonly at: number; readonly stat: Stat }
  | { readonly t: 'preset'; readonly at: number; readonly preset: Preset }
  | { readonly t: 'amount'; readonly at: number; readonly amount: Amount; readonly dir?: Direction }
  | { readonly t: 'dir'; readonly at: number; readonly dir: Direction };

/** Lower case, no accents, apostrophes and dashes made plain. */
export function normalizeRequest(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[’‘`´]/g, "'").replace(/'s\b/g, '').replace(/'/g, ' ').replace(/[–—−]/g, '-').replace(/×/g, ' x ');
}

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let end = -1;
  for (const m of normalizeRequest(text).matchAll(/\d+(?:\.\d+)?|[a-z]+|\S/gu)) {
    const w = m[0];
    const n = /^\d/.test(w) ? Number(w) : NUMBER_WORDS[w];
    const glued = m.index === end;
    end = m.index + w.length;
    out.push(n !== undefined && Number.isFinite(n) ? { w, n, glued } : { w, glued });
  }
  return out;
}

const byLength = <T extends { readonly words: readonly string[] }>(list: T[]): T[] => list.sort((a, b) => b.words.length - a.words.length);
const plurals = (words: readonly string[]): string[][] => {
  const last = words[words.length - 1]!;
  const head = words.slice(0, -1);
  const forms = [last, `${last}s`, `${last}es`, ...(last.endsWith('y') ? [`${last.slice(0, -1)}ies`] : [])];
  return forms.map((f) => [...head, f]);
};
const wordsOf = (text: string): string[] => normalizeRequest(text).split(/[^a-z0-9]+/).filter(Boolean);

function tierText(tiers: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < tiers.length; i++) {
    let j = i;
    while (j + 1 < tiers.length && tiers[j + 1] === tiers[j]! + 1) j++;
    runs.push(j > i ? `${tiers[i]}–${tiers[j]}` : `${tiers[i]}`);
    i = j;
  }
  return `${tiers.length === 1 ? 'tier' : 'tiers'} ${runs.join(', ')}`;
}

class Reader {
  readonly used: boolean[];
  readonly items: Item[] = [];
  readonly understood: string[] = [];
  readonly problems: string[] = [];
  grid: boolean | null = null;
  tiers: Set<number> | null = null;
  readonly roles: string[] = [];
  allRoles = false;

  constructor(readonly tokens: readonly Token[], readonly context: ParseContext) {
    this.used = tokens.map(() => false);
  }

  at(i: number, words: readonly string[]): boolean {
    if (i < 0 || i + words.length > this.tokens.length) return false;
    return words.every((w, k) => !this.used[i + k] && this.tokens[i + k]!.w === w);
  }

  /** The longest of `phrases` at `i` (its length), or 0. */
  longest(i: number, phrases: readonly (readonly string[])[]): number {
    let best = 0;
    for (const p of phrases) if (p.length > best && this.at(i, p)) best = p.length;
    return best;
  }

  /** The longest of `phrases` ending just before `i` (its length), or 0. */
  before(i: number, phrases: readonly (readonly string[])[]): number {
    let best = 0;
    for (const p of phrases) if (p.length > best && this.at(i - p.length, p)) best = p.length;
    return best;
  }

  take(i: number, n: number): void {
    for (let k = i; k < i + n; k++) this.used[k] = true;
  }

  number(i: number): number | undefined {
    return i < this.tokens.length && !this.used[i] ? this.tokens[i]!.n : undefined;
  }

  /** Every phrase of `list` found anywhere (longest first), handed to `found`. */
  scan<T extends { readonly words: readonly string[] }>(list: T[], found: (entry: T, at: number) => void): void {
    const sorted = byLength(list);
    for (let i = 0; i < this.tokens.length; i++) {
      for (const entry of sorted) {
        if (this.at(i, entry.words)) {
          this.take(i, entry.words.length);
          found(entry, i);
          break;
        }
      }
    }
  }

  addTiers(from: number, to: number): void {
    const { min, max } = this.context.tiers;
    for (const t of [from, to]) {
      if (!Number.isInteger(t) || t < min || t > max) { this.problems.push(`tier ${t} is outside this system's tiers ${min}–${max}`); return; }
    }
    if (from > to) { this.problems.push(`tiers ${from} to ${to} run backwards`); return; }
    this.tiers ??= new Set();
    for (let t = from; t <= to; t++) this.tiers.add(t);
  }

  /** A tier phrase starting at the tier word at `i`. */
  readTiers(i: number): void {
    const first = this.number(i + 1);
    if (first === undefined) return;
    const { min, max } = this.context.tiers;
    const runs: [number, number][] = [[first, first]];
    let j = i + 2;
    let open: 'from' | 'upTo' | null = null;
    const numberAfter = (k: number): { n: number; next: number } | null => {
      let m = k;
      if (m < this.tokens.length && !this.used[m] && (TIER_WORDS.includes(this.tokens[m]!.w) || this.tokens[m]!.w === 'o')) m++;
      const n = this.number(m);
      return n === undefined ? null : { n, next: m + 1 };
    };
    for (;;) {
      const plus = j < this.tokens.length && !this.used[j] && this.tokens[j]!.w === '+' && this.tokens[j]!.glued;
      if (plus) { open = 'from'; j += 1; break; }
      const from = this.longest(j, TIER_AFTER.from);
      if (from) { open = 'from'; j += from; break; }
      const upTo = this.longest(j, TIER_AFTER.upTo);
      if (upTo) { open = 'upTo'; j += upTo; break; }
      const joiner = j < this.tokens.length && !this.used[j] ? this.tokens[j]!.w : '';
      const next = numberAfter(j + 1);
      if (!next) break;
      if (RANGE_JOINERS.includes(joiner)) runs[runs.length - 1]![1] = next.n;
      else if (LIST_JOINERS.includes(joiner)) runs.push([next.n, next.n]);
      else break;
      j = next.next;
    }
    let start = i;
    const between = this.before(i, TIER_BEFORE.between);
    const prefix = (['from', 'above', 'upTo', 'below'] as const).find((k) => this.before(i, TIER_BEFORE[k]) > 0);
    if (between && runs.length === 2 && runs[0]![0] === runs[0]![1] && runs[1]![0] === runs[1]![1]) {
      runs.splice(0, 2, [runs[0]![0], runs[1]![0]]);
      start -= between;
    } else if (prefix) {
      start -= this.before(i, TIER_BEFORE[prefix]);
      if (runs.length === 1 && runs[0]![0] === runs[0]![1]) {
        const n = runs[0]![0];
        if (prefix === 'from') open = 'from';
        else if (prefix === 'upTo') open = 'upTo';
        else if (prefix === 'above') runs[0] = [n + 1, max];
        else runs[0] = [min, n - 1];
      }
    } else {
      start -= this.before(i, TIER_BEFORE.at);
    }
    if (open === 'from') runs[runs.length - 1]![1] = max;
    if (open === 'upTo') runs[0]![0] = min;
    this.take(start, j - start);
    for (const [a, b] of runs) this.addTiers(a, b);
  }

  read(): void {
    const n = this.tokens.length;
    for (const [grid, phrases] of Object.entries(GRID_WORDS)) {
      for (let i = 0; i < n; i++) {
        const len = this.longest(i, phrases);
        if (len) { this.take(i, len); this.grid = grid === 'grid'; this.understood.push(grid === 'grid' ? 'fights on a grid' : 'fights without a grid'); }
      }
    }
    for (let i = 0; i < n; i++) {
      const len = this.longest(i, EVERY_TIER);
      if (len) { this.take(i, len); this.addTiers(this.context.tiers.min, this.context.tiers.max); }
    }
    for (let i = 0; i < n; i++) if (!this.used[i] && TIER_WORDS.includes(this.tokens[i]!.w)) this.readTiers(i);
    this.scan(Object.entries(PRESET_WORDS).flatMap(([key, phrases]) => phrases.map((words) => ({ words, preset: PRESETS[key]! }))),
      (e, at) => this.items.push({ t: 'preset', at, preset: e.preset }));
    this.scan(Object.entries(STAT_WORDS).flatMap(([stat, phrases]) => phrases.map((words) => ({ words, stat: stat as Stat }))),
      (e, at) => this.items.push({ t: 'stat', at, stat: e.stat }));
    this.scan(this.roleForms(), (e) => {
      if (e.role === null) this.allRoles = true;
      else if (!this.roles.includes(e.role)) this.roles.push(e.role);
    });
    this.scan(FACTOR_WORDS.map((f) => ({ ...f })), (e, at) => this.items.push({ t: 'amount', at, amount: { kind: 'factor', factor: e.factor, said: e.words.join(' ') } }));
    for (let i = 0; i < n; i++) this.readNumber(i);
    this.scan(Object.entries(DIRECTION_WORDS).flatMap(([dir, phrases]) => phrases.map((words) => ({ words, dir: dir as Direction }))),
      (e, at) => this.items.push({ t: 'dir', at, dir: e.dir }));
    for (let i = 0; i < n; i++) if (!this.used[i] && FILLERS.has(this.tokens[i]!.w)) this.used[i] = true;
  }

  roleForms(): { words: string[]; role: string | null }[] {
    const forms: { words: string[]; role: string | null }[] = ALL_ROLES.map((words) => ({ words, role: null }));
    for (const { role, name } of this.context.roles) {
      for (const text of [role, ...(name ? [name] : [])]) {
        const words = wordsOf(text);
        if (words.length) for (const f of plurals(words)) forms.push({ words: f, role });
      }
      for (const words of ROLE_SYNONYMS[role] ?? []) forms.push({ words: [...words], role });
    }
    return forms;
  }

  readNumber(i: number): void {
    const value = this.number(i);
    if (value === undefined) return;
    let start = i;
    let end = i + 1;
    let dir: Direction | undefined;
    const prev = start > 0 && !this.used[start - 1] ? this.tokens[start - 1]!.w : '';
    if (prev === '+' || prev === 'mais') { dir = 'up'; start--; } else if (prev === '-' || prev === 'menos') { dir = 'down'; start--; }
    let kind: 'pct' | 'times' | 'plain' = 'plain';
    const prevX = start > 0 && !this.used[start - 1] && this.tokens[start - 1]!.w === 'x';
    if (prevX) { kind = 'times'; start--; }
    const pct = this.longest(end, PERCENT_WORDS);
    if (!prevX && pct) { kind = 'pct'; end += pct; } else if (!prevX) {
      const times = this.longest(end, TIMES_WORDS);
      if (times) { kind = 'times'; end += times; }
    }
    if (dir === undefined) {
      for (const d of ['up', 'down'] as const) {
        const len = this.longest(end, AFTER_NUMBER[d]);
        if (len) { dir = d; end += len; break; }
      }
    }
    let share = false;
    if (kind === 'pct' && dir === undefined) {
      const len = this.longest(end, SHARE_OF);
      if (len) { share = true; end += len; }
    }
    this.take(start, end - start);
    const amount: Amount = kind === 'times' ? { kind: 'factor', factor: value, said: `×${value}` } : kind === 'pct' ? { kind: 'pct', value, share } : { kind: 'plain', value };
    this.items.push({ t: 'amount', at: i, amount, ...(dir ? { dir } : {}) });
  }

  /** The stat changes: each number with its amount (or a preset's). */
  changes(): StatChange[] {
    const items = [...this.items].sort((a, b) => a.at - b.at);
    const dirs = items.filter((x): x is Extract<Item, { t: 'dir' }> => x.t === 'dir');
    const dirNear = (at: number): Direction | undefined => {
      const before = dirs.filter((d) => d.at < at).at(-1);
      return (before ?? dirs.find((d) => d.at > at))?.dir;
    };
    type Open = { stat: Stat; at: number; preset?: Preset } | null;
    const out: StatChange[] = [];
    const openStats: NonNullable<Open>[] = [];
    const openAmounts: Extract<Item, { t: 'amount' }>[] = [];
    const pair = (s: NonNullable<Open>, a: Extract<Item, { t: 'amount' }>): void => {
      const made = this.amountChange(s.stat, a.amount, a.dir ?? s.preset?.direction ?? dirNear(a.at));
      if (typeof made === 'string') this.problems.push(made);
      else out.push(made);
    };
    for (const item of items) {
      if (item.t === 'preset') {
        if (item.preset.changes.length === 1) {
          const s = { stat: item.preset.changes[0]!.stat, at: item.at, preset: item.preset };
          const a = openAmounts.shift();
          if (a) pair(s, a);
          else openStats.push(s);
        } else {
          for (const c of item.preset.changes) out.push({ ...c, said: item.preset.name });
        }
      } else if (item.t === 'stat') {
        const s = { stat: item.stat, at: item.at };
        const a = openAmounts.shift();
        if (a) pair(s, a);
        else openStats.push(s);
      } else if (item.t === 'amount') {
        const s = openStats.pop();
        if (s) pair(s, item);
        else openAmounts.push(item);
      }
    }
    for (const s of openStats) {
      if (s.preset) { out.push({ ...s.preset.changes[0]!, said: s.preset.name }); continue; }
      const dir = dirNear(s.at);
      if (!dir) { this.problems.push(`by how much should ${STAT_NAMES[s.stat]} change?`); continue; }
      const percent = s.stat === 'hp' || s.stat === 'damage';
      out.push(percent
        ? { stat: s.stat, op: 'times', by: dir === 'up' ? 1.25 : 0.8, said: dir === 'up' ? 'more (+25%)' : 'less (−20%)' }
        : { stat: s.stat, op: 'plus', by: dir === 'up' ? 1 : -1, said: dir === 'up' ? 'more (+1)' : 'less (−1)' });
    }
    for (const a of openAmounts) this.problems.push(`${describeAmount(a.amount)}: of which number (hit points, defence, attack or damage)?`);
    return out;
  }

  amountChange(stat: Stat, amount: Amount, dir: Direction | undefined): StatChange | string {
    const name = STAT_NAMES[stat];
    if (amount.kind === 'factor') {
      const factor = amount.factor;
      if (!(factor > 0 && factor <= 10)) return `${name} ×${factor}: a factor must be above 0 and at most 10`;
      if (factor === 1) return `${name} ×1 changes nothing`;
      return { stat, op: 'times', by: factor, said: amount.said };
    }
    if (amount.kind === 'pct') {
      if (amount.share) {
        if (!(amount.value > 0 && amount.value <= 1000)) return `${amount.value}% of ${name}: a share must be above 0% and at most 1000%`;
        return { stat, op: 'times', by: amount.value / 100, said: `${amount.value}% of` };
      }
      if (!dir) return `${name} ${amount.value}%: more or less?`;
      if (amount.value > 900 || (dir === 'down' && amount.value >= 100)) return `${name} ${dir === 'up' ? '+' : '−'}${amount.value}% is out of reach (at most +900%, less than −100%)`;
      return { stat, op: 'times', by: round6(1 + (dir === 'up' ? 1 : -1) * amount.value / 100), said: `${dir === 'up' ? '+' : '−'}${amount.value}%` };
    }
    if (!dir) return `${name} ${amount.value}: more or less (+${amount.value} or -${amount.value})?`;
    if (!Number.isInteger(amount.value) || amount.value > 1000) return `${name} ${amount.value}: a whole amount of at most 1000`;
    if (amount.value === 0) return `${name}: a change of 0 changes nothing`;
    return { stat, op: 'plus', by: dir === 'up' ? amount.value : -amount.value, said: `${dir === 'up' ? '+' : '−'}${amount.value}` };
  }
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

function describeAmount(a: Amount): string {
  return a.kind === 'factor' ? a.said : a.kind === 'pct' ? `${a.value}%` : String(a.value);
}

/** One change's words, for people: `hit points +25%`, `defence +1`. */
export function describeChange(c: StatChange): string {
  const how = c.op === 'times'
    ? (c.by >= 1 ? `+${round6((c.by - 1) * 100)}%` : `−${round6((1 - c.by) * 100)}%`) + (Number.isInteger(c.by) || c.by === 0.5 ? ` (×${c.by})` : '')
    : c.by > 0 ? `+${c.by}` : `−${-c.by}`;
  return `${STAT_NAMES[c.stat]} ${how}`;
}

/** Reads one request against a system's roles and tiers. Never throws. */
export function parseChangeRequest(text: string, context: ParseContext): ParsedRequest {
  if (text.length > MAX_REQUEST_LENGTH) return { ok: false, understood: [], notUnderstood: [], missing: [`a request is at most ${MAX_REQUEST_LENGTH} characters`] };
  const tokens = tokenize(text);
  if (tokens.length === 0) return { ok: false, understood: [], notUnderstood: [], missing: ['a request: say who changes and how (`make bosses harder from tier 3`)'] };
  const r = new Reader(tokens, context);
  r.read();
  const changes = r.changes();
  const notUnderstood = tokens.filter((_, i) => !r.used[i]).map((t) => t.w);
  const roles = r.roles.length ? r.roles : r.allRoles ? context.roles.map((x) => x.role) : [];
  const understood = [...r.understood];
  if (r.roles.length) understood.push(`${r.roles.length === 1 ? 'role' : 'roles'} ${r.roles.join(', ')}`);
  else if (r.allRoles) understood.push('every role');
  const tiers = r.tiers ? [...r.tiers].sort((a, b) => a - b) : null;
  if (tiers) understood.push(tierText(tiers));
  for (const c of changes) understood.push(/^[a-z]/i.test(c.said) ? `${describeChange(c)} (${c.said})` : describeChange(c));
  const missing = [...r.problems];
  for (const stat of new Set(changes.map((c) => c.stat))) {
    if (changes.filter((c) => c.stat === stat).length > 1) missing.push(`${STAT_NAMES[stat]} is changed twice: one change of each number at a time`);
  }
  const templateAsked = roles.length > 0 || changes.length > 0 || tiers !== null;
  if (r.grid !== null && templateAsked) missing.push('one request at a time: either the grid or a template change');
  if (r.grid === null || templateAsked) {
    if (roles.length === 0) {
      missing.push(context.roles.length ? `which enemies (roles: ${context.roles.map((x) => x.role).join(', ')})?` : 'this system has no enemy templates');
    }
    if (changes.length === 0 && !r.problems.some((p) => /^by how much|: of which number|more or less/.test(p))) missing.push('what to change (harder, easier, hit harder, or a number and an amount: `half the hit points`)');
  }
  if (notUnderstood.length || missing.length) return { ok: false, understood, notUnderstood: [...new Set(notUnderstood)], missing };
  if (r.grid !== null) return { ok: true, request: { kind: 'grid', grid: r.grid }, understood };
  const all = tiers ?? [];
  const { min, max } = context.tiers;
  const allTiers = tiers === null || all.length === max - min + 1;
  return {
    ok: true,
    request: { kind: 'template', roles, tiers: tiers ?? Array.from({ length: max - min + 1 }, (_, k) => min + k), allTiers, changes },
    understood: tiers === null ? [...understood, 'every tier'] : understood,
  };
}
