// Rows that close up (`positions.advance`): when a side has nobody standing in a row, its combatants in the rows
// behind each move up one, until no standing combatant has an empty row ahead of it (row formation: when the front
// row falls, the next in line is the new front row). Generic: the rows are the system's `positions.rows`, front first.
import type { Combatant, Side } from './model';

/** One combatant moved by the rows closing up. */
export interface RowMove {
  readonly combatant: Combatant;
  readonly from: string;
  readonly to: string;
}

/**
 * Close up the rows of `side`: moves standing combatants forward, one row per step, while a row ahead of them has
 * nobody of their side standing. Combatants in a band or a place that is not one of `rows` never move.
 * Returns the moves in the order they happened (none when the rows are already closed up).
 */
export function closeUpRows(combatants: readonly Combatant[], side: Side, rows: readonly string[]): RowMove[] {
  const moves: RowMove[] = [];
  if (rows.length < 2) return moves;
  // At most rows.length - 1 passes: each pass moves every standing combatant behind the first empty row up one.
  for (let pass = 0; pass < rows.length; pass++) {
    const occupied = new Array<boolean>(rows.length).fill(false);
    for (const c of combatants) {
      if (c.down || c.side !== side) continue;
      const row = rows.indexOf(c.position);
      if (row >= 0) occupied[row] = true;
    }
    const gap = occupied.indexOf(false);
    if (gap < 0 || !occupied.slice(gap + 1).includes(true)) return moves;
    for (const c of combatants) {
      if (c.down || c.side !== side) continue;
      const row = rows.indexOf(c.position);
      if (row <= gap) continue;
      const to = rows[row - 1]!;
      moves.push({ combatant: c, from: c.position, to });
      c.position = to;
    }
  }
  return moves;
}

/**
 * An ally of `mover` standing in row `to` that a switching move (`swap`) trades places with: the first one standing,
 * or null when nobody is there.
 */
export function swapPartner(combatants: readonly Combatant[], mover: Combatant, to: string): Combatant | null {
  for (const c of combatants) if (c !== mover && !c.down && c.side === mover.side && c.position === to) return c;
  return null;
}

/**
 * Whether moving `mover` back to row `to` would leave its own row empty with someone behind it, so that rows which
 * close up would move it straight back (Libra: "at least one character in the Front Row" for a back row to exist).
 * A move forward, or out of the rows, never is.
 */
export function undoneByClosingUp(combatants: readonly Combatant[], mover: Combatant, to: string, rows: readonly string[]): boolean {
  const from = rows.indexOf(mover.position);
  if (from < 0 || rows.indexOf(to) <= from) return false;
  for (const c of combatants) if (c !== mover && !c.down && c.side === mover.side && c.position === mover.position) return false;
  return true;
}
