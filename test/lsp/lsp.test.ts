// `rules-studio lsp` driven over stdio as an editor drives it, through the bin (the CLI bundle a user's editor runs):
// initialize, didOpen of a seed system with a planted typo and an unknown reference, didChange, completion inside
// `combat`, hovers, definition, code actions, the outline, shutdown. Every diagnostic list is compared with what
// `rules-studio check --json` says of the same text, ranges included; distributions with `rules-studio dist --json`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LspClient, REPO, positionOf, type LspDiagnostic, type LspRange } from './client';

const dir = mkdtempSync(join(tmpdir(), 'rules-lsp-'));

function cli(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [join(REPO, 'bin/rules-studio.mjs'), ...args], { encoding: 'utf8', timeout: 120_000 });
}

/** `check --json` of a text, as LSP diagnostics (0-based lines and characters). */
function checkJson(text: string): LspDiagnostic[] {
  const file = join(dir, `check-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, text);
  const r = cli(['check', '--json', file]);
  const [report] = JSON.parse(r.stdout) as [{ diagnostics: { severity: string; message: string; source: string; pointer: string; line: number; column: number; endLine: number; endColumn: number }[] }];
  return report.diagnostics.map((d) => ({
    range: { start: { line: d.line - 1, character: d.column - 1 }, end: { line: d.endLine - 1, character: d.endColumn - 1 } },
    severity: { error: 1, warning: 2, info: 3 }[d.severity]!,
    source: 'rules-studio',
    code: d.source,
    message: d.message,
    data: { pointer: d.pointer },
  }));
}

const order = (ds: readonly LspDiagnostic[]): LspDiagnostic[] =>
  [...ds].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || (a.message < b.message ? -1 : 1));

/** The text of a range. */
function slice(text: string, range: LspRange): string {
  const lines = text.split('\n');
  const at = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return text.slice(at(range.start), at(range.end));
}

/** Applies LSP text edits (non-overlapping) to a text. */
function applyEdits(text: string, edits: readonly { range: LspRange; newText: string }[]): string {
  const lines = text.split('\n');
  const at = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  const sorted = [...edits].sort((a, b) => at(b.range.start) - at(a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, at(e.range.start)) + e.newText + out.slice(at(e.range.end));
  return out;
}

const seed = readFileSync(join(REPO, 'systems/classic-d20.json'), 'utf8');
// The planted mistakes: a misspelt key in combat.attack and an unknown reference in its defence formula.
const planted = seed.replace('"crit": "dice"', '"crt": "dice"').replace('"defence": "10 + @dex.mod + @armor"', '"defence": "10 + @dex.mdo + @armor"');
const uri = 'file://' + join(dir, 'classic-d20.json');

describe('rules-studio lsp over stdio', () => {
  let client: LspClient;
  let text = planted;
  let version = 1;

  beforeAll(async () => {
    expect(planted).not.toBe(seed);
    client = new LspClient();
  });
  afterAll(() => {
    if (client.process.exitCode === null) client.process.kill();
  });

  /** Sends an edit (LSP incremental change) and returns its version's first published diagnostics. */
  async function change(start: number, end: number, insert: string): Promise<{ diagnostics: LspDiagnostic[]; index: number }> {
    const range = { start: positionOf(text, start), end: positionOf(text, end) };
    text = text.slice(0, start) + insert + text.slice(end);
    version += 1;
    const index = client.notifications.length;
    client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range, text: insert }] });
    return { diagnostics: await client.diagnostics(uri, version, index), index };
  }

  let initialized: Record<string, unknown> = {};

  test('initialize: the server says what it offers', async () => {
    const { capabilities } = await client.initialize();
    initialized = capabilities;
    expect(capabilities).toMatchObject({
      textDocumentSync: { openClose: true, change: 2 },
      hoverProvider: true,
      definitionProvider: true,
      documentSymbolProvider: true,
      codeActionProvider: { codeActionKinds: ['quickfix'] },
      completionProvider: { triggerCharacters: expect.arrayContaining(['@']) },
    });
  });

  test("didOpen: the seed with a typo and an unknown reference gets check --json's diagnostics, ranges included", async () => {
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version, text } });
    const published = await client.diagnostics(uri, version);
    const expected = checkJson(text);
    expect(order(published)).toEqual(order(expected));
    // Both planted mistakes are there, at their characters.
    const typo = published.find((d) => d.message.includes('`crt`'));
    const reference = published.find((d) => d.message.includes('`@dex.mdo`'));
    expect(slice(text, typo!.range)).toBe('"crt"');
    expect(slice(text, reference!.range)).toBe('@dex.mdo');
    expect(published.length).toBe(2);
  });

  test('didChange inside a formula: the fast answer and the full check that follows both equal check --json', async () => {
    const damage = text.indexOf('"damage": "1d8 + max(@str.mod, @dex.mod)"') + '"damage": "1d8 + max(@str.mod, @dex.mod)'.length;
    const { diagnostics, index } = await change(damage, damage, ' + @st');
    const expected = order(checkJson(text));
    expect(order(diagnostics)).toEqual(expected);
    expect(diagnostics.some((d) => d.message.startsWith('unknown reference `@st`') && slice(text, d.range) === '@st')).toBe(true);
    // The edit stayed inside one formula: only it was re-checked, and a full check follows when typing pauses.
    const later = client.notifications.findIndex((n, i) => i > index && n.method === 'textDocument/publishDiagnostics');
    const full = await client.waitFor((n) => n.method === 'textDocument/publishDiagnostics' && (n.params as { version: number }).version === version, later >= 0 ? later : client.notifications.length);
    expect(order((full.params as { diagnostics: LspDiagnostic[] }).diagnostics)).toEqual(expected);
  });

  test('completion inside combat: `@` offers what combat.attack.damage may read, replacing what was typed', async () => {
    const cursor = text.indexOf(' + @st"') + ' + @st'.length;
    const { result } = await client.request<{ label: string; detail: string; textEdit: { range: LspRange; newText: string } }[]>('textDocument/completion', {
      textDocument: { uri },
      position: positionOf(text, cursor),
    });
    const labels = result.map((i) => i.label);
    expect(labels).toContain('@str.mod');
    expect(labels).toContain('@crit'); // the attack's outcome
    expect(labels).not.toContain('@tier'); // readable only in enemy templates
    const item = result.find((i) => i.label === '@str.mod')!;
    expect(slice(text, item.textEdit.range)).toBe('st');
    // Accepting it: the text checks as check --json says (the reference now exists).
    const { diagnostics } = await change(cursor - 2, cursor, item.textEdit.newText);
    expect(order(diagnostics)).toEqual(order(checkJson(text)));
    expect(diagnostics.some((d) => d.message.includes('`@st`'))).toBe(false);
  });

  test('completion inside combat: the keys the schema allows there, those already written left out', async () => {
    const at = text.indexOf('"combat": {') + '"combat": {'.length;
    const { result } = await client.request<{ label: string; kind: number; textEdit: { newText: string } }[]>('textDocument/completion', { textDocument: { uri }, position: positionOf(text, at) });
    const schema = JSON.parse(readFileSync(join(REPO, 'schemas/system.schema.json'), 'utf8')) as { $defs: { combat: { properties: Record<string, unknown> } } };
    const present = Object.keys((JSON.parse(text) as { combat: Record<string, unknown> }).combat);
    const keys = result.filter((i) => i.kind === 10).map((i) => i.label); // Property
    expect(keys.sort()).toEqual(Object.keys(schema.$defs.combat.properties).filter((k) => !present.includes(k)).sort());
    // The client said it takes snippets: a key's value comes with a place to type.
    expect(result.find((i) => i.label === 'targeting')!.textEdit.newText).toMatch(/^"targeting": /);
  });

  test('hover on a key: its description from the schema', async () => {
    const at = text.indexOf('"grid"') + 2;
    const { result } = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, at) });
    const schema = JSON.parse(readFileSync(join(REPO, 'schemas/system.schema.json'), 'utf8')) as { properties: { grid: { description: string } } };
    expect(result.contents.value).toContain(schema.properties.grid.description);
  });

  test('hover on a formula: its exact range and mean (as dist --json computes them), a table, and the assumed values', async () => {
    const formula = '1d8 + max(@str.mod, @dex.mod) + @str.mod';
    const at = text.indexOf(formula) + 2;
    const { result } = await client.request<{ contents: { kind: string; value: string }; range: LspRange }>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, at) });
    expect(result.contents.kind).toBe('markdown');
    expect(slice(text, result.range)).toBe(JSON.stringify(formula));
    const value = result.contents.value;
    const assumed = [...value.matchAll(/`@([\w.]+)` = (-?[\d.]+)/g)].map((m) => `${m[1]}=${m[2]}`);
    expect(assumed.length).toBeGreaterThan(0);
    const dist = JSON.parse(cli(['dist', formula, '--json', ...assumed.flatMap((a) => ['--set', a])]).stdout) as { min: number; max: number; mean: number; pmf: [number, number][] };
    const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/, '').replace(/\.$/, ''));
    expect(value).toContain(`range ${fmt(dist.min)}–${fmt(dist.max)}`);
    expect(value).toContain(`mean ${fmt(dist.mean)}`);
    expect(value).toContain('| value | chance | at least |');
    // The table's first row is the minimum, with its exact chance.
    const firstRow = value.split('\n').find((l) => /^\| -?\d/.test(l))!;
    expect(firstRow.startsWith(`| ${fmt(dist.min)}`)).toBe(true);
  });

  test('hover on the attack roll gives the chance to hit defence 13, as dist --json computes it', async () => {
    const roll = '"roll": "(@edge > 0 ? 2d20kh1 : @edge < 0 ? 2d20kl1 : d20) + @stat + @prof"';
    const at = text.indexOf(roll) + '"roll": "'.length + 3;
    const { result } = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, at) });
    const value = result.contents.value;
    const chance = /Chance to hit defence \*\*13\*\*: \*\*([\d.]+)%\*\*/.exec(value);
    expect(chance).not.toBeNull();
    const assumed = [...value.matchAll(/`@([\w.]+)` = (-?[\d.]+)/g)].map((m) => `${m[1]}=${m[2]}`);
    const formula = JSON.parse(roll.slice('"roll": '.length)) as string;
    const dist = JSON.parse(cli(['dist', `(${formula}) >= 13`, '--json', ...assumed.flatMap((a) => ['--set', a])]).stdout) as { mean: number };
    expect(Number(chance![1])).toBeCloseTo(dist.mean * 100, 0);
  });

  test('definition: the id in "check": "attack" leads to checks.attack', async () => {
    const combat = text.indexOf('"combat"');
    const at = text.indexOf('"check": "attack"', combat) + '"check": "'.length + 2;
    const { result } = await client.request<{ uri: string; range: LspRange }>('textDocument/definition', { textDocument: { uri }, position: positionOf(text, at) });
    expect(result.uri).toBe(uri);
    const checks = text.indexOf('"checks"');
    expect(result.range.start).toEqual(positionOf(text, text.indexOf('"attack"', checks)));
  });

  test('code actions: each "did you mean" is a quick fix whose edit removes the diagnostic', async () => {
    const diagnostics = checkJson(text);
    for (const [wrong, right] of [['"crt"', '"crit"'], ['@dex.mdo', '@dex.mod']] as const) {
      const d = diagnostics.find((x) => slice(text, x.range) === wrong)!;
      expect(d).toBeDefined();
      const { result } = await client.request<{ title: string; kind: string; isPreferred: boolean; edit: { changes: Record<string, { range: LspRange; newText: string }[]> } }[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: d.range,
        context: { diagnostics: [d] },
      });
      const fix = result.find((a) => a.title === `Change to \`${right.replace(/"/g, '')}\``);
      expect(fix).toMatchObject({ kind: 'quickfix', isPreferred: true });
      const edits = fix!.edit.changes[uri]!;
      const fixed = applyEdits(text, edits);
      expect(checkJson(fixed).some((x) => x.message === d.message)).toBe(false);
    }
    // Applied through the editor: the server's diagnostics follow.
    const d = diagnostics.find((x) => slice(text, x.range) === '"crt"')!;
    const { result } = await client.request<{ title: string; edit: { changes: Record<string, { range: LspRange; newText: string }[]> } }[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
    expect(result.map((a) => a.title)).toEqual(['Change to `crit`', 'Remove `crt`']); // as the studio offers
    const edit = result[0]!.edit.changes[uri]![0]!;
    const lines = text.split('\n');
    const offset = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
    const { diagnostics: after } = await change(offset(edit.range.start), offset(edit.range.end), edit.newText);
    expect(order(after)).toEqual(order(checkJson(text)));
    expect(after.map((x) => x.message)).toEqual([expect.stringContaining('`@dex.mdo`')]);
  });

  test('document symbols: the outline lists checks, conditions, abilities, templates, heroes and fights', async () => {
    const { result } = await client.request<{ name: string; range: LspRange; selectionRange: LspRange; children: { name: string; selectionRange: LspRange }[] }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const sections = new Map(result.map((s) => [s.name, s]));
    const document = JSON.parse(text) as Record<string, unknown>;
    for (const name of ['checks', 'conditions', 'abilities', 'templates', 'heroes', 'fights']) {
      const section = sections.get(name);
      expect(section, name).toBeDefined();
      const entries = document[name] as Record<string, unknown> | { id?: string; role?: string }[];
      const ids = Array.isArray(entries) ? entries.map((e) => e.id ?? e.role) : Object.keys(entries);
      expect(section!.children.map((c) => c.name)).toEqual(ids);
    }
    const attack = sections.get('checks')!.children.find((c) => c.name === 'attack')!;
    expect(slice(text, attack.selectionRange)).toBe('"attack"');
  });

  test('semantic tokens: formulas are coloured by token, and only formulas (not the d20 of a description)', async () => {
    const { capabilities } = { capabilities: initialized };
    const legend = (capabilities.semanticTokensProvider as { legend: { tokenTypes: string[] } }).legend.tokenTypes;
    const { result } = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } });
    const lines = text.split('\n');
    const tokens: { line: number; text: string; type: string }[] = [];
    let line = 0;
    let character = 0;
    for (let i = 0; i < result.data.length; i += 5) {
      const [dl, dc, length, type] = result.data.slice(i, i + 4) as [number, number, number, number];
      line += dl;
      character = dl === 0 ? character + dc : dc;
      tokens.push({ line, text: lines[line]!.slice(character, character + length), type: legend[type]! });
    }
    const damageLine = lines.findIndex((l) => l.includes('"damage": "1d8 + max('));
    expect(tokens.filter((t) => t.line === damageLine).map((t) => `${t.type}:${t.text}`)).toEqual(
      ['number:1', 'enumMember:d', 'number:8', 'operator:+', 'function:max', 'variable:@str.mod', 'variable:@dex.mod', 'operator:+', 'variable:@str.mod'],
    );
    const descriptionLine = lines.findIndex((l) => l.includes('"description": "The SRD 5.1 d20 game'));
    expect(descriptionLine).toBeGreaterThan(0);
    expect(tokens.filter((t) => t.line === descriptionLine)).toEqual([]);
  });

  test('shutdown, then exit: the server ends with status 0', async () => {
    const { result, error } = await client.request('shutdown', null);
    expect(error).toBeUndefined();
    expect(result).toBeNull();
    client.notify('exit', null);
    expect(await client.exited).toBe(0);
  });
});
