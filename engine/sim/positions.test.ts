// Rows closing up (`positions.advance`), on bare combatants: who moves, in what order, and who never moves.
import { describe, expect, it } from 'vitest';
import type { Combatant, Side } from './model';
import { closeUpRows } from './positions';
import { blankCombatant } from './state';

const ROWS = ['front', 'back', 'rear'];

function at(id: string, side: Side, position: string, down = false): Combatant {
  return { ...blankCombatant(1, 0), id, side, position, down };
}

const moved = (cs: readonly Combatant[], side: Side) => closeUpRows(cs, side, ROWS).map((m) => `${m.combatant.id}:${m.from}>${m.to}`);

describe('closeUpRows', () => {
  it('moves everyone behind a fallen front row up one row (row formation: the next in line is the new front row)', () => {
    const cs = [at('a', 'heroes', 'front', true), at('b', 'heroes', 'back'), at('c', 'heroes', 'rear')];
    expect(moved(cs, 'heroes')).toEqual(['b:back>front', 'c:rear>back']);
    expect(cs.map((c) => c.position)).toEqual(['front', 'front', 'back']);
  });

  it('closes a gap in the middle and repeats until no standing combatant has an empty row ahead', () => {
    expect(moved([at('a', 'heroes', 'front'), at('b', 'heroes', 'back', true), at('c', 'heroes', 'rear')], 'heroes')).toEqual(['c:rear>back']);
    expect(moved([at('c', 'heroes', 'rear'), at('d', 'heroes', 'rear')], 'heroes')).toEqual(['c:rear>back', 'd:rear>back', 'c:back>front', 'd:back>front']);
  });

  it('leaves closed rows, the other side, bands and the fallen where they are', () => {
    const cs = [at('a', 'heroes', 'front'), at('b', 'heroes', 'back'), at('x', 'enemies', 'rear'), at('n', 'heroes', 'far'), at('z', 'heroes', 'rear', true)];
    expect(moved(cs, 'heroes')).toEqual([]);
    expect(moved([at('n', 'heroes', 'near'), at('f', 'heroes', 'far')], 'heroes')).toEqual([]);
    expect(closeUpRows([at('b', 'heroes', 'back')], 'heroes', ['front'])).toEqual([]);
  });
});
