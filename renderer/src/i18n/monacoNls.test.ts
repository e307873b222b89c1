// Monaco's own words in Portuguese: every English message of the table is one Monaco's build writes, each keeps its
// {0} placeholders, and the committed index table is the one the table and the installed Monaco give.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { MONACO_PT_BR } from './monaco.pt-BR';
import { monacoTable, unusedWords } from './monacoNls';
import { OUTPUT, monacoSources, tableText } from '../../../scripts/build-monaco-nls';

const placeholders = (m: string) => [...m.matchAll(/\{\d+\}/g)].map((x) => x[0]).sort();

describe("Monaco's words in Portuguese", () => {
  const sources = [...monacoSources()];

  test('every English message is in Monaco, and keeps its placeholders', () => {
    expect(unusedWords(sources, MONACO_PT_BR)).toEqual([]);
    for (const [english, portuguese] of Object.entries(MONACO_PT_BR)) expect(placeholders(portuguese), english).toEqual(placeholders(english));
  });

  test('the committed table is current (npx tsx scripts/build-monaco-nls.ts writes it)', () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(tableText());
  });

  test('the context menu, the find box and the quick fix are in it', () => {
    const table = monacoTable(sources, MONACO_PT_BR);
    const words = new Set(Object.values(table));
    for (const w of ['Recortar', 'Copiar', 'Colar', 'Paleta de comandos', 'Localizar', 'Nenhum resultado', 'Correção rápida...', 'Ver o problema']) expect(words.has(w), w).toBe(true);
  });

  test('reads an index from a localize call and leaves other messages out', () => {
    expect(monacoTable(['a = localize(12, "Cut"); b = localize2(13, "Other"); c = localize(14, "Cut", x)'], { Cut: 'Recortar' })).toEqual({ 12: 'Recortar', 14: 'Recortar' });
  });
});
