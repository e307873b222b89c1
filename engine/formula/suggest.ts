// "Did you mean": known names near a mistyped one (edit distance with adjacent transpositions), and the phrase the
// checker adds to an unknown name's message.

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/** Up to `limit` known names close to `target`, nearest first. */
export function suggestNames(target: string, candidates: Iterable<string>, limit = 3): string[] {
  const allowed = Math.max(1, Math.floor(target.length / 3));
  const lowered = target.toLowerCase();
  const scored: { name: string; score: number }[] = [];
  for (const name of candidates) {
    if (Math.abs(name.length - target.length) > allowed) continue;
    const score = name.toLowerCase() === lowered ? 0.5 : editDistance(target, name);
    if (score <= allowed) scored.push({ name, score });
  }
  scored.sort((x, y) => x.score - y.score || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return scored.slice(0, limit).map((entry) => entry.name);
}

export function didYouMean(suggestions: readonly string[], prefix: string): string {
  if (suggestions.length === 0) return '';
  const quoted = suggestions.map((name) => `\`${prefix}${name}\``);
  const list = quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
  return `; did you mean ${list}?`;
}
