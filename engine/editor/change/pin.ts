// Pinning a fight's template enemies (`fights[].enemies[].pinned`): the sheet each entry is given now, written into the
// entry, so a later change of the template leaves those enemies as they are (spec §2.6). A number that only reads
// the tier, the role and the sheet's attributes is written as its value at the entry's tier (`"hp": 130`); one that
// reads what changes in a fight (a track, a derived value) or rolls dice stays the template's formula as it is now.
import { modify } from 'jsonc-parser';
import { hasDice, refsOf } from '../../formula/nodes';
import { parseFormula } from '../../formula/parse';
import { parseJson } from '../../schema/json';
import { FormulaTools } from '../formulaTools';
import type { ChangeEdit } from './plan';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The sheet the template of `role` gives at `tier`, as a `pinned` value; null when the system has no such template. */
export function pinnedSheet(system: unknown, role: string, tier: number): Json | null {
  if (!isObject(system) || !Array.isArray(system.templates)) return null;
  const index = system.templates.findIndex((t) => isObject(t) && t.role === role);
  if (index < 0) return null;
  const t = system.templates[index] as Json;
  const p = `/templates/${index}`;
  const tools = new FormulaTools(system);
  const attributes = isObject(system.attributes) ? system.attributes : {};
  const statics = new Set(['tier', 'role', ...Object.keys(attributes)]);
  /** Its value at the tier when it reads only static names and rolls nothing, else its text. */
  const pin = (formula: unknown, pointer: string): number | string | undefined => {
    if (typeof formula === 'number') return formula;
    if (typeof formula !== 'string') return undefined;
    const ast = parseFormula(formula).ast;
    if (!ast) return formula;
    if (hasDice(ast) || [...refsOf(ast)].some((path) => !statics.has(path.split('.')[0]!))) return formula;
    const d = tools.info(pointer, formula, undefined, tier).distribution;
    return d && d.min === d.max ? d.min : formula;
  };
  const out: Json = {};
  const attrs: Json = {};
  const own = isObject(t.attributes) ? t.attributes : {};
  const defaults = isObject(t.defaults) ? t.defaults : {};
  for (const [id, a] of Object.entries(attributes)) {
    const value = own[id] !== undefined ? pin(own[id], `${p}/attributes/${id}`)
      : defaults.attribute !== undefined ? pin(defaults.attribute, `${p}/defaults/attribute`)
      : isObject(a) && typeof a.default === 'number' ? a.default : undefined;
    if (value !== undefined) attrs[id] = value;
  }
  if (Object.keys(attrs).length) out.attributes = attrs;
  if (isObject(t.tracks)) {
    const tracks: Json = {};
    for (const [id, f] of Object.entries(t.tracks)) { const v = pin(f, `${p}/tracks/${id}`); if (v !== undefined) tracks[id] = v; }
    if (Object.keys(tracks).length) out.tracks = tracks;
  }
  if (isObject(t.combat)) {
    const combat: Json = {};
    for (const key of ['defence', 'attack', 'damage', 'attacks']) {
      const v = key === 'damage' ? t.combat[key] : pin(t.combat[key], `${p}/combat/${key}`);
      if (v !== undefined) combat[key] = v;
    }
    if (Object.keys(combat).length) out.combat = combat;
  }
  if (t.harm !== undefined) { const v = pin(t.harm, `${p}/harm`); if (v !== undefined) out.harm = v; }
  return out;
}

/** A fight's template enemies, pinned or following their template: what the sandbox and `change` show. */
export interface RosterEntry {
  readonly pointer: string;
  readonly role: string;
  readonly tier: number;
  readonly count: number;
  readonly pinned: boolean;
}

export function templateRoster(system: unknown, fightId: string): RosterEntry[] {
  const fights = isObject(system) && Array.isArray(system.fights) ? system.fights : [];
  const i = fights.findIndex((f) => isObject(f) && f.id === fightId);
  const fight = fights[i];
  if (!isObject(fight) || !Array.isArray(fight.enemies)) return [];
  return fight.enemies.flatMap((e, j) => {
    const t = isObject(e) ? e.template : undefined;
    if (!isObject(e) || !isObject(t) || typeof t.role !== 'string' || typeof t.tier !== 'number') return [];
    return [{ pointer: `/fights/${i}/enemies/${j}`, role: t.role, tier: t.tier, count: typeof e.count === 'number' ? e.count : 1, pinned: e.pinned !== undefined }];
  });
}

/**
 * One edit of `text` that pins every template enemy of the fight not pinned yet (the `enemies` list rewritten with a
 * `pinned` in each such entry, the rest as it was), or a message saying why there is nothing to pin.
 */
export function pinFightEdit(text: string, fightId: string): ChangeEdit | string {
  const json = parseJson(text);
  const roster = templateRoster(json.value, fightId);
  const open = roster.filter((r) => !r.pinned);
  if (roster.length === 0) return `fight '${fightId}' has no enemies from a template`;
  if (open.length === 0) return `every template enemy of '${fightId}' is pinned already`;
  const enemiesPointer = open[0]!.pointer.replace(/\/\d+$/, '');
  const node = json.find(enemiesPointer).node;
  if (!node) return `nothing is at ${enemiesPointer}`;
  const indent = /\n( +|\t)"/.exec(text)?.[1] ?? '  ';
  const formattingOptions = { insertSpaces: indent !== '\t', tabSize: indent === '\t' ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
  let edited = text;
  for (const r of open) {
    const sheet = pinnedSheet(json.value, r.role, r.tier);
    if (!sheet) continue;
    const path = r.pointer.split('/').slice(1).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    const edits = modify(edited, [...path, 'pinned'], sheet, { formattingOptions });
    for (const e of [...edits].sort((a, b) => b.offset - a.offset)) edited = edited.slice(0, e.offset) + e.content + edited.slice(e.offset + e.length);
  }
  const after = parseJson(edited).find(enemiesPointer).node!;
  return { start: node.offset, end: node.offset + node.length, text: edited.slice(after.offset, after.offset + after.length) };
}
