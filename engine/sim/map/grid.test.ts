import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { fuzz } from '../../../test/fuzz';
import { costTo, distance, lineOfFire, pathCost, pathTo, walks } from './grid';
import { COVER, DIFFICULT, WALL, type FightMapDef, type MapRules } from './types';

function rules(diagonal: readonly number[] = [1], difficult = 2): MapRules {
  return {
    speed: null as unknown as MapRules['speed'], diagonal, difficult, reach: new Map([['near', { squares: 1, long: 0 }]]),
    longRange: null, flanking: null, cover: null, opportunity: true,
  };
}

/** A map from rows of text: `#` wall, `~` difficult, `+` cover, `.` open. */
function mapOf(rows: string[]): FightMapDef {
  const width = rows[0]!.length, height = rows.length;
  const terrain = new Uint8Array(width * height);
  rows.forEach((r, y) => [...r].forEach((ch, x) => { terrain[y * width + x] = ch === '#' ? WALL : ch === '~' ? DIFFICULT : ch === '+' ? COVER : 0; }));
  return { rules: rules(), width, height, terrain, start: new Map(), movement: new Map() };
}

const sq = (m: FightMapDef, x: number, y: number): number => y * m.width + x;

describe('map geometry', () => {
  test('distance: diagonals cost 1 with [1] (Chebyshev), 1, 2, 1, 2... with [1, 2]', () => {
    const m = mapOf(['..........', '..........', '..........', '..........', '..........']);
    expect(distance(rules(), m.width, sq(m, 0, 0), sq(m, 4, 4))).toBe(4);
    expect(distance(rules(), m.width, sq(m, 0, 0), sq(m, 9, 2))).toBe(9);
    expect(distance(rules([1, 2]), m.width, sq(m, 0, 0), sq(m, 4, 4))).toBe(6);
    expect(distance(rules([1, 2]), m.width, sq(m, 0, 0), sq(m, 3, 3))).toBe(4);
    expect(distance(rules([1, 2]), m.width, sq(m, 0, 0), sq(m, 9, 1))).toBe(9);
  });

  test('a line through a wall is blocked; one through a cover square, or grazing a wall corner, gives cover', () => {
    const m = mapOf(['.....', '..#..', '.....', '.+...', '.....']);
    expect(lineOfFire(m, COVER, sq(m, 0, 1), sq(m, 4, 1))).toEqual({ blocked: true, cover: false });
    expect(lineOfFire(m, COVER, sq(m, 0, 3), sq(m, 4, 3))).toEqual({ blocked: false, cover: true });
    expect(lineOfFire(m, COVER, sq(m, 0, 4), sq(m, 4, 4))).toEqual({ blocked: false, cover: false });
    // (1, 1) → (2, 2) passes exactly through a corner: the squares beside it, the wall (2, 1) one of them, are grazed.
    expect(lineOfFire(m, COVER, sq(m, 1, 1), sq(m, 2, 2))).toEqual({ blocked: false, cover: true });
    // Straight through the wall's centre: blocked.
    expect(lineOfFire(m, COVER, sq(m, 1, 2), sq(m, 3, 0)).blocked).toBe(true);
    // A target standing on a cover square has cover.
    expect(lineOfFire(m, COVER, sq(m, 1, 4), sq(m, 1, 3)).cover).toBe(true);
  });

  test('walking goes round walls, never cuts a corner, and pays double in difficult terrain', () => {
    const m = mapOf(['.....', '.###.', '.....']);
    const from = sq(m, 2, 0), to = sq(m, 2, 2);
    const walk = walks(m, rules(), [from], Infinity, () => false);
    // Round the wall: no diagonal past its corner, so (2,0) (1,0) (0,0) (0,1) (0,2) (1,2) (2,2).
    const path = pathTo(walk, to);
    for (const s of path) expect(m.terrain[s]! & WALL).toBe(0);
    expect(costTo(walk, to)).toBe(6);
    const swamp = mapOf(['.~~.', '....']);
    const w2 = walks(swamp, rules(), [sq(swamp, 0, 0)], Infinity, () => false);
    expect(costTo(w2, sq(swamp, 3, 0))).toBe(3); // round the swamp: (1,1) (2,1) diagonals, then up
    const straight = walks(swamp, rules(), [sq(swamp, 0, 0)], Infinity, (s) => s >= swamp.width);
    expect(costTo(straight, sq(swamp, 3, 0))).toBe(5); // through it: 2 + 2 + 1
  });

  test('property: every cheapest path stays off walls, steps to a touching square, and costs what walks says, within the budget', () => {
    fc.assert(fc.property(
      fc.integer({ min: 2, max: 9 }), fc.integer({ min: 2, max: 9 }), fc.array(fc.nat(80), { maxLength: 30 }), fc.constantFrom([1], [1, 2], [2]),
      fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 20 }), fc.array(fc.nat(80), { maxLength: 10 }),
      (width, height, walls, diagonal, difficult, budget, swamp) => {
        const terrain = new Uint8Array(width * height);
        for (const w of walls) terrain[w % terrain.length] = WALL;
        for (const s of swamp) if (!(terrain[s % terrain.length]! & WALL)) terrain[s % terrain.length]! |= DIFFICULT;
        const m: FightMapDef = { rules: rules(diagonal, difficult), width, height, terrain, start: new Map(), movement: new Map() };
        const from = terrain.findIndex((t) => !(t & WALL));
        if (from < 0) return;
        const r = rules(diagonal, difficult);
        const walk = walks(m, r, [from], budget, () => false);
        for (let s = 0; s < terrain.length; s++) {
          const cost = costTo(walk, s);
          if (cost === Infinity) continue;
          expect(cost).toBeLessThanOrEqual(budget);
          const path = pathTo(walk, s);
          expect(path[0]).toBe(from);
          expect(path[path.length - 1]).toBe(s);
          for (let i = 1; i < path.length; i++) {
            const a = path[i - 1]!, b = path[i]!;
            expect(terrain[b]! & WALL).toBe(0);
            expect(Math.max(Math.abs((a % width) - (b % width)), Math.abs(Math.floor(a / width) - Math.floor(b / width)))).toBe(1);
            // Never past a wall's corner.
            if (a % width !== b % width && Math.floor(a / width) !== Math.floor(b / width)) {
              expect(terrain[Math.floor(a / width) * width + (b % width)]! & WALL).toBe(0);
              expect(terrain[Math.floor(b / width) * width + (a % width)]! & WALL).toBe(0);
            }
          }
          expect(pathCost(m, r, path)).toBe(cost);
        }
      }), fuzz(231, 150));
  });
});
