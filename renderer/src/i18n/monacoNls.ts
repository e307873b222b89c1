// Monaco's message table for a language: each `localize(index, "English")` call of Monaco's build whose English has a
// translation in `words` gives `table[index]` (one English message can sit at several indices). Pure; the generator
// (scripts/build-monaco-nls.ts) and the catalog test feed it the files of node_modules/monaco-editor/esm.
const CALL = /\blocalize2?\((\d+), ("(?:[^"\\]|\\.)*")/g;

export function monacoTable(sources: Iterable<string>, words: Readonly<Record<string, string>>): Record<string, string> {
  const table: Record<string, string> = {};
  for (const source of sources) {
    for (const m of source.matchAll(CALL)) {
      let english: string;
      try {
        english = JSON.parse(m[2]!) as string;
      } catch {
        continue; // an escape JSON does not read (\'): not a message we translate
      }
      const word = words[english];
      if (word !== undefined) table[m[1]!] = word;
    }
  }
  // In index order, so the generated file diffs well.
  return Object.fromEntries(Object.entries(table).sort(([a], [b]) => Number(a) - Number(b)));
}

/** The English messages of `words` that no call of Monaco's build writes (a typo, or Monaco changed its words). */
export function unusedWords(sources: Iterable<string>, words: Readonly<Record<string, string>>): string[] {
  const seen = new Set<string>();
  for (const source of sources) {
    for (const m of source.matchAll(CALL)) {
      try {
        seen.add(JSON.parse(m[2]!) as string);
      } catch {
        // as above
      }
    }
  }
  return Object.keys(words).filter((w) => !seen.has(w));
}
