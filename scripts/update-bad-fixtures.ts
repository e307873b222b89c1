// Rewrites test/fixtures/bad/NN-name.expected.json from what checkSystem says now, and prints every diagnostic with
// the text it underlines, for review. Run after an intended change of wording or placement:
//   npx tsx scripts/update-bad-fixtures.ts    then read the output and `git diff test/fixtures/bad` before committing.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { checkSystem } from '../engine/schema/check';

const dir = new URL('../test/fixtures/bad/', import.meta.url);
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json')).sort()) {
  const text = readFileSync(new URL(file, dir), 'utf8');
  const { diagnostics } = checkSystem(text);
  const expected = diagnostics.map(({ severity, source, code, pointer, line, column, endLine, endColumn, message }) => ({
    severity, source, code, pointer, line, column, endLine, endColumn, message,
  }));
  writeFileSync(new URL(file.replace(/\.json$/, '.expected.json'), dir), `${JSON.stringify(expected, null, 2)}\n`);
  console.log(`## ${file}`);
  for (const d of diagnostics) console.log(`  ${d.line}:${d.column} ${d.severity} [${d.source}] ${d.message}\n    underlines: ${text.slice(d.start, d.end).slice(0, 80)}`);
}
