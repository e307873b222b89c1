// The run-history API of the browser-mode server: token-checked like every route, arguments checked by the
// contract, and a round trip through the renderer's real BrowserHost into <workspace>/.rules-studio/runs/.
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runEntry } from '../../engine/balance/history';
import { startStudioServer, TOKEN_HEADER, type StudioServer } from '../../electron/web/server';
import { BrowserHost } from '../../renderer/src/host/browser-host';
import { readHistory, recordBatch } from '../../renderer/src/state/runHistory';

let base: string;
let workspace: string;
let server: StudioServer;
let host: BrowserHost;

const run = (heroes: number, text: string) =>
  runEntry({ system: 'skirmish', fight: 'duel', fights: 50, seed: 3, wins: { heroes, enemies: 50 - heroes, draw: 0 }, rounds: { mean: 4, p50: 4, p90: 7 } }, '1', text, new Date(Date.UTC(2026, 10, 30, 10, heroes)));

function invoke(channel: string, args: unknown[], headers: Record<string, string> = { [TOKEN_HEADER]: server.token }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: server.port, method: 'POST', path: `/api/invoke/${channel}`, headers: { host: `127.0.0.1:${server.port}`, 'content-type': 'application/json', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ args }));
  });
}

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'rs-web-runs-'));
  workspace = path.join(base, 'workspace');
  mkdirSync(workspace);
  mkdirSync(path.join(base, 'renderer'));
  server = await startStudioServer({ workspace, dataDir: path.join(base, 'data'), seedsDir: null, rendererDir: path.join(base, 'renderer'), watchIntervalMs: 0 });
  host = new BrowserHost({ origin: server.origin, token: server.token });
});

afterAll(async () => {
  host.close();
  await server.close();
  rmSync(base, { recursive: true, force: true });
});

describe('run history over HTTP', () => {
  test('without the token: 401, and nothing is written', async () => {
    expect((await invoke('studio:runs.append', [run(10, 'a')], {})).status).toBe(401);
    expect((await invoke('studio:runs.read', ['skirmish'], { [TOKEN_HEADER]: '0'.repeat(48) })).status).toBe(401);
    expect(existsSync(path.join(workspace, '.rules-studio'))).toBe(false);
  });

  test('bad arguments: 400 with what was expected', async () => {
    const traversal = await invoke('studio:runs.read', ['../../data']);
    expect(traversal.status).toBe(400);
    expect(JSON.parse(traversal.body).error).toMatch(/argument 1 \(systemId\): expected an id/);
    const forged = await invoke('studio:runs.append', [{ ...run(10, 'a'), system: '../escape' }]);
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body).error).toMatch(/run\.system/);
    expect(existsSync(path.join(workspace, '.rules-studio'))).toBe(false);
  });

  test('the studio records a batch through the BrowserHost and reads the trend back, bad lines reported', async () => {
    const systemText = '{"id": "skirmish", "version": "2.1", "fights": []}';
    const stats = { system: 'skirmish', fight: 'duel', fights: 40, seed: 9, wins: { heroes: 30, enemies: 10, draw: 0 }, rounds: { mean: 2.5, p50: 2, p90: 4 } };
    const recorded = await recordBatch(host.runs, stats, systemText, new Date('2026-11-30T09:00:00Z'));
    expect(recorded).toMatchObject({ ok: true, file: '.rules-studio/runs/skirmish.jsonl', entry: { version: '2.1', fight: 'duel', fights: 40 } });
    const file = path.join(workspace, '.rules-studio', 'runs', 'skirmish.jsonl');
    if (recorded.ok) expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify(recorded.entry)}\n`);
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"torn": \n${JSON.stringify(run(20, 'b'))}\n`);

    const view = await readHistory(host.runs, 'skirmish');
    expect(view.error).toBeNull();
    expect(view.runs.map((r) => r.wins.heroes)).toEqual([30, 20]);
    expect(view.notes[0]).toBe('1 line of the history file is not a run and was skipped.');
    expect(view.notes[1]).toMatch(/^line 2 skipped: not JSON/);
  });

  test('a refused call reaches the studio as a message, not an exception', async () => {
    const view = await readHistory(host.runs, '../nope');
    expect(view).toMatchObject({ runs: [], error: expect.stringMatching(/Could not read the run history: .*expected an id/) });
    const stats = { system: 'not/an id', fight: 'duel', fights: 1, seed: 1, wins: { heroes: 1, enemies: 0, draw: 0 }, rounds: { mean: 1, p50: 1, p90: 1 } };
    expect(await recordBatch(host.runs, stats, '{}', new Date())).toMatchObject({ ok: false, message: expect.stringMatching(/^The batch was not recorded: .*run\.system/) });
  });
});
