// npm run bench: runs every bench/*.bench.ts in turn. Each prints its own figures, with ratios against a baseline
// measured in the same run. `npm run bench -- formula` runs only the files whose name contains "formula".
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const filter = process.argv[2];
const files = readdirSync(here).filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter))).sort();
for (const file of files) {
  console.log(`\n### ${file}`);
  const mod = (await import(`./${file}`)) as { run(): Promise<void> | void };
  await mod.run();
}
