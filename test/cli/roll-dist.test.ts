// `roll` and `dist` as a user runs them: arguments in, text or JSON out, exit codes. Most tests call run() with
// captured output; one spawns the real command line to prove the dispatcher passes exit codes through.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { run as dist } from '../../engine/cli/dist';
import { parseSetValue } from '../../engine/cli/formula-input';
import { run as roll } from '../../engine/cli/roll';

interface Ran {
  code: number;
  out: string;
  err: string;
}

async function cli(command: typeof dist, ...args: string[]): Promise<Ran> {
  let out = '';
  let err = '';
  const code = await command(args, { out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
}

interface DistJson {
  min: number;
  max: number;
  mean: number;
  stdev: number;
  pmf: Array<[number, number]>;
}

async function distJson(...args: string[]): Promise<DistJson> {
  const ran = await cli(dist, ...args, '--json');
  expect(ran.err).toBe('');
  expect(ran.code).toBe(0);
  return JSON.parse(ran.out) as DistJson;
}

/** The caret line under the formula points at exactly these characters. */
function caretUnder(err: string, formula: string, part: string): void {
  const lines = err.split('\n');
  const at = lines.indexOf(`  ${formula}`);
  expect(at).toBeGreaterThanOrEqual(0);
  const start = formula.indexOf(part);
  expect(lines[at + 1]).toBe(`  ${' '.repeat(start)}${'^'.repeat(part.length)}`);
}

describe('dist', () => {
  it('4d6kh3 --json: min 3, max 18, mean 15869/1296', async () => {
    const result = await distJson('4d6kh3');
    expect(Object.keys(result)).toEqual(expect.arrayContaining(['min', 'max', 'mean', 'stdev', 'pmf']));
    expect([result.min, result.max]).toEqual([3, 18]);
    expect(Math.abs(result.mean - 15869 / 1296)).toBeLessThan(1e-12);
    expect(result.pmf).toHaveLength(16);
    expect(result.pmf[0]?.[0]).toBe(3);
    expect(result.pmf[0]?.[1]).toBeCloseTo(1 / 1296, 15);
  });

  it('2d20kh1 + 5 and 5d10cs>=8', async () => {
    const advantage = await distJson('2d20kh1 + 5');
    expect([advantage.min, advantage.max]).toEqual([6, 25]);
    expect(advantage.mean).toBeCloseTo(5 + 13.825, 12);
    const pool = await distJson('5d10cs>=8');
    expect([pool.min, pool.max, pool.mean]).toEqual([0, 5, 1.5]);
  });

  it('reads --set values: (@tier)d6 + @str.mod with tier=3, str.mod=2', async () => {
    const result = await distJson('(@tier)d6 + @str.mod', '--set', 'tier=3', '--set', 'str.mod=2');
    expect([result.min, result.max]).toEqual([5, 20]);
    expect(result.mean).toBeCloseTo(12.5, 12);
  });

  it('prints a table with bars and the moments', async () => {
    const ran = await cli(dist, '2d6');
    expect(ran.code).toBe(0);
    const seven = ran.out.split('\n').find((line) => /^\s+7\s/.test(line));
    expect(seven).toMatch(/16\.67%\s+58\.33%\s+█{40}$/);
    expect(ran.out).toContain('min 2   max 12   mean 7   stdev 2.4152');
  });

  it('groups long tables into ranges and shows tests as false/true', async () => {
    const long = await cli(dist, '10d20');
    const rows = long.out.split('\n').filter((line) => /%/.test(line));
    expect(rows.length).toBeLessThanOrEqual(40);
    expect(long.out).toMatch(/\n\s+10–1\d\s/);
    const test = await cli(dist, 'd20 >= 11');
    expect(test.out).toMatch(/false\s+50\.00%/);
    expect(test.out).toContain('P(true) 50.00%');
  });

  it.each([
    ['1000000d1000000', /1,000,000 dice/, '1000000d1000000'],
    ['d1!', /every face/, 'd1!'],
    ['1 / 0', /division by zero/, '0'],
    ['d6 / (d6 - 1)', /division by zero.*16\.7%/, 'd6 - 1'],
    ['mx(1, 2)', /unknown function `mx`; did you mean `max`\?/, 'mx'],
    ['10000d6', /too much work/, '10000d6'],
  ])('%s: exit 1 with the message and a caret under the culprit', async (formula, message, culprit) => {
    const ran = await cli(dist, formula);
    expect(ran.code).toBe(1);
    expect(ran.out).toBe('');
    expect(ran.err).toMatch(message);
    caretUnder(ran.err, formula, culprit);
  });

  it('a formula nested 300 deep is a clear limit error', async () => {
    const formula = `${'('.repeat(300)}1${')'.repeat(300)}`;
    const ran = await cli(dist, formula);
    expect(ran.code).toBe(1);
    expect(ran.err).toMatch(/nests deeper than 64/);
  });

  it('an unset reference says how to set it, with the checker’s suggestion', async () => {
    const unset = await cli(dist, 'd20 + @str.mod');
    expect(unset.code).toBe(1);
    expect(unset.err).toContain('`@str.mod` has no value; give one with --set str.mod=');
    caretUnder(unset.err, 'd20 + @str.mod', '@str.mod');
    const typo = await cli(dist, 'd20 + @str.mdo', '--set', 'str.mod=1');
    expect(typo.err).toContain('did you mean `@str.mod`');
  });

  it('usage errors exit 2', async () => {
    expect((await cli(dist)).code).toBe(2);
    expect((await cli(dist, 'd20', '--bogus')).code).toBe(2);
    expect((await cli(dist, 'd20', '--set', 'novalue')).code).toBe(2);
    expect((await cli(dist, 'd20', '--set', '__proto__.x=1')).code).toBe(2);
    expect((await cli(dist, 'd20', 'd6')).err).toMatch(/one formula only/);
  });
});

describe('roll', () => {
  it('same seed, same chip', async () => {
    const first = await cli(roll, 'd20 + @str.mod', '--set', 'str.mod=3', '--seed', '1');
    const second = await cli(roll, 'd20 + @str.mod', '--set', 'str.mod=3', '--seed', '1');
    expect(first.code).toBe(0);
    expect(first.out).toBe(second.out);
    const match = /^d20 \((\d+)\) \+ 3 = (\d+)\n$/.exec(first.out);
    expect(match).not.toBeNull();
    expect(Number(match![2])).toBe(Number(match![1]) + 3);
  });

  it('labels come from --label only', async () => {
    const ran = await cli(roll, 'd20 + @str.mod', '--set', 'str.mod=3', '--label', 'str.mod=Strength', '--seed', '7');
    expect(ran.out).toMatch(/^d20 \(\d+\) \+ 3 Strength = \d+\n$/);
  });

  it('--json gives total, chip and terms', async () => {
    const ran = await cli(roll, '4d6kh3 + 2', '--seed', '42', '--json');
    const json = JSON.parse(ran.out) as { total: number; chip: string; terms: Array<{ kind: string; faces?: number[]; kept?: boolean[]; value: number }> };
    expect(json.chip.endsWith(` = ${json.total}`)).toBe(true);
    const dice = json.terms.find((t) => t.kind === 'dice')!;
    expect(dice.faces).toHaveLength(4);
    expect(dice.kept!.filter(Boolean)).toHaveLength(3);
    expect(json.total).toBe(dice.value + 2);
    // The chip and total agree with the distribution's support.
    expect(json.total).toBeGreaterThanOrEqual(5);
    expect(json.total).toBeLessThanOrEqual(20);
  });

  it('without --seed, prints the seed that repeats the roll', async () => {
    const ran = await cli(roll, '3d6');
    const seed = /--seed (\d+)/.exec(ran.err)?.[1];
    expect(seed).toBeDefined();
    const again = await cli(roll, '3d6', '--seed', seed!);
    expect(again.out).toBe(ran.out);
  });

  it('bad formulas exit 1, bad usage 2', async () => {
    const zero = await cli(roll, '1 / 0');
    expect(zero.code).toBe(1);
    caretUnder(zero.err, '1 / 0', '0');
    expect((await cli(roll, 'd1!')).code).toBe(1);
    expect((await cli(roll, 'frob(2)')).err).toMatch(/unknown function `frob`/);
    expect((await cli(roll, 'd20', '--seed', 'x')).code).toBe(2);
  });
});

describe('--set values', () => {
  it('parse as number, boolean, list or string', () => {
    expect(parseSetValue('2')).toBe(2);
    expect(parseSetValue('-1.5')).toBe(-1.5);
    expect(parseSetValue('true')).toBe(true);
    expect(parseSetValue('fire')).toBe('fire');
    expect(parseSetValue('fire,cold')).toEqual(['fire', 'cold']);
    expect(parseSetValue('1,2')).toEqual([1, 2]);
  });
});

describe('the installed command line', () => {
  it('passes exit codes and output through main.ts', () => {
    const ran = spawnSync('npx', ['tsx', 'engine/cli/main.ts', 'dist', '1 / 0'], { encoding: 'utf8' });
    expect(ran.status).toBe(1);
    expect(ran.stderr).toMatch(/division by zero/);
    expect(ran.stdout).toBe('');
  });
});
