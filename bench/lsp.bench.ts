// The language server's figures (`npm run bench -- lsp`): keystroke → diagnostics through `rules-studio lsp` over
// stdio, as an editor sees it (the time from writing a didChange to reading its publishDiagnostics), p50/p95:
// - typing inside a formula on the 3,000-line system (the fast path: only the edited formula is checked again),
//   against the same on a small seed system (baseline);
// - typing outside any formula (a description: every keystroke is a full check), for comparison.
// Target: p95 ≤ 50 ms for typing inside a formula on 3,000 lines.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { LspClient, REPO, positionOf } from '../test/lsp/client';
import { bigSystemText } from './big-system';

const KEYSTROKES = Number(process.env.LSP_BENCH_KEYSTROKES ?? 120);
const KEY_GAP_MS = 150;

const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (n: number): string => `${n.toFixed(1)} ms`;
const load = (): string => `load ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`;
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

/** Types KEYSTROKES characters at `offset` (a space, then takes it back) and returns each keystroke's latency. */
async function keystrokes(client: LspClient, uri: string, text: string, offset: number, startVersion: number): Promise<number[]> {
  const at = positionOf(text, offset);
  const after = { line: at.line, character: at.character + 1 };
  const out: number[] = [];
  let version = startVersion;
  for (let i = 0; i < KEYSTROKES; i++) {
    version += 1;
    const from = client.notifications.length;
    const change = i % 2 === 0 ? { range: { start: at, end: at }, text: ' ' } : { range: { start: at, end: after }, text: '' };
    const started = performance.now();
    client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
    await client.diagnostics(uri, version, from);
    out.push(performance.now() - started);
    await sleep(KEY_GAP_MS);
  }
  return out;
}

function summary(label: string, latencies: number[]): { p50: number; p95: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = pct(sorted, 50);
  const p95 = pct(sorted, 95);
  console.log(`${label}: ${sorted.length} keystrokes, p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(sorted.at(-1) ?? NaN)} · ${load()}`);
  return { p50, p95 };
}

export async function run(): Promise<void> {
  console.log(`start: ${load()}`);
  const client = new LspClient();
  try {
    await client.initialize();
    const documents = [
      { name: 'twin-dice.json', text: readFileSync(join(REPO, 'systems/twin-dice.json'), 'utf8') },
      { name: 'bench-3000-lines.json', text: bigSystemText(REPO) },
    ];
    const results: Record<string, { p50: number; p95: number }> = {};
    for (const { name, text } of documents) {
      const uri = `file:///bench/${name}`;
      const lines = text.split('\n').length - 1;
      const opened = performance.now();
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
      await client.diagnostics(uri, 1);
      console.log(`${name} (${lines} lines): didOpen → first diagnostics ${ms(performance.now() - opened)}`);
      const formula = text.indexOf('"damage": "', text.indexOf('"combat"')) + '"damage": "'.length;
      results[name] = summary(`keystroke → diagnostics in a formula, ${name} (${lines} lines)`, await keystrokes(client, uri, text, formula, 1));
      await sleep(1000); // the full check after the pause
      const description = text.indexOf('"description": "') + '"description": "'.length;
      summary(`keystroke → diagnostics outside formulas (full check), ${name} (${lines} lines)`, await keystrokes(client, uri, text, description, 1 + KEYSTROKES));
      client.notify('textDocument/didClose', { textDocument: { uri } });
    }
    const big = results['bench-3000-lines.json']!;
    const small = results['twin-dice.json']!;
    console.log(`  ratio p95 big/small ×${(big.p95 / small.p95).toFixed(2)} · target p95 ≤ 50 ms in a formula on 3,000 lines: ${big.p95 <= 50 ? 'met' : 'NOT met'}`);
  } finally {
    await client.close();
  }
}
