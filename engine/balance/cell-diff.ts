// A balance diff on cells of the tier × role grid (grid.ts) instead of the document's fights: a change asked in words
// previews the cells it moves (the party against the changed role at each changed tier) before and after. Each cell's
// fight is composed on both versions and the two run side by side through diffSystems (the same seeds, a paired test,
// Holm over every number compared), so a cell reads exactly as a fight of the fight diff does.
import type { SystemDocument } from '../schema/document';
import { composeFight } from '../sim/index';
import type { FightDef, System } from '../sim/model';
import { diffSystems, type DiffResult } from './diff';
import { planGrid } from './grid';

export interface CellDiffOptions {
  /** A party id (`parties`) or a fight whose heroes to take; default the first party, else the first fight. */
  readonly party?: string;
  /** The cells, by role and tier. */
  readonly cells: readonly { readonly role: string; readonly tier: number }[];
  readonly fights: number;
  readonly seed: number;
}

export interface CellDiffResult extends DiffResult {
  readonly party: { readonly id: string; readonly name: string };
  /** Each compared fight's cell (`compared[i].fight` is the cell's fight id, as the grid names it). */
  readonly cells: readonly { readonly fight: string; readonly role: string; readonly tier: number }[];
}

/** The party a cell diff reads when none is named: the first of `parties`, else the first fight's heroes. */
export function defaultParty(doc: SystemDocument): string | undefined {
  return doc.parties?.[0]?.id ?? doc.fights?.[0]?.id;
}

/** The cells under `before` (a, from document `docA`) and `after` (b); the party and cells are read on docA. */
export function diffCells(docA: SystemDocument, a: System, b: System, options: CellDiffOptions, onProgress?: (done: number, total: number) => void): CellDiffResult | string {
  const party = options.party ?? defaultParty(docA);
  if (party === undefined) return 'the system has no party and no fight to take heroes from';
  const fightsA = new Map<string, FightDef>();
  const fightsB = new Map<string, FightDef>();
  const cells: { fight: string; role: string; tier: number }[] = [];
  let partyName = party;
  for (const { role, tier } of options.cells) {
    const plan = planGrid(docA, { party, fights: options.fights, seed: options.seed, roles: [role], tiers: [tier] });
    if (typeof plan === 'string') return plan;
    partyName = plan.party.name;
    const spec = plan.cells[0]!.fight;
    const id = spec.id ?? `${role} T${tier}`;
    if (fightsA.has(id)) continue;
    const ca = composeFight(a, spec);
    if (!ca.ok) return `${id}: ${ca.error}`;
    const cb = composeFight(b, spec);
    if (!cb.ok) return `${id}: ${cb.error}`;
    fightsA.set(id, { ...ca.fight, name: id });
    fightsB.set(id, { ...cb.fight, name: id });
    cells.push({ fight: id, role, tier });
  }
  if (cells.length === 0) return 'no cell to compare';
  const diff = diffSystems({ ...a, fights: fightsA }, { ...b, fights: fightsB }, { fights: options.fights, seed: options.seed }, { a: 'saved', b: 'edited' }, onProgress);
  if (typeof diff === 'string') return diff;
  return { ...diff, party: { id: party, name: partyName }, cells };
}

/** The cells a set of formula changes moves: each role at each tier whose value is not what it was, in order. */
export function changedCells(formulas: readonly { readonly role: string; readonly values: readonly { readonly tier: number; readonly before: number | null; readonly after: number | null }[] }[]): { role: string; tier: number }[] {
  const out: { role: string; tier: number }[] = [];
  for (const f of formulas) {
    for (const v of f.values) {
      if (v.before === v.after || out.some((c) => c.role === f.role && c.tier === v.tier)) continue;
      out.push({ role: f.role, tier: v.tier });
    }
  }
  return out;
}
