// The benchmarks' big system: classic-d20 pretty-printed, with its bestiary cut so the file is 3,000 lines.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function bigSystemText(repo: string, maxLines = 3000): string {
  const doc = JSON.parse(readFileSync(join(repo, 'systems/classic-d20.json'), 'utf8')) as { bestiary: unknown[] };
  const full = doc.bestiary;
  let lo = 0;
  let hi = full.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    doc.bestiary = full.slice(0, mid);
    if (JSON.stringify(doc, null, 2).split('\n').length <= maxLines) lo = mid;
    else hi = mid - 1;
  }
  doc.bestiary = full.slice(0, lo);
  return JSON.stringify(doc, null, 2) + '\n';
}
