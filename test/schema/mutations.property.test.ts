// Random mutations of valid system files (keys removed, types changed, formulas corrupted, text cut short, random
// characters typed) never make the checker throw, and every diagnostic lies inside the text with a consistent
// line/column. Seeded: the same runs every time.
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSystem, type SystemDiagnostic } from '../../engine/schema/check';
import { fuzz } from '../fuzz';
import { mutate, paths, type Json } from './mutate';

const root = new URL('../../', import.meta.url);
const sources = [
  readFileSync(new URL('test/fixtures/systems/minimal.json', root), 'utf8'),
  ...readdirSync(new URL('systems/', root))
    .filter((f) => f.endsWith('.json') && f !== 'classic-d20.json') // the 334-monster file is slow to mutate many times
    .map((f) => readFileSync(new URL(`systems/${f}`, root), 'utf8')),
];

/** Line and column of an offset, counted independently of the checker. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

function assertPlaced(text: string, diagnostics: readonly SystemDiagnostic[]): void {
  for (const d of diagnostics) {
    expect(d.start).toBeGreaterThanOrEqual(0);
    expect(d.end).toBeGreaterThanOrEqual(d.start);
    expect(d.end).toBeLessThanOrEqual(text.length);
    expect({ line: d.line, column: d.column }).toEqual(position(text, d.start));
    expect({ line: d.endLine, column: d.endColumn }).toEqual(position(text, d.end));
    expect(d.message.length).toBeGreaterThan(0);
    expect(['json', 'schema', 'formula']).toContain(d.source);
  }
}

const replacement = fc.oneof(
  fc.constant(null), fc.boolean(), fc.integer({ min: -5, max: 30 }), fc.constant([]), fc.constant({}),
  fc.constantFrom('@str.mod +', '(((', 'd0', 'd20kh', '@tier', '@nope', "has(@target.tags)", '1 / 0', '"', '\\u00e9@x', 'd1!', '@'),
  fc.string({ maxLength: 12 }),
);

describe('checking mutated system files', () => {
  it('a structural mutation (remove a key, change a type, corrupt a formula) never throws', () => {
    const docs = sources.map((s) => JSON.parse(s) as Json);
    fc.assert(
      fc.property(fc.nat({ max: docs.length - 1 }), fc.nat(), fc.integer({ min: 0, max: 2 }), replacement, fc.boolean(), (which, at, kind, value, pretty) => {
        const doc = docs[which]!;
        const all = paths(doc);
        const path = all[at % all.length]!;
        const mutated = mutate(doc, path, (parent, key) => {
          if (kind === 0 && !Array.isArray(parent)) delete parent[key];
          else if (kind === 1 && typeof parent[key] === 'string') parent[key] = `${String(parent[key])} ${String(value)}`;
          else parent[key] = value;
        });
        const text = JSON.stringify(mutated, null, pretty ? 2 : 0);
        const result = checkSystem(text);
        assertPlaced(text, result.diagnostics);
      }),
      fuzz(42, 150),
    );
  });

  it('text cut short or typed into never throws and always places its diagnostics inside the text', () => {
    fc.assert(
      fc.property(fc.nat({ max: sources.length - 1 }), fc.nat(), fc.nat(), fc.string({ maxLength: 4 }), (which, cut, insertAt, typed) => {
        const source = sources[which]!;
        const cutText = source.slice(0, cut % (source.length + 1));
        assertPlaced(cutText, checkSystem(cutText).diagnostics);
        const i = insertAt % (source.length + 1);
        const typedText = source.slice(0, i) + typed + source.slice(i);
        const result = checkSystem(typedText);
        assertPlaced(typedText, result.diagnostics);
        if (cutText.trim().length < source.trim().length) expect(checkSystem(cutText).diagnostics.length).toBeGreaterThan(0);
      }),
      fuzz(7, 100),
    );
  });
});
