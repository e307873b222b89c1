import { describe, expect, test } from 'vitest';
import { fightLog, loadSystem } from '../../../engine/index';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { foldEvents } from './fightView';
import { mapAt, reachOf, threatenedFor, tokenAt } from './mapView';

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
