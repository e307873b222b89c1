// `rules-studio check` follows the environment's language: LANG=pt_BR.UTF-8 prints the checker's messages and the
// summary in Portuguese (the `error:` word stays, for problem matchers); LANG=C and en_US print English.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'rules-lang-'));
const file = join(dir, 'typo.json');
const system = JSON.parse(readFileSync('systems/classic-d20.json', 'utf8')) as { attributes: { str: Record<string, unknown> } };
system.attributes.str.default = 'ten';
writeFileSync(file, JSON.stringify(system, null, 2));

function check(env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(LANG|LC_ALL|LC_MESSAGES|LANGUAGE)$/.test(k)));
  return spawnSync(process.execPath, ['bin/rules-studio.mjs', 'check', file], { encoding: 'utf8', timeout: 120_000, env: { ...clean, ...env } });
}

describe('check and LANG', () => {
  test('pt_BR.UTF-8: Portuguese', () => {
    const r = check({ LANG: 'pt_BR.UTF-8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(': error: `attributes.str.default` deve ser um número, mas é o texto "ten"');
    expect(r.stderr).toBe('1 arquivo verificado: 1 erro, 0 avisos\n');
  });
  test('C and en_US: English', () => {
    for (const LANG of ['C', 'en_US.UTF-8']) {
      const r = check({ LANG });
      expect(r.stdout).toContain(': error: `attributes.str.default` must be a number; got the text "ten"');
      expect(r.stderr).toBe('1 file checked: 1 error, 0 warnings\n');
    }
  });
});
