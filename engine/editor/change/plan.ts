// A change asked in words (parse.ts) made into text edits of a system's JSON: the template formulas it rewrites
// (a tier-limited change tests `@tier`: `@tier >= 3 ? ceil((30 + 25 * @tier) * 1.25) : 30 + 25 * @tier`), their values
// tier by tier before and after, the fights it touches and the enemies pinned in them (which keep their sheets).
// Only the changed strings are rewritten, so the rest of the file keeps its formatting. Pure: the balance diff of the
// fights it names is run by the caller (the CLI's `change`, the studio), which can fight.
import { modify } from 'jsonc-parser';
import { parseFormula } from '../../formula/parse';
import { printNumber } from '../../formula/print';
import type { FormulaNode } from '../../formula/types';
import { checkSystem } from '../../schema/check';
import { escapePointerSegment, parseJson } from '../../schema/json';
import { tierRangeOf, type TierRange } from '../../schema/tiers';
import { FormulaTools } from '../formulaTools';
import { describeChange, parseChangeRequest, STAT_NAMES, type ChangeRequest, type RoleInfo, type Stat, type StatChange } from './parse';

export interface ChangeEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** One formula the change rewrites, with its value (mean, for dice) at each tier before and after. */
export interface FormulaChange {
  readonly pointer: string;
  readonly role: string;
  readonly stat: Stat;
  readonly before: string;
  readonly after: string;
  readonly values: readonly { readonly tier: number; readonly before: number | null; readonly after: number | null }[];
}

/** A fight's enemy entry from a changed template that keeps the sheet it was given (`pinned`). */
export interface PinnedEnemy {
  readonly fight: string;
  readonly pointer: string;
  readonly role: string;
  readonly tier: number;
  readonly count: number;
}

export interface ChangePlan {
  readonly ok: true;
  readonly request: ChangeRequest;
  readonly understood: readonly string[];
  /** Edits of the text, in order, not overlapping. */
  readonly edits: readonly ChangeEdit[];
  /** The text with the edits made. */
  readonly text: string;
  readonly formulas: readonly FormulaChange[];
  /** The document's `grid` before and after (a grid request). */
  readonly grid?: { readonly before: boolean | null; readonly after: boolean };
  /** Fights with an enemy that follows a changed template at a changed tier: the ones whose balance can move. */
  readonly fights: readonly string[];
  readonly pinned: readonly PinnedEnemy[];
  readonly notes: readonly string[];
}

export interface ChangeRefusal {
  readonly ok: false;
  readonly understood: readonly string[];
  readonly notUnderstood: readonly string[];
  readonly missing: readonly string[];
}

type Doc = {
  templates?: { role?: unknown; name?: unknown; tracks?: Record<string, unknown>; attributes?: Record<string, unknown>; combat?: Record<string, unknown>; harm?: unknown }[];
  tracks?: Record<string, unknown>;
  combat?: { mode?: unknown; attack?: { defence?: unknown }; consequences?: { harm?: { track?: unknown } } };
  fights?: { id?: unknown; enemies?: { template?: { role?: unknown; tier?: unknown }; pinned?: unknown; count?: unknown }[] }[];
  grid?: unknown;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The roles of the document's templates, as the parser reads them. */
export function templateRoles(system: unknown): RoleInfo[] {
  const templates = isObject(system) && Array.isArray(system.templates) ? system.templates : [];
  const out: RoleInfo[] = [];
  for (const t of templates) {
    if (!isObject(t) || typeof t.role !== 'string' || out.some((r) => r.role === t.role)) continue;
    out.push(typeof t.name === 'string' ? { role: t.role, name: t.name } : { role: t.role });
  }
  return out;
}

/** Where a template keeps a number: its JSON pointer and what that field is, or why it has none. */
function fieldOf(doc: Doc, index: number, stat: Stat): { pointer: string; label: string } | string {
  const t = doc.templates![index]!;
  const p = `/templates/${index}`;
  const has = (o: Record<string, unknown> | undefined, k: string): boolean => isObject(o) && typeof o[k] === 'string';
  if (stat === 'hp') {
    // In consequences mode an enemy falls after its harm levels: those are its hit points.
    if (doc.combat?.mode === 'consequences' && typeof t.harm === 'string') return { pointer: `${p}/harm`, label: 'harm (an enemy falls after its harm levels)' };
    const trackIds = isObject(doc.tracks) ? Object.keys(doc.tracks) : [];
    const hp = typeof doc.combat?.consequences?.harm?.track === 'string' ? doc.combat.consequences.harm.track : trackIds.includes('hp') ? 'hp' : trackIds[0] ?? 'hp';
    return has(t.tracks, hp) ? { pointer: `${p}/tracks/${escapePointerSegment(hp)}`, label: `tracks.${hp}` } : `its hit points (tracks.${hp}) are not a formula of the template`;
  }
  if (stat === 'defence') {
    if (has(t.combat, 'defence')) return { pointer: `${p}/combat/defence`, label: 'combat.defence' };
    // The system's defence, when it is one of the sheet's attributes (`@evasion`), is that attribute of the template.
    const system = doc.combat?.attack?.defence;
    const ref = typeof system === 'string' ? /^\s*@([A-Za-z_][\w]*)\s*$/.exec(system)?.[1] : undefined;
    if (ref && has(t.attributes, ref)) return { pointer: `${p}/attributes/${escapePointerSegment(ref)}`, label: `attributes.${ref} (the system's defence)` };
    return 'it has no defence formula (combat.defence)';
  }
  const key = stat === 'attack' ? 'attack' : 'damage';
  return has(t.combat, key) ? { pointer: `${p}/combat/${key}`, label: `combat.${key}` } : `it has no ${key} formula (combat.${key})`;
}

function parsed(formula: string): FormulaNode | null {
  const r = parseFormula(formula);
  return r.ast && r.diagnostics.every((d) => d.severity !== 'error') ? r.ast : null;
}

/** Is the whole formula one node that needs no parentheses under `*` (a number, a reference, a call, dice), or already in them? */
function atomic(formula: string, node: FormulaNode): boolean {
  if (node.span.start > 0 || node.span.end < formula.length) return true; // written in parentheses already
  return node.kind === 'number' || node.kind === 'ref' || node.kind === 'call' || node.kind === 'dice' || node.kind === 'tag';
}

/** Can `x + 1` be written after it as it stands (no `? :`, `let`, comparison or logic at its top)? */
function additive(formula: string, node: FormulaNode): boolean {
  if (node.span.start > 0 || node.span.end < formula.length) return true;
  if (node.kind === 'conditional' || node.kind === 'let') return false;
  if (node.kind === 'binary') return ['+', '-', '*', '/', '%'].includes(node.op);
  return node.kind !== 'unary' || node.op === '-';
}

const plusText = (head: string, n: number): string => (n === 0 ? head : n > 0 ? `${head} + ${printNumber(n)}` : `${head} - ${printNumber(-n)}`);

/** `formula` moved by `n`, folding a number it adds at its top (`12 + @tier` + 1 → `13 + @tier`). */
function addTo(formula: string, node: FormulaNode, n: number): string {
  if (node.kind === 'number' && node.span.start === 0 && node.span.end === formula.length) return printNumber(node.value + n);
  if (node.kind === 'binary' && (node.op === '+' || node.op === '-') && node.span.start === 0 && node.span.end === formula.length) {
    const { left, right } = node;
    if (right.kind === 'number' && right.span.end === formula.length) {
      const op = formula.lastIndexOf(node.op, right.span.start - 1);
      if (op > left.span.end - 1 && formula.slice(op + 1, right.span.start).trim() === '') {
        return plusText(formula.slice(0, op).trimEnd(), (node.op === '+' ? right.value : -right.value) + n);
      }
    }
    if (left.kind === 'number' && left.span.start === 0) {
      const sum = left.value + n;
      const rest = formula.slice(left.span.end);
      if (sum === 0 && node.op === '+') return rest.replace(/^\s*\+\s*/, '');
      if (sum >= 0) return `${printNumber(sum)}${rest}`;
    }
  }
  return plusText(additive(formula, node) ? formula : `(${formula})`, n);
}

/** `formula` times `k`, rounded up for hit points (never to 0) and down for the other numbers. */
function multiply(formula: string, node: FormulaNode, k: number, stat: Stat): string {
  const round = stat === 'hp' ? 'ceil' : 'floor';
  if (node.kind === 'number' && node.span.start === 0 && node.span.end === formula.length) {
    return printNumber(Number.isInteger(k) ? node.value * k : Math[round](node.value * k));
  }
  const inner = atomic(formula, node) ? formula : `(${formula})`;
  if (Number.isInteger(k)) return `${inner} * ${k}`;
  const inverse = 1 / k;
  if (Number.isInteger(inverse)) return `${round}(${inner} / ${inverse})`;
  return `${round}(${inner} * ${printNumber(k)})`;
}

export function applyStatChange(formula: string, change: StatChange): string | null {
  const text = formula.trim();
  const node = parsed(text);
  if (!node) return null;
  return change.op === 'plus' ? addTo(text, node, change.by) : multiply(text, node, change.by, change.stat);
}

/** The test of `@tier` that holds on exactly `tiers` of `range`. */
export function tierTest(tiers: readonly number[], range: TierRange): string {
  const runs: [number, number][] = [];
  for (const t of tiers) {
    const last = runs.at(-1);
    if (last && t === last[1] + 1) last[1] = t;
    else runs.push([t, t]);
  }
  const one = ([a, b]: [number, number], alone: boolean): string => {
    if (a === b) return `@tier == ${a}`;
    if (b === range.max) return `@tier >= ${a}`;
    if (a === range.min) return `@tier <= ${b}`;
    return alone ? `@tier >= ${a} and @tier <= ${b}` : `(@tier >= ${a} and @tier <= ${b})`;
  };
  return runs.length === 1 ? one(runs[0]!, true) : runs.map((r) => one(r, false)).join(' or ');
}

/** `changed` at `tiers`, `formula` at the others. */
export function limitToTiers(formula: string, changed: string, tiers: readonly number[], range: TierRange): string {
  const node = parsed(changed);
  const then = node && (node.kind === 'conditional' || node.kind === 'let') && node.span.start === 0 && node.span.end === changed.length ? `(${changed})` : changed;
  return `${tierTest(tiers, range)} ? ${then} : ${formula.trim()}`;
}

function refusal(understood: readonly string[], missing: readonly string[], notUnderstood: readonly string[] = []): ChangeRefusal {
  return { ok: false, understood, notUnderstood, missing };
}

function formatting(text: string): { insertSpaces: boolean; tabSize: number; eol: string } {
  const indent = /\n( +|\t)"/.exec(text)?.[1] ?? '  ';
  return { insertSpaces: indent !== '\t', tabSize: indent === '\t' ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

function applyEdits(text: string, edits: readonly ChangeEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** Errors of `after` that `before` did not have (a change must not break the document). */
function newErrors(before: string, after: string): string[] {
  const key = (d: { pointer: string; message: string }): string => `${d.pointer} ${d.message}`;
  const old = new Set(checkSystem(before).diagnostics.filter((d) => d.severity === 'error').map(key));
  return checkSystem(after).diagnostics.filter((d) => d.severity === 'error' && !old.has(key(d))).map((d) => `${d.pointer}: ${d.message}`);
}

/** Reads `request` against the system in `text` and plans its edits, or says why not. Never throws on any request. */
export function planChange(text: string, request: string): ChangePlan | ChangeRefusal {
  const json = parseJson(text);
  if (!isObject(json.value)) return refusal([], ['a system document that is JSON (fix its syntax first)']);
  const doc = json.value as Doc;
  const range = tierRangeOf(doc);
  const read = parseChangeRequest(request, { roles: templateRoles(doc), tiers: range });
  if (!read.ok) return read;
  const { request: change, understood } = read;
  const notes: string[] = [];
  if (change.kind === 'grid') {
    const before = typeof doc.grid === 'boolean' ? doc.grid : null;
    if (before === change.grid) {
      notes.push(`the system already says "grid": ${before}; nothing to change`);
      return { ok: true, request: change, understood, edits: [], text, formulas: [], grid: { before, after: change.grid }, fights: [], pinned: [], notes };
    }
    const node = json.find('/grid').node;
    const edits: ChangeEdit[] = node
      ? [{ start: node.offset, end: node.offset + node.length, text: String(change.grid) }]
      : modify(text, ['grid'], change.grid, { formattingOptions: formatting(text) }).map((e) => ({ start: e.offset, end: e.offset + e.length, text: e.content }));
    notes.push('the simulator places combatants in bands with or without a grid (spec §2.9): no fight changes');
    return { ok: true, request: change, understood, edits, text: applyEdits(text, edits), formulas: [], grid: { before, after: change.grid }, fights: [], pinned: [], notes };
  }
  // Each changed number of each role: the formula it rewrites, all changes to one field made in turn.
  const rewritten = new Map<string, { role: string; stat: Stat; before: string; after: string }>();
  const order: string[] = [];
  for (const role of change.roles) {
    const index = doc.templates!.findIndex((t) => isObject(t) && t.role === role);
    for (const c of change.changes) {
      const field = fieldOf(doc, index, c.stat);
      if (typeof field === 'string') { notes.push(`${role}: ${describeChange(c)} not made: ${field}`); continue; }
      const now = rewritten.get(field.pointer);
      const original = now?.before ?? (json.find(field.pointer).node ? String(readPointer(doc, field.pointer)) : '');
      const current = now?.after ?? original;
      const whole = applyStatChange(current, c);
      if (whole === null) { notes.push(`${role}: ${field.label} does not parse as a formula; left as it is`); continue; }
      if (whole === current.trim()) { notes.push(`${role}: ${field.label} stays ${current.trim()} (${describeChange(c)}, rounded)`); continue; }
      const after = change.allTiers ? whole : limitToTiers(current, whole, change.tiers, range);
      if (!now) order.push(field.pointer);
      rewritten.set(field.pointer, { role, stat: c.stat, before: original, after });
      if (field.label.includes('(')) notes.push(`${role}: ${STAT_NAMES[c.stat]} is ${field.label}`);
    }
  }
  if (rewritten.size === 0) return refusal(understood, notes.length ? notes : ['nothing to change']);
  const edits: ChangeEdit[] = order.map((pointer) => {
    const node = json.find(pointer).node!;
    return { start: node.offset, end: node.offset + node.length, text: JSON.stringify(rewritten.get(pointer)!.after) };
  });
  const edited = applyEdits(text, edits);
  const broken = newErrors(text, edited);
  if (broken.length) return refusal(understood, [`the edited formulas would not check: ${broken.slice(0, 3).join('; ')}`]);
  const toolsBefore = new FormulaTools(doc);
  const toolsAfter = new FormulaTools(parseJson(edited).value);
  const mean = (tools: FormulaTools, pointer: string, formula: string, tier: number): number | null => {
    const d = tools.info(pointer, formula, undefined, tier).distribution;
    return d ? d.mean : null;
  };
  const tiers = Array.from({ length: Math.min(range.max - range.min + 1, 12) }, (_, k) => range.min + k);
  const formulas = order.map((pointer): FormulaChange => {
    const r = rewritten.get(pointer)!;
    return {
      pointer, role: r.role, stat: r.stat, before: r.before, after: r.after,
      values: tiers.map((tier) => ({ tier, before: mean(toolsBefore, pointer, r.before, tier), after: mean(toolsAfter, pointer, r.after, tier) })),
    };
  });
  const fights: string[] = [];
  const pinned: PinnedEnemy[] = [];
  (doc.fights ?? []).forEach((f, i) => {
    if (!isObject(f) || !Array.isArray(f.enemies)) return;
    f.enemies.forEach((e, j) => {
      const t = isObject(e) ? e.template : undefined;
      if (!isObject(t) || typeof t.role !== 'string' || typeof t.tier !== 'number') return;
      if (!change.roles.includes(t.role) || !change.tiers.includes(t.tier)) return;
      if (!order.some((p) => rewritten.get(p)!.role === t.role)) return;
      if (e.pinned !== undefined) {
        pinned.push({ fight: String(f.id), pointer: `/fights/${i}/enemies/${j}`, role: t.role, tier: t.tier, count: typeof e.count === 'number' ? e.count : 1 });
      } else if (!fights.includes(String(f.id))) fights.push(String(f.id));
    });
  });
  return { ok: true, request: change, understood, edits, text: edited, formulas, fights, pinned, notes };
}

function readPointer(doc: unknown, pointer: string): unknown {
  let v: unknown = doc;
  for (const s of pointer.split('/').slice(1)) {
    const key = s.replace(/~1/g, '/').replace(/~0/g, '~');
    v = Array.isArray(v) ? v[Number(key)] : isObject(v) ? v[key] : undefined;
  }
  return v;
}

/** The plan's edits of `text` as one edit (from the first to the last changed character): one undo step in an editor. */
export function combinedEdit(text: string, plan: Pick<ChangePlan, 'edits' | 'text'>): ChangeEdit | null {
  if (plan.edits.length === 0) return null;
  const start = Math.min(...plan.edits.map((e) => e.start));
  const end = Math.max(...plan.edits.map((e) => e.end));
  return { start, end, text: plan.text.slice(start, plan.text.length - (text.length - end)) };
}
