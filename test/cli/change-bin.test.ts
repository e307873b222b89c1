// `rules-studio change FILE "REQUEST"` through the installed entry point (the cached bundle): the preview of the
// edited formulas, the balance diff of the fights touched, --json, --write keeping the file's formatting, refusals,
// and nothing the user wrote reaching the terminal raw.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

function cli(...args: string[]) {
  return spawnSync(process.execPath, ['bin/rules-studio.mjs', ...args], { encoding: 'utf8', timeout: 120_000 });
}

const D20 = 'systems/classic-d20.json';

function copyOf(file: string): string {
  const to = join(mkdtempSync(join(tmpdir(), 'change-')), 'system.json');
  copyFileSync(file, to);
  return to;
}

describe('rules-studio change', () => {
  test('"deixe os chefes mais difíceis a partir do tier 3" previews the boss template for tiers 3–6 and its balance diff, writing nothing', () => {
    const before = readFileSync(D20, 'utf8');
    const r = cli('change', D20, 'deixe os chefes mais difíceis a partir do tier 3', '--fights', '100');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('understood: role boss · tiers 3–6 · hit points +25% (harder) · defence +1 (harder)');
    expect(r.stdout).toContain('after   @tier >= 3 ? ceil((30 + 25 * @tier) * 1.25) : 30 + 25 * @tier');
    expect(r.stdout).toMatch(/before\s+55\s+80\s+105\s+130\s+155\s+180\n\s+after\s+55\s+80\s+132\s+163\s+194\s+225/);
    expect(r.stdout).toContain('after   @tier >= 3 ? 15 + @tier : 14 + @tier');
    expect(r.stdout).toContain('balance diff of the fights it touches (boss-tier-4)');
    expect(r.stdout).toMatch(/heroes win\n.*\nboss-tier-4 /);
    // And the grid cells it moves: the first party against bosses at tiers 3–6.
    expect(r.stdout).toContain('balance diff of the grid cells it moves (Four adventurers, level 5 against as many of the role as it has heroes)');
    for (const tier of [3, 4, 5, 6]) expect(r.stdout).toContain(`adventurers-5 vs 4 boss T${tier}`);
    expect(r.stdout).toContain(`not written: add --write to write ${D20}`);
    expect(readFileSync(D20, 'utf8')).toBe(before);
  });

  test('--json gives the structured change, the formulas, the fights and the diff', () => {
    const r = cli('change', D20, 'minions have half the hit points', '--fights', '50', '--json');
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, any>;
    expect(out.change).toEqual({ kind: 'template', roles: ['minion'], tiers: [1, 2, 3, 4, 5, 6], allTiers: true, changes: [{ stat: 'hp', op: 'times', by: 0.5, said: 'half' }] });
    expect(out.formulas[0]).toMatchObject({ pointer: '/templates/0/tracks/hp', before: '2 + 3 * @tier', after: 'ceil((2 + 3 * @tier) / 2)' });
    expect(out.fights).toEqual(['first-blood']);
    expect(out.diff.compared.map((c: { fight: string }) => c.fight)).toEqual(['first-blood']);
    expect(out.diff.fights).toBe(50);
    expect(out.cellDiff.cells.map((c: { tier: number }) => c.tier)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(out.cellDiff.fights).toBe(50);
    expect(out.written).toBe(false);
  });

  test('--write rewrites only the changed strings; the file then checks clean and says what was asked', () => {
    const file = copyOf(D20);
    const before = readFileSync(file, 'utf8');
    const r = cli('change', file, 'elites hit harder at tiers 5 and 6', '--write');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('no fight has an enemy that follows the changed templates at those tiers');
    expect(r.stdout).toContain(`written to ${file}`);
    const after = readFileSync(file, 'utf8');
    expect(after).toBe(before.replace('"damage": "(@tier + 1)d6 + @tier"', '"damage": "@tier >= 5 ? floor(((@tier + 1)d6 + @tier) * 1.25) : (@tier + 1)d6 + @tier"'));
    expect(cli('check', file).status).toBe(0);
  });

  test('"this system is gridless" sets the grid flag in place', () => {
    const file = copyOf(D20);
    const r = cli('change', file, 'this system is gridless', '--write');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('grid: true → false');
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(D20, 'utf8').replace('"grid": true', '"grid": false'));
  });

  test('a request it cannot read is refused (exit 1) with what it understood and what it did not; nothing is written', () => {
    const file = copyOf(D20);
    const before = readFileSync(file, 'utf8');
    const r = cli('change', file, 'make bosses wobble from tier 3', '--write');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('understood: role boss · tiers 3–6');
    expect(r.stderr).toContain("not understood: 'wobble'");
    expect(r.stderr).toMatch(/missing: what to change/);
    expect(readFileSync(file, 'utf8')).toBe(before);
    const json = cli('change', file, 'make bosses wobble', '--json');
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, notUnderstood: ['wobble'] });
  });

  test('what the request and the file say never reaches the terminal raw', () => {
    const file = copyOf(D20);
    const r = cli('change', file, 'make bosses \u001b[2J\u202e harder');
    expect(r.status).toBe(1);
    expect(r.stderr).not.toMatch(/[\u001b\u202e]/);
    expect(r.stderr).toContain('\\u001b');
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { templates: { tracks: { hp: string } }[] };
    doc.templates[3]!.tracks.hp = "30 + 25 * @tier + ('\u001b[31m' == 'x' ? 1 : 0)";
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const named = cli('change', file, 'make bosses harder', '--fights', '20');
    expect(named.status, named.stderr).toBe(0);
    expect(named.stdout).not.toContain('\u001b');
    expect(named.stdout).toContain("before  30 + 25 * @tier + ('\\u001b[31m' == 'x' ? 1 : 0)");
  });

  test('names the pinned enemies it leaves untouched, and compares no fight they alone are in', () => {
    const file = copyOf(D20);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { fights: { id: string; enemies: Record<string, unknown>[] }[] };
    const i = doc.fights.findIndex((f) => f.id === 'boss-tier-4');
    doc.fights[i]!.enemies[0]!.pinned = { tracks: { hp: 130 }, combat: { defence: 18 } };
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const r = cli('change', file, 'make bosses harder from tier 3');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('pinned: these enemies keep the sheet they were given; the change leaves them untouched');
    expect(r.stdout).toContain(`boss-tier-4 /fights/${i}/enemies/0: boss ×1 at tier 4`);
    expect(r.stdout).toContain('no fight has an enemy that follows the changed templates at those tiers');
    const json = JSON.parse(cli('change', file, 'make bosses harder from tier 3', '--json').stdout) as { pinned: unknown[]; fights: string[]; diff: unknown };
    expect(json).toMatchObject({ pinned: [{ fight: 'boss-tier-4', role: 'boss', tier: 4, count: 1 }], fights: [], diff: null });
  });

  test('usage errors exit 2', () => {
    expect(cli('change', D20).status).toBe(2);
    expect(cli('change', D20, 'make bosses harder', '--fights', '1').stderr).toMatch(/--fights needs a whole number 2\.\./);
    const missing = cli('change', 'no/such/file.json', 'make bosses harder');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/cannot read/);
  });
});
