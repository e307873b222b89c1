// `dist --system FILE [--at WHERE]` (issue 22 item 3): a formula's exact distribution over a system's user functions
// and sheet values: a hero's own numbers at --at, the samples the editor's hover assumes elsewhere, --set over both.
import { describe, expect, it } from 'vitest';
import { run as dist } from '../../engine/cli/dist';

const SYSTEM = JSON.stringify({
  attributes: { might: { default: 2 }, pool: { default: 3 } },
  functions: {
    hits: { params: ['n'], body: 'let p = (@n)d6 in count(@p.faces, 5, 6)' },
    ones: { params: ['n'], body: 'let p = (@n)d6 in count(@p.faces, 1)' },
  },
  heroes: [{ id: 'aria', name: 'Aria', attributes: { might: 4, pool: 5 } }],
});

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const files: Record<string, string> = { 'sys.json': SYSTEM, 'broken.json': '{ nope' };
  const readText = async (path: string): Promise<string> => {
    if (!(path in files)) throw new Error(`ENOENT: no such file '${path}'`);
    return files[path]!;
  };
  const code = await dist(args, { out: (t) => void (out += t), err: (t) => void (err += t) }, readText);
  return { code, out, err };
}

async function pmfOf(...args: string[]): Promise<Array<[number, number]>> {
  const ran = await cli(...args, '--json');
  expect(ran.err).toBe('');
  expect(ran.code).toBe(0);
  return (JSON.parse(ran.out) as { pmf: Array<[number, number]> }).pmf;
}

const binomial = (n: number, p: number): Array<[number, number]> => {
  const out: Array<[number, number]> = [];
  let c = 1;
  for (let k = 0; k <= n; k++) {
    if (k > 0) c = (c * (n - k + 1)) / k;
    out.push([k, c * p ** k * (1 - p) ** (n - k)]);
  }
  return out;
};

describe('dist --system', () => {
  it('calls the system\'s functions, reading the attribute defaults where no sheet is named', async () => {
    const pmf = await pmfOf('hits(@pool)', '--system', 'sys.json');
    expect(pmf).toEqual(binomial(3, 1 / 3).map(([k, p]) => [k, expect.closeTo(p, 12)]));
  });

  it('--at a hero (by name, id or pointer) reads that hero\'s own numbers', async () => {
    for (const at of ['Aria', 'aria', '/heroes/0']) {
      const pmf = await pmfOf('hits(@pool) + @might', '--system', 'sys.json', '--at', at);
      expect(pmf).toEqual(binomial(5, 1 / 3).map(([k, p]) => [k + 4, expect.closeTo(p, 12)]));
    }
  });

  it('a sheet holds no condition unless --set says so: @conditions and @target.conditions are empty lists', async () => {
    expect(await pmfOf("has(@conditions, 'joker') ? 2 : 0", '--system', 'sys.json', '--at', 'Aria')).toEqual([[0, 1]]);
    expect(await pmfOf("has(@target.conditions, 'shaken') ? 1 : 0", '--system', 'sys.json')).toEqual([[0, 1]]);
    expect(await pmfOf("has(@conditions, 'joker') ? 2 : 0", '--system', 'sys.json', '--at', 'Aria', '--set', 'conditions=joker,')).toEqual([[2, 1]]);
  });

  it('--set wins over the sheet', async () => {
    const pmf = await pmfOf('ones(@pool)', '--system', 'sys.json', '--at', 'Aria', '--set', 'pool=2');
    expect(pmf).toEqual(binomial(2, 1 / 6).map(([k, p]) => [k, expect.closeTo(p, 12)]));
  });

  it('without --system the functions are unknown; a reference neither gives is an error at its place', async () => {
    const plain = await cli('hits(3)');
    expect(plain.code).toBe(1);
    expect(plain.err).toMatch(/hits/);
    const ran = await cli('@nothing + 1', '--system', 'sys.json');
    expect(ran.code).toBe(1);
    expect(ran.err).toContain('`@nothing` has no value here');
    expect(ran.err).toContain('  ^^^^^^^^\n');
  });

  it('a missing or broken file, an unknown sheet, or --at alone is a usage error (exit 2)', async () => {
    expect((await cli('1', '--system', 'missing.json')).code).toBe(2);
    expect((await cli('1', '--system', 'broken.json')).err).toMatch(/not JSON/);
    expect((await cli('1', '--system', 'sys.json', '--at', 'Bob')).err).toMatch(/--at Bob: the system has no hero/);
    expect((await cli('1', '--at', 'Aria')).code).toBe(2);
  });
});
