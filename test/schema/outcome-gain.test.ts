// An outcome's gain may read that outcome's @degree (an extended challenge's progress); other gains may not.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { checkSystem } from '../../engine/schema';

type Doc = { tracks: Record<string, unknown>; checks: Record<string, { outcomes?: { gain?: unknown[]; degree?: string }[] }>; abilities?: { gain?: unknown[] }[] };

function miniWith(change: (doc: Doc) => void): string {
  const doc = JSON.parse(readFileSync('test/fixtures/systems/mini-d20.json', 'utf8')) as Doc;
  doc.tracks.progress = { name: 'Progress', max: '100' };
  change(doc);
  return JSON.stringify(doc, null, 2);
}

const firstOutcome = (doc: Doc) => {
  const check = Object.values(doc.checks).find((c) => (c.outcomes?.length ?? 0) > 0)!;
  return check.outcomes![0]!;
};

describe('outcome gains read the outcome', () => {
  test('`@degree` in an outcome gain checks clean, and so does a botch emptying the track', () => {
    const text = miniWith((doc) => {
      const o = firstOutcome(doc);
      o.degree = '@total - @vs + 1';
      o.gain = [{ track: 'progress', amount: '@degree' }, { track: 'progress', amount: "@outcome == 'fumble' ? -@progress : 0" }];
    });
    const errors = checkSystem(text).diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toEqual([]);
  });
  test('a misspelt name in an outcome gain is reported at its characters', () => {
    const text = miniWith((doc) => { firstOutcome(doc).gain = [{ track: 'progress', amount: '@degre' }]; });
    const [error] = checkSystem(text).diagnostics.filter((d) => d.severity === 'error');
    expect(error?.source).toBe('formula');
    expect(error?.message).toContain('@degree');
    expect(text.slice(error!.start, error!.end)).toBe('@degre');
  });
  test('a track amount outside an outcome still reads only the sheet', () => {
    const text = miniWith((doc) => {
      doc.abilities = [...(doc.abilities ?? []), { id: 'focus', name: 'Focus', uses: 'action', gain: [{ track: 'progress', amount: '@degree' }] } as never];
    });
    const errors = checkSystem(text).diagnostics.filter((d) => d.severity === 'error' && d.source === 'formula');
    expect(errors.length).toBe(1);
    expect(errors[0]!.pointer).toMatch(/\/abilities\/\d+\/gain\/0\/amount$/);
  });
});
