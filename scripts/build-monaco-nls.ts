// Writes renderer/src/i18n/generated/monaco-nls.pt-BR.json: Monaco's message table in Portuguese (index → message)
// from renderer/src/i18n/monaco.pt-BR.ts and the installed Monaco's build. Run after changing either:
// `npx tsx scripts/build-monaco-nls.ts` (`--check` says whether the committed file is current).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MONACO_PT_BR } from '../renderer/src/i18n/monaco.pt-BR';
import { monacoTable, unusedWords } from '../renderer/src/i18n/monacoNls';

const ROOT = new URL('../', import.meta.url).pathname;
export const OUTPUT = join(ROOT, 'renderer/src/i18n/generated/monaco-nls.pt-BR.json');

export function* monacoSources(dir = join(ROOT, 'node_modules/monaco-editor/esm/vs')): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* monacoSources(path);
    else if (name.endsWith('.js')) yield readFileSync(path, 'utf8');
  }
}

export function tableText(): string {
  return `${JSON.stringify(monacoTable(monacoSources(), MONACO_PT_BR), null, 1)}\n`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const unused = unusedWords(monacoSources(), MONACO_PT_BR);
  if (unused.length) console.error(`not in Monaco's build: ${unused.map((w) => JSON.stringify(w)).join(', ')}`);
  const text = tableText();
  if (process.argv.includes('--check')) {
    const current = readFileSync(OUTPUT, 'utf8') === text;
    console.log(current ? 'monaco-nls.pt-BR.json is current' : 'monaco-nls.pt-BR.json is stale: run npx tsx scripts/build-monaco-nls.ts');
    process.exit(current && unused.length === 0 ? 0 : 1);
  }
  writeFileSync(OUTPUT, text);
  console.log(`wrote ${OUTPUT} (${Object.keys(JSON.parse(text)).length} messages)`);
}
