// One fight's battle map while it is fought: where each combatant stands (a square by its order), where each started,
// and the conditions a blow's situation lends for its check (flanked, cover, long range), made once per fight.
import type { AttackProfile, Combatant, ConditionDef, ConditionInstance, FightDef } from '../model';
import { WALL, type FightMapDef, type MapRules, type MovementEntry, type MovementPolicy } from './types';
import { reachOf } from './load';

function situational(def: ConditionDef | null): ConditionInstance | null {
  return def ? { def, dc: 0, saveCheck: null, turnsLeft: Infinity, chargesLeft: Infinity, sustainer: null, source: null } : null;
}

export class MapState {
  /** Each combatant's square, by order. */
  readonly square: Int32Array;
  /** Where each starts, by order (reset() puts them back). */
  readonly startSquare: Int32Array;
  /** Each combatant's movement policy, by order. */
  readonly policy: MovementPolicy[] = [];
  readonly flanked: ConditionInstance | null;
  readonly covered: ConditionInstance | null;
  readonly longRange: ConditionInstance | null;
  readonly creatureCovered: ConditionInstance | null;
  /** Each combatant's melee reach in squares (its `near` blow that reaches farthest; 0: it has none), by order. */
  readonly melee: Int32Array;
  /** The `near` blow its opportunity attacks strike with (the one reaching farthest), by order; undefined: none. */
  readonly meleeBlow: (AttackProfile | undefined)[] = [];
  /** Squares walked this turn by the one whose turn it is (the walk before it acts, a move ability's, the Dash's). */
  walked = 0;
  /** The turn action its Dash spent before it acted (taken off the act's budget), or -1. */
  dashSpent = -1;
  /** Situational conditions lent for the check under way: the holders and instances, taken back after it. */
  readonly lentTo: Combatant[] = [];
  readonly lent: ConditionInstance[] = [];

  constructor(readonly rules: MapRules, readonly def: FightMapDef, fight: FightDef, combatants: readonly Combatant[]) {
    this.square = new Int32Array(combatants.length).fill(-1);
    this.startSquare = new Int32Array(combatants.length).fill(-1);
    this.flanked = situational(rules.flanking);
    this.covered = situational(rules.cover);
    this.longRange = situational(rules.longRange);
    this.creatureCovered = situational(rules.creatureCover ?? null);
    this.melee = new Int32Array(combatants.length);
    for (const c of combatants) {
      let best: AttackProfile | undefined, squares = 0;
      for (const p of c.def.attacks) {
        if (p.reach !== 'near') continue;
        const s = (p.span ?? reachOf(rules, 'near')).squares;
        if (s > squares) { best = p; squares = s; }
      }
      this.melee[c.order] = squares;
      this.meleeBlow[c.order] = best;
    }
    const taken = new Uint8Array(def.width * def.height);
    // Named start squares first: by the combatant's id, else its entry's (an entry of several takes them in turn).
    let order = 0;
    const unplaced: Combatant[] = [];
    for (const group of [fight.heroes, fight.enemies]) {
      for (const entry of group) {
        const list = def.start.get(entry.idBase);
        for (let i = 0; i < entry.count; i++) {
          const c = combatants[order++]!;
          const own = def.start.get(c.id);
          const at = own !== undefined && own !== list ? own[0] : list?.[i];
          if (at !== undefined && !taken[at]) { this.startSquare[c.order] = at; taken[at] = 1; } else unplaced.push(c);
          this.policy[c.order] = policyOf(def.movement.get(c.id) ?? def.movement.get(entry.idBase), c);
        }
      }
    }
    // The rest by side: heroes from the left edge, enemies from the right, column by column from the middle row out.
    for (const c of unplaced) {
      const at = freeSquare(def, taken, c.side === 'heroes');
      if (at < 0) throw new Error(`fight '${fight.id}': no free square left on its ${def.width} × ${def.height} map for ${c.id}`);
      this.startSquare[c.order] = at; taken[at] = 1;
    }
    this.square.set(this.startSquare);
  }

  reset(): void {
    this.square.set(this.startSquare);
    this.lentTo.length = 0;
    this.lent.length = 0;
    this.walked = 0;
    this.dashSpent = -1;
  }
}

/** Its fight's entry, else (and for `{ "dash": true }` alone) keep away when its first attack is not a melee one (`near`), else close in. */
function policyOf(entry: MovementEntry | undefined, c: Combatant): MovementPolicy {
  if (entry !== undefined && entry.kind !== 'default') return entry;
  const dash = entry?.dash ?? false;
  const first = c.def.attacks[0];
  return first && first.reach !== 'near' ? { kind: 'distance', dash } : { kind: 'close', dash };
}

function freeSquare(def: FightMapDef, taken: Uint8Array, fromLeft: boolean): number {
  const { width: w, height: h, terrain } = def;
  for (let col = 0; col < w; col++) {
    const x = fromLeft ? col : w - 1 - col;
    for (let k = 0; k < 2 * h; k++) {
      // The middle row, then one above, one below...
      const mid = Math.floor((h - 1) / 2);
      const y = k % 2 === 0 ? mid + k / 2 : mid - (k + 1) / 2;
      if (y < 0 || y >= h) continue;
      const s = y * w + x;
      if (!(terrain[s]! & WALL) && !taken[s]) return s;
    }
  }
  return -1;
}
