// Checking a whole system: a 3,000-line document (minimal.json with its conditions, abilities and templates
// replicated) checked warm, and re-checked after a one-character edit inside a formula (the editor's keystroke).
// Baseline: JSON.parse of the same text, the least any checker must do.
import { readFileSync } from 'node:fs';
import { checkSystem } from '../engine/schema/check';

function buildLargeSystem(targetLines: number): string {
  const base = JSON.parse(readFileSync(new URL('../test/fixtures/systems/minimal.json', import.meta.url), 'utf8')) as Record<string, any>;
  // Copies of the originals: the loop appends to base's own lists.
  const conditions = [...(base.conditions as Record<string, unknown>[])];
  const abilities = [...(base.abilities as Record<string, unknown>[])];
  const templates = [...(base.templates as Record<string, unknown>[])];
  let copy = 0;
  let text = '';
  for (;;) {
    copy += 1;
    for (const c of conditions) base.conditions.push({ ...c, id: `${String(c.id)}-${copy}`, edge: `-1 - ${copy % 7}` });
    for (const a of abilities) base.abilities.push({ ...a, id: `${String(a.id)}-${copy}` });
    for (const t of templates) base.templates.push({ ...t, role: `${String(t.role)}-${copy}`, tracks: { hp: `4 * @tier + ${copy}` } });
    text = JSON.stringify(base, null, 2);
    if (text.split('\n').length >= targetLines) return text;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

export async function run(): Promise<void> {
  const text = buildLargeSystem(3000);
  const lines = text.split('\n').length;
  const first = checkSystem(text);
  if (first.diagnostics.some((d) => d.severity === 'error')) throw new Error(`bench system has errors: ${first.diagnostics[0]!.message}`);

  const cold = time(() => checkSystem(text));
  const parse: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < 30; i++) {
    parse.push(time(() => JSON.parse(text)));
    warm.push(time(() => checkSystem(text)));
  }

  // One-character edits inside formulas: each changes a different condition's edge formula (`-1 - 3` → `-1 - 4`).
  const edits: number[] = [];
  let position = text.indexOf('"edge": "-1 - ');
  for (let i = 0; i < 30 && position >= 0; i++) {
    const digitAt = position + '"edge": "-1 - '.length;
    const digit = text[digitAt]!;
    const edited = text.slice(0, digitAt) + (digit === '9' ? '8' : String(Number(digit) + 1)) + text.slice(digitAt + 1);
    edits.push(time(() => checkSystem(edited)));
    position = text.indexOf('"edge": "-1 - ', digitAt);
  }
  // An edit that breaks a formula: the diagnostic must be placed too.
  const brokenAt = text.indexOf('"edge": "-1 - ') + '"edge": "-1 - '.length;
  const broken = `${text.slice(0, brokenAt)}*${text.slice(brokenAt + 1)}`;
  const brokenTimes: number[] = [];
  for (let i = 0; i < 10; i++) brokenTimes.push(time(() => checkSystem(broken)));

  const baseline = median(parse);
  const row = (label: string, ms: number, limit?: number) =>
    console.log(`${label.padEnd(44)} ${ms.toFixed(2).padStart(8)} ms  ${(ms / baseline).toFixed(1).padStart(6)}x JSON.parse${limit ? `  (target <= ${limit} ms: ${ms <= limit ? 'ok' : 'OVER'})` : ''}`);
  console.log(`system: ${lines} lines, ${(text.length / 1024).toFixed(0)} KB, ${first.diagnostics.length} diagnostics`);
  row('baseline: JSON.parse (median of 30)', baseline);
  row('first check (cold caches)', cold);
  row('check, warm (median of 30)', median(warm), 50);
  row('re-check after a 1-character edit (median)', median(edits), 20);
  row('re-check after an edit that breaks a formula', median(brokenTimes), 20);
}
