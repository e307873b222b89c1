// `dist` and `roll` where explosion and reroll meet, through the bundle a user runs (`npm run -s cli -- dist ...`
// runs bin/rules-studio.mjs): issue 17 saw `dist '2d2!r2'` answer ok with "mean": null and an empty pmf, and the table
// die with a stack trace (toFixed of undefined, exit 70), while `roll` gave 2.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTable } from '../../engine/cli/dist';

function cli(...args: string[]) {
  return spawnSync(process.execPath, ['bin/rules-studio.mjs', ...args], { encoding: 'utf8', timeout: 120_000 });
}

/** A failure as the user sees it: exit 1, the message, the formula and a caret line; no stack trace. */
function expectCleanError(ran: ReturnType<typeof cli>, message: string, formula: string): void {
  expect(ran.status).toBe(1);
  expect(ran.stdout).toBe('');
  expect(ran.stderr).toBe(`error: ${message}\n  ${formula}\n  ${'^'.repeat(formula.length)}\n`);
}

describe('dist and roll through the bundle: explosion and reroll together', () => {
  it("dist '2d2!r2' is 2 for certain, in JSON and in the table, and roll agrees", () => {
    const json = cli('dist', '2d2!r2', '--json');
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ min: 2, max: 2, mean: 2, stdev: 0, pmf: [[2, 1]], type: 'number' });
    const table = cli('dist', '2d2!r2');
    expect(table.status).toBe(0);
    expect(table.stderr).toBe('');
    expect(table.stdout).toMatch(/^\s+2\s+100\.00%\s+100\.00%\s+█+$/m);
    expect(table.stdout).toContain('min 2   max 2   mean 2   stdev 0');
    // Every 2 is rerolled away (struck through in the chip) and the 1 it settles on never explodes.
    for (const seed of ['1', '2', '3', '4']) expect(cli('roll', '2d2!r2', '--seed', seed).stdout).toMatch(/^2d2!r2 \((~2~, )*1, (~2~, )*1\) = 2\n$/);
  });

  it("dist 'd(@n)r1!' --set n=2 is a clear error naming the d2 and the place, in both views; roll says the same", () => {
    const message = 'in `d(@n)r1!`: exploding on the highest face (2) matches every face a d2 can settle on after rerolling on 1: it would never stop';
    expectCleanError(cli('dist', 'd(@n)r1!', '--set', 'n=2'), message, 'd(@n)r1!');
    expectCleanError(cli('dist', 'd(@n)r1!', '--set', 'n=2', '--json'), message, 'd(@n)r1!');
    expectCleanError(cli('roll', 'd(@n)r1!', '--set', 'n=2', '--seed', '4'), message, 'd(@n)r1!');
    // n = 3 settles (a 2 stops the chain).
    expect(JSON.parse(cli('dist', 'd(@n)r1!', '--set', 'n=3', '--json').stdout).mean).toBeCloseTo(2.5 * 2, 12);
  });

  it('formulas whose dist exploded on a face rerolled away now answer as roll does; a die that mostly fails is exit 1, never 70', () => {
    // A plain ! explodes on the die's highest face; where r takes it away (3d3!r3: each die 1 or 2) nothing explodes.
    const answers = { '3d3!r3': 4.5, '1d4r4!': 2, '2d4!r4': 4, '2d3r3!': 3 };
    for (const [formula, mean] of Object.entries(answers)) {
      const ran = cli('dist', formula);
      expect(ran.status, formula).toBe(0);
      expect(ran.stdout, formula).toContain(`mean ${mean}   stdev`);
    }
    expectCleanError(cli('dist', 'd1000r<1000'), 'a die here needs more than 100 rerolls (which stops the roll with an error) in 90.4% of its rolls', 'd1000r<1000');
  });

  it('a fight that rolls a computed die that never settles stops with that error, naming the term, the fight and the turn', () => {
    // Template damage `d(@str - @str + 2)r1!` is a d2: it checks clean (the size is computed from an attribute with no
    // range), never settles. (`d(@tier - @tier + 2)r1!` no longer serves: a template's formulas are checked at each tier.)
    const doc = JSON.parse(readFileSync('test/fixtures/systems/mini-d20.json', 'utf8')) as { templates: { combat?: { damage?: string } }[] };
    const template = doc.templates.find((t) => t.combat?.damage === '(@tier)d6 + @tier')!;
    template.combat!.damage = 'd(@str - @str + 2)r1!';
    const file = join(mkdtempSync(join(tmpdir(), 'dist-dice-')), 'endless.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    expect(cli('check', file).status).toBe(0);
    const ran = cli('sim', file, '--fight', 'duel', '--fights', '10');
    expect(ran.status).toBe(1);
    expect(ran.stderr).toBe(
      "sim: fight 'duel', round 1, standard-1's turn: in `d(@str - @str + 2)r1!`: exploding on the highest face (2) matches every face a d2 can settle on after rerolling on 1: it would never stop\n",
    );
  });

  it('npm run -s cli -- dist runs the same bundle', () => {
    const ran = spawnSync('npm', ['run', '-s', 'cli', '--', 'dist', '2d2!r2', '--json'], { encoding: 'utf8', timeout: 120_000 });
    expect(ran.status).toBe(0);
    expect(JSON.parse(ran.stdout).pmf).toEqual([[2, 1]]);
  });

  it('the table of an empty distribution says so instead of throwing', () => {
    const empty = { ok: true as const, type: 'number' as const, min: NaN, max: NaN, mean: NaN, stdev: NaN, pmf: [], notes: [] };
    expect(renderTable('2d2!r2', empty)).toBe('2d2!r2\n\nno values: this distribution is empty\n');
  });
});

