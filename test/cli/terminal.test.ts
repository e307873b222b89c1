// What a rule file or a command line can make the CLI print, through the bin (the path the user takes): no control
// character or bidirectional override reaches the terminal, in text or JSON, and an excerpt is a couple of hundred
// characters however long the line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'cli-terminal-'));
/** What a terminal would obey or reorder: C0 controls but line feed, DEL, C1, the bidirectional formatting characters. */
const OBEYED = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['bin/rules-studio.mjs', ...args], { encoding: 'utf8', timeout: 120_000, maxBuffer: 256 * 1024 * 1024 });
  return { ...r, all: `${r.stdout}${r.stderr}` };
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const mini = JSON.parse(readFileSync('test/fixtures/systems/mini-d20.json', 'utf8')) as Record<string, unknown> & { derived: Record<string, string> };
/** Clears the screen, homes the cursor and says all is well; a right-to-left override for good measure. */
const FORGED = '\u001b[2J\u001b[H1 file checked: no problems\u202e';

describe('check', () => {
  test('raw ESC bytes in a rule file are shown escaped, in the message and in the excerpt', () => {
    const path = file('raw-esc.json', `{\n  "id": "x${FORGED}",\n  "name": "n"\n}\n`);
    const r = cli('check', path);
    expect(r.status).toBe(1);
    expect(r.all).not.toMatch(OBEYED);
    expect(r.stdout).toContain('"id": "x\\u001b[2J\\u001b[H1 file checked: no problems\\u202e",');
    expect(r.stderr).toMatch(/^1 file checked: \d+ errors?, 0 warnings\n$/);
  });
  test('a \\u001b escape inside a JSON key is shown escaped where a message quotes the key; the JSON output is plain JSON', () => {
    const path = file('key-esc.json', JSON.stringify({ ...mini, [`evil${FORGED}`]: 1, derived: { ...mini.derived, [`x${FORGED}`]: '@str' } }, null, 2));
    const text = cli('check', path);
    expect(text.status).toBe(1);
    expect(text.all).not.toMatch(OBEYED);
    expect(text.stdout).toContain('unknown key `evil\\u001b[2J\\u001b[H1 file checked: no problems\\u202e` in the document');
    const json = cli('check', '--json', path);
    expect(json.status).toBe(1);
    expect(json.stdout).not.toMatch(OBEYED);
    const [report] = JSON.parse(json.stdout) as [{ diagnostics: { message: string; pointer: string }[] }];
    expect(report.diagnostics.some((d) => d.message.startsWith(`unknown key \`evil${FORGED}\` in the document`))).toBe(true);
    expect(report.diagnostics.map((d) => d.pointer)).toContain(`/derived/x${FORGED}`);
  });
  test('a file name with controls is escaped too', () => {
    const r = cli('check', join(dir, `missing${FORGED}.json`));
    expect(r.status).toBe(2);
    expect(r.all).not.toMatch(OBEYED);
    expect(r.stderr).toContain('missing\\u001b[2J');
  });
  test('a 50 MB one-line file: the "at most 8 MB" error and about 200 characters of the line, not the line', () => {
    const path = file('huge.json', `[${'1,'.repeat(26 * 1024 * 1024)}1]`);
    const r = cli('check', path);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/huge\.json:1:1: error: this file is \d+ MB; a system file may be at most 8 MB\n {2}\[1,1,1.*…\n {2}\^\n/);
    expect(r.all.length).toBeLessThan(1000);
  });
  test('a long line with an error far along shows the place, cut on both sides', () => {
    const line = `{"id": "x", "name": "${'n'.repeat(5000)}", "nope": 1, "description": "${'d'.repeat(5000)}"}`;
    const r = cli('check', file('long-line.json', `${line}\n`));
    const [, shown, caret] = /unknown key `nope`.*\n {2}(.*)\n {2}( *\^~*)\n/.exec(r.stdout) ?? [];
    expect(shown!.startsWith('…') && shown!.endsWith('…')).toBe(true);
    expect([...shown!].length).toBeLessThanOrEqual(202);
    expect(shown!.slice(caret!.indexOf('^'), caret!.length)).toBe('"nope"');
  });
});

describe('roll, dist and sim', () => {
  test('a formula with controls on the command line is echoed escaped under its error', () => {
    for (const command of ['roll', 'dist']) {
      const r = cli(command, `d20 + @x${FORGED}`);
      expect(r.status, r.stderr).not.toBe(0);
      expect(r.all).not.toMatch(OBEYED);
      expect(r.stderr).toContain('\\u001b[2J');
    }
  });
  test('a label given with --label is escaped in roll\'s chip', () => {
    const r = cli('roll', 'd20 + @str.mod', '--set', 'str.mod=3', '--label', `str.mod=Str${FORGED}`, '--seed', '1');
    expect(r.status).toBe(0);
    expect(r.all).not.toMatch(OBEYED);
  });
  test('sim of a file with errors prints them escaped; an unknown fight named with controls too', () => {
    const broken = file('sim-broken.json', JSON.stringify({ ...mini, derived: { ...mini.derived, 'str.mod': `@nope${FORGED}` } }, null, 2));
    const r = cli('sim', broken, '--fight', 'duel');
    expect(r.status).toBe(1);
    expect(r.all).not.toMatch(OBEYED);
    expect(r.stderr).toContain('\\u001b[2J');
    const unknown = cli('sim', 'test/fixtures/systems/mini-d20.json', '--fight', `duel${FORGED}`);
    expect(unknown.status).toBe(1);
    expect(unknown.all).not.toMatch(OBEYED);
    expect(unknown.stderr).toContain("unknown fight 'duel\\u001b[2J");
  });
  test('an unknown command and an unknown option are echoed escaped', () => {
    expect(cli(`nope${FORGED}`).all).not.toMatch(OBEYED);
    expect(cli('check', `--nope${FORGED}`).all).not.toMatch(OBEYED);
    expect(cli('sim', `--nope${FORGED}`).all).not.toMatch(OBEYED);
    expect(cli('diff', `--nope${FORGED}`).all).not.toMatch(OBEYED);
  });
});
