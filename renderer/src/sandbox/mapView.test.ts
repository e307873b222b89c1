import { describe, expect, test } from 'vitest';
import { fightLog, loadSystem } from '../../../engine/index';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { foldEvents } from './fightView';
import { mapAt, reachOf, threatenedFor, threatsTo, tokenAt } from './mapView';

const doc = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../systems/classic-d20.json'), 'utf8'));
const loaded = loadSystem(doc);
if (!loaded.ok) throw new Error('classic-d20 does not load');
const events = fightLog(loaded.system, 'corridor-ambush', 3);

describe('the map view fold', () => {
  test('before any move every token is on its start square; after a move, on its last path square; the last move is that path', () => {
    const first = mapAt(events, 1, foldEvents(events, 1))!;
    expect(first.width).toBe(16);
    expect(first.height).toBe(5);
    expect(first.tokens.find((t) => t.id === 'fighter5')!.square).toEqual([6, 2]);
    expect(first.lastMove).toBeNull();
    const at = events.findIndex((e) => e.type === 'move') + 1;
    const move = events[at - 1]!;
    if (move.type !== 'move') throw new Error('no move');
    const after = mapAt(events, at, foldEvents(events, at))!;
    expect(after.tokens.find((t) => t.id === move.target)!.square).toEqual(move.toSquare);
    expect(after.lastMove).toEqual({ id: move.target, path: move.path, chip: move.chip, teleport: false });
    // Hit points come from the fight view.
    const end = mapAt(events, events.length, foldEvents(events, events.length))!;
    const view = foldEvents(events, events.length);
    for (const t of end.tokens) expect(t.hp).toBe(view.combatants.find((c) => c.id === t.id)!.hp);
  });

  test('reach and threatened squares: the open squares beside a token, walls left out; its foes\' squares for it', () => {
    const model = mapAt(events, 1, foldEvents(events, 1))!;
    const fighter = tokenAt(model, [6, 2])!;
    expect(fighter.id).toBe('fighter5');
    const reach = reachOf(model, fighter.square);
    // (7, 1) is a wall, and the corridor's walls are on rows 0 and 4.
    expect(reach.map((s) => s.join(','))).toEqual(['5,1', '6,1', '5,2', '7,2', '5,3', '6,3', '7,3']);
    // Beside the goblins at (14, 1..3), (15, 2) and (0, 1), (0, 3): their neighbours, and nothing near the fighter.
    const threatened = threatenedFor(model, fighter).map((s) => s.join(','));
    expect(threatened).toEqual(expect.arrayContaining(['13,2', '13,1', '1,2', '0,2']));
    expect(threatened).not.toContain('7,2');
    expect(new Set(threatened).size).toBe(threatened.length);
    expect(mapAt(fightLog(loaded.system, 'bench-4v4', 1), 5, foldEvents(fightLog(loaded.system, 'bench-4v4', 1), 5))).toBeNull();
  });
});

describe('reach 2 on the map view', () => {
  const ford = fightLog(loaded.system, 'hill-giant-ford', 1);
  const model = mapAt(ford, 1, foldEvents(ford, 1))!;
  const giant = model.tokens.find((t) => t.id === 'hill-giant-1')!;
  const fighter = model.tokens.find((t) => t.id === 'fighter5')!;

  test('each token carries its melee reach from the log: the hill giant 2, a hero 1', () => {
    expect(giant.reach).toBe(2);
    expect(fighter.reach).toBe(1);
  });

  test('the giant\'s reach squares are the 24 around it (2 each way), all red for a hero; a goblin\'s only the 8 around it', () => {
    const around = reachOf(model, giant.square, giant.reach);
    expect(around).toHaveLength(24);
    expect(around.every((s) => Math.max(Math.abs(s[0] - giant.square[0]), Math.abs(s[1] - giant.square[1])) <= 2)).toBe(true);
    const red = new Set(threatenedFor(model, fighter).map((s) => s.join(',')));
    for (const s of around) expect(red.has(s.join(','))).toBe(true);
    // The goblin at (12, 2) threatens (13, 1), 4 squares from the giant: red; (12, 0), 2 squares off it, is not.
    expect(red.has('13,1')).toBe(true);
    expect(red.has('12,0')).toBe(false);
  });

  test('in reach of: a hero 2 squares off the giant counts it, 3 squares off does not', () => {
    const at = (x: number): typeof fighter => ({ ...fighter, square: [giant.square[0] - x, giant.square[1]] as const });
    expect(threatsTo(model, at(2))).toBe(1);
    expect(threatsTo(model, at(3))).toBe(0);
  });
});
