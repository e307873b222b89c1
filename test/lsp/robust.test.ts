// Bad input never stops the language server: nonsense from the client, a huge file, a file that is not text, a
// formula too big to compute, requests about documents it does not have. Each gets a clear message (the editor's
// log, a diagnostic or a hover) and the server keeps answering.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LspClient, REPO, positionOf, type Message } from './client';

const seed = readFileSync(join(REPO, 'systems/twin-dice.json'), 'utf8');
const logs = (client: LspClient, from: number): string[] =>
  client.notifications.slice(from).filter((n) => n.method === 'window/logMessage').map((n) => (n.params as { message: string }).message);

describe('rules-studio lsp keeps serving after bad input', () => {
  let client: LspClient;
  const uri = 'file:///work/twin-dice.json';

  beforeAll(async () => {
    client = new LspClient();
    await client.initialize({ files: ['**/rules/*.json'] });
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text: seed } });
    expect(await client.diagnostics(uri, 1)).toEqual([]);
  });
  afterAll(async () => {
    if (client.process.exitCode === null) await client.close();
  });

  /** A real question the server must still answer: go to the definition of a check id. */
  async function stillServes(): Promise<void> {
    const at = seed.indexOf('"check": "') + '"check": "'.length + 1;
    const { result } = await client.request<{ uri: string } | null>('textDocument/definition', { textDocument: { uri }, position: positionOf(seed, at) });
    expect(result?.uri).toBe(uri);
  }

  test('nonsense framing: a header without Content-Length and a body that is not JSON are skipped and reported', async () => {
    const from = client.notifications.length;
    client.writeRaw('Garbage-Header: yes\r\n\r\n');
    client.writeRaw('Content-Length: 12\r\n\r\n{not json!!}');
    await stillServes();
    const said = logs(client, from);
    expect(said.some((m) => m.includes('header without Content-Length'))).toBe(true);
    expect(said.some((m) => m.includes('not JSON') && m.includes('{not json!!}'))).toBe(true);
  });

  test('nonsense messages: an unknown method, wrong parameters, positions past the end, unknown documents', async () => {
    const unknown = await client.request('rules/nonsense', {});
    expect(unknown.error?.code).toBe(-32601);
    // `null` parameters: the protocol library itself answers with an error (it reads params.workDoneToken).
    for (const method of ['textDocument/hover', 'textDocument/definition']) {
      const answer = await client.request(method, null);
      expect(answer.error?.message).toContain(`Request ${method} failed`);
    }
    for (const params of [42, {}, { textDocument: { uri } }, { textDocument: { uri }, position: { line: 'x', character: 1 } }, { textDocument: { uri: 'file:///never-opened.json' }, position: { line: 0, character: 0 } }]) {
      for (const method of ['textDocument/hover', 'textDocument/completion', 'textDocument/definition', 'textDocument/codeAction', 'textDocument/documentSymbol']) {
        const ownDocument = (params as { textDocument?: { uri?: string } } | null)?.textDocument?.uri === uri;
        if (method === 'textDocument/documentSymbol' && ownDocument) continue; // a whole question: it has an answer
        const answer = await client.request(method, params);
        expect(answer.error, `${method} ${JSON.stringify(params)}`).toBeUndefined();
        expect(answer.result === null || (Array.isArray(answer.result) && answer.result.length === 0), `${method} ${JSON.stringify(params)}`).toBe(true);
      }
    }
    // Past the end of the document: clamped, answered.
    const far = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 99_999, character: 99_999 } });
    expect(far.error).toBeUndefined();
    const from = client.notifications.length;
    client.notify('textDocument/didOpen', { textDocument: { uri: 5 } });
    client.notify('textDocument/didChange', { textDocument: { uri: 'file:///never-opened.json', version: 2 }, contentChanges: [{ text: '{}' }] });
    client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: -1, character: 'a' } }, text: 'x' }] });
    await stillServes();
    const said = logs(client, from);
    expect(said.some((m) => m.includes('didOpen without a text document'))).toBe(true);
    expect(said.some((m) => m.includes('never-opened.json') && m.includes('not open'))).toBe(true);
    // The nonsense change was dropped: the document is still the seed, and still checks clean.
    expect(await client.diagnostics(uri, 2)).toEqual([]);
  });

  test('a huge file gets one diagnostic saying so, and the server goes on', async () => {
    const big = 'file:///work/huge.json';
    const text = seed.replace('"description": "', '"description": "' + 'x'.repeat(9 * 1024 * 1024));
    client.notify('textDocument/didOpen', { textDocument: { uri: big, languageId: 'json', version: 1, text } });
    const diagnostics = await client.diagnostics(big, 1);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.message).toMatch(/a system file may be at most 8 MB/);
    client.notify('textDocument/didClose', { textDocument: { uri: big } });
    await stillServes();
  });

  test('a file that is not text gets one diagnostic saying so', async () => {
    const binary = 'file:///work/rules/binary.json';
    client.notify('textDocument/didOpen', { textDocument: { uri: binary, languageId: 'json', version: 1, text: '\u0000\u0001PK\u0003\u0004' } });
    const diagnostics = await client.diagnostics(binary, 1);
    expect(diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('not a text file')]);
    await stillServes();
  });

  test('a formula too big to compute: the hover says why, at once, and the server goes on', async () => {
    const heavy = 'file:///work/heavy.json';
    const text = seed.replace(/"damage": "[^"]*"/, '"damage": "(10d10)d(10d10)"');
    expect(text).not.toBe(seed);
    client.notify('textDocument/didOpen', { textDocument: { uri: heavy, languageId: 'json', version: 1, text } });
    await client.diagnostics(heavy, 1);
    const at = text.indexOf('(10d10)d(10d10)') + 3;
    const { result } = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: heavy }, position: positionOf(text, at) });
    expect(result.contents.value).toMatch(/too much work for an exact distribution/);
    await stillServes();
  });

  test('only system documents are checked: other JSON gets nothing; a configured glob makes a file one', async () => {
    const other = 'file:///work/package.json';
    const from = client.notifications.length;
    client.notify('textDocument/didOpen', { textDocument: { uri: other, languageId: 'json', version: 1, text: '{ "name": "x", "version": "1" }' } });
    const hover = await client.request('textDocument/documentSymbol', { textDocument: { uri: other } });
    expect(hover.result).toBeNull();
    expect(client.notifications.slice(from).some((n: Message) => (n.params as { uri?: string } | undefined)?.uri === other)).toBe(false);
    // Without `$schema`, but under rules/ (the glob given at initialize): checked, so the missing fields are errors.
    const globbed = 'file:///work/rules/bare.json';
    client.notify('textDocument/didOpen', { textDocument: { uri: globbed, languageId: 'json', version: 1, text: '{ "name": "x" }' } });
    const diagnostics = await client.diagnostics(globbed, 1);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.every((d) => d.source === 'rules-studio')).toBe(true);
  });
});

describe('rules-studio lsp settings', () => {
  test('the defence of the attack roll hover comes from the `defence` setting', async () => {
    const client = new LspClient();
    try {
      await client.initialize({ defence: 15 });
      const text = readFileSync(join(REPO, 'systems/classic-d20.json'), 'utf8');
      const uri = 'file:///work/classic-d20.json';
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
      await client.diagnostics(uri, 1);
      const at = text.indexOf('"roll": "(@edge > 0 ? 2d20kh1') + '"roll": "'.length + 2;
      const { result } = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, at) });
      expect(result.contents.value).toMatch(/Chance to hit defence \*\*15\*\*: \*\*[\d.]+%\*\*/);
    } finally {
      await client.close();
    }
  });
});
