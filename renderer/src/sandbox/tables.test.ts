// The Balance tab's answers as spreadsheet rows: a row a cell, nudge or value tried, shares as plain decimals.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffSentence, minus, unplayable } from './tables';
import { diffSystems } from '../../../engine/index';
import { runGrid } from '../../../engine/index';
import { sensitivity } from '../../../engine/index';
import { tune } from '../../../engine/index';
import type { SystemDocument } from '../../../engine/index';
import { loadSystem } from '../../../engine/index';
import { diffTable, gridTable, needleTable, tsv, tuneTable } from './tables';

const doc = JSON.parse(readFileSync(new URL('../../../test/balance/fixtures/mirror.json', import.meta.url), 'utf8')) as SystemDocument;
const loaded = loadSystem(doc);
if (!loaded.ok) throw new Error('mirror does not load');
const system = loaded.system;

describe('balance tables', () => {
  it('joins fields with tabs and rows with line breaks, and keeps a field whole', () => {
    expect(tsv([['a', 1, true], ['b\tc', 'd\ne', 2.5]])).toBe('a\t1\ttrue\nb c\td e\t2.5\n');
  });

  it('gives the grid a row a cell, each share a number a spreadsheet reads', () => {
    const grid = runGrid(doc, system, { party: 'solo', fights: 50, seed: 1 });
    if (typeof grid === 'string') throw new Error(grid);
    const rows = gridTable(grid);
    expect(rows[0]).toEqual(['role', 'tier', 'fights', 'heroes win', 'low', 'high', 'a hero goes down', 'a hero dies', 'mean rounds']);
    expect(rows).toHaveLength(grid.cells.length + 1);
    grid.cells.forEach((c, i) => {
      const row = rows[i + 1]!;
      expect(row.slice(0, 3)).toEqual([c.role, c.tier, 50]);
      expect(Number(row[3])).toBeCloseTo(c.winRate.value, 4);
      expect(Number(row[4])).toBeLessThanOrEqual(Number(row[3]));
      expect(Number(row[5])).toBeGreaterThanOrEqual(Number(row[3]));
    });
    const lines = tsv(rows).trimEnd().split('\n');
    expect(lines).toHaveLength(grid.cells.length + 1);
    for (const line of lines.slice(1)) expect(line.split('\t').slice(2).every((f) => f !== '' && Number.isFinite(Number(f)))).toBe(true);
  });

  it('gives the needle a row a nudge and the tune a row a value tried', () => {
    const needle = sensitivity(doc, system, { fight: 'mirror-match', fights: 60, seed: 1 });
    if (typeof needle === 'string') throw new Error(needle);
    const rows = needleTable(needle);
    expect(rows).toHaveLength(needle.nudges.length + 1);
    expect(rows[1]!.slice(0, 4)).toEqual([needle.nudges[0]!.knob.label, needle.nudges[0]!.knob.pointer, needle.nudges[0]!.knob.value, needle.nudges[0]!.to]);
    expect(rows[0]!.slice(4, 6)).toEqual(['heroes win', 'change']);
    // By mean rounds: the win rate, then the rounds, then their change.
    const pace = sensitivity(doc, system, { fight: 'mirror-match', fights: 60, seed: 1, metric: 'rounds' });
    if (typeof pace === 'string') throw new Error(pace);
    const paced = needleTable(pace);
    expect(paced[0]!.slice(4, 7)).toEqual(['heroes win', 'mean rounds', 'change']);
    const top = pace.nudges[0]!;
    expect(paced[1]!.slice(4, 7)).toEqual([String(Math.round(top.winRate.value * 1e4) / 1e4), String(Math.round(top.measure.value * 1e4) / 1e4), String(Math.round(top.delta * 1e4) / 1e4)]);
    const tuned = tune(doc, system, { fight: 'mirror-match', fights: 60, seed: 1, pointer: '/templates/0/tracks/hp', at: 1, target: 0.8 });
    if (typeof tuned === 'string') throw new Error(tuned);
    const values = tuneTable(tuned);
    expect(values[0]).toEqual(['value', 'heroes win', 'low', 'high', 'note']);
    expect(values.slice(1).map((r) => r[0])).toEqual(tuned.probes.map((p) => p.to));
    expect(values.slice(1).filter((r) => String(r[4]).includes('nearest'))).toHaveLength(1);
    expect(values.slice(1).filter((r) => String(r[4]).startsWith('now'))).toHaveLength(1);
  });

  it('gives the diff a row a fight and number compared, saved beside edited', () => {
    const diff = diffSystems(system, system, { fights: 60, seed: 1 }, { a: 'saved', b: 'edited' });
    if (typeof diff === 'string') throw new Error(diff);
    const rows = diffTable(diff);
    expect(rows[0]!.slice(0, 4)).toEqual(['fight', 'number', 'saved', 'edited']);
    expect(rows).toHaveLength(1 + diff.compared.reduce((n, f) => n + (f.heroDied ? 3 : 2), 0));
    const win = rows.find((r) => r[0] === diff.compared[0]!.fight && r[1] === 'heroes win')!;
    // The same document on both sides: the same fights, no change.
    expect(win[2]).toBe(win[3]);
    expect(Number(win[4])).toBe(0);
    expect(win[9]).toBe(false);
  });
});


describe('balance in plain words', () => {
  it('one minus sign', () => {
    expect(minus('-5% … -1%')).toBe('\u22125% … \u22121%');
    expect(minus('a-b 3')).toBe('a-b 3');
  });
  it('a needle variant with no dice or a die of no faces cannot be played', () => {
    const knob = (formula: string, start: number, end: number) => ({ label: `standard · combat.damage: 1 in ${formula}`, span: { start, end } });
    expect(unplayable(knob('1d6 + 2', 0, 1), 0)).toBe('no dice');
    expect(unplayable(knob('1d6 + 2', 2, 3), 0)).toBe('a die with no faces');
    expect(unplayable(knob('1d6 + 2', 2, 3), -1)).toBe('a die with no faces');
    expect(unplayable(knob('1d6 + 2', 6, 7), -1)).toBeNull();
    expect(unplayable(knob('1d6 + 2', 0, 1), 2)).toBeNull();
  });
  it('a diff row as a sentence', () => {
    expect(diffSentence('bench', 0.45, 0.2, true)).toBe('bench: heroes win 45% → 20% with the edit; the drop is real, not chance.');
    expect(diffSentence('bench', 0.45, 0.5, false)).toBe('bench: heroes win 45% → 50% with the edit; the rise could be chance (more fights would tell).');
  });
});
