#!/usr/bin/env node
// Reruns the table of sample fights in systems/README.md ("Sample fights"): for each of its rows, `rules-studio sim
// systems/<id>.json --fight <fight> --fights 2000 --json` (seed 1), and prints the table again in the same columns.
// `node scripts/seed-table.mjs` prints it; `--write` puts it in place of the old one.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const readmePath = resolve(root, 'systems', 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const lines = readme.split('\n');
const header = lines.findIndex((l) => l.startsWith('| system | fight |'));
if (header < 0) throw new Error('systems/README.md has no table of sample fights');
let end = header + 2;
while (end < lines.length && lines[end].startsWith('|')) end++;
const rows = lines.slice(header + 2, end).map((l) => l.split('|').map((c) => c.trim()).filter(Boolean).slice(0, 2));

const pct = (x) => `${(100 * x).toFixed(1)}%`;
const out = [lines[header], lines[header + 1]];
for (const [system, fight] of rows) {
  const text = execFileSync(process.execPath, [resolve(root, 'bin', 'rules-studio.mjs'), 'sim', `systems/${system}.json`, '--fight', fight, '--fights', '2000', '--json'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const r = JSON.parse(text);
  const n = r.fights;
  out.push(`| ${system} | ${fight} | ${pct(r.wins.heroes / n)} | ${pct(r.wins.enemies / n)} | ${pct(r.wins.draw / n)} | ${r.rounds.mean.toFixed(2)} | ${r.rounds.p50} | ${r.rounds.p90} | ${pct(r.heroDown)} | ${pct(r.heroDied)} |`);
}
if (process.argv.includes('--write')) {
  writeFileSync(readmePath, [...lines.slice(0, header), ...out, ...lines.slice(end)].join('\n'));
} else {
  process.stdout.write(`${out.join('\n')}\n`);
}
