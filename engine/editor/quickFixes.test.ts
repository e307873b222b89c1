import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSystem } from '../schema/check';
import { quickFixes, suggestionsOf, type QuickFix } from './quickFixes';

const twin = readFileSync(new URL('../../systems/twin-dice.json', import.meta.url), 'utf8');

function apply(text: string, fix: QuickFix): string {
  let out = text;
  for (const edit of [...fix.edits].sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** Plants one mistake, takes the named fix of its only error, and returns the fixed text's errors. */
function fixOnce(planted: string, title: RegExp): { fixed: string; errorsAfter: string[]; titles: string[] } {
  const errors = checkSystem(planted).diagnostics.filter((d) => d.severity === 'error');
  expect(errors.length).toBe(1);
  const fixes = quickFixes(planted, errors[0]!);
  const fix = fixes.find((f) => title.test(f.title));
  if (!fix) throw new Error(`no fix ${title} among ${fixes.map((f) => f.title).join(', ')} for ${errors[0]!.message}`);
  const fixed = apply(planted, fix);
  return { fixed, errorsAfter: checkSystem(fixed).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), titles: fixes.map((f) => f.title) };
}

describe('quick fixes', () => {
  it('reads every suggestion of a "did you mean"', () => {
    expect(suggestionsOf('unknown reference `@st`; did you mean `@str`?')).toEqual(['@str']);
    expect(suggestionsOf('unknown function `x`; did you mean `a`, `b` or `c`?')).toEqual(['a', 'b', 'c']);
    expect(suggestionsOf('no suggestion here')).toEqual([]);
  });

  it('renames a misspelt key to its "did you mean", or removes it', () => {
    const planted = twin.replace('"name": "Broadsword"', '"nme": "Broadsword"');
    const renamed = fixOnce(planted, /^Change to `name`$/);
    expect(renamed.fixed).toBe(twin);
    expect(renamed.titles).toEqual(['Change to `name`', 'Remove `nme`']);
    const optional = twin.replace('"reach": "near", "type": "physical"', '"rech": "near", "type": "physical"');
    expect(optional).not.toBe(twin);
    const removed = fixOnce(optional, /^Remove `rech`$/);
    expect(removed.errorsAfter).toEqual([]);
    expect(removed.fixed).toBe(twin.replace('"reach": "near", "type": "physical"', '"type": "physical"'));
  });

  it('takes a formula reference suggestion inside the string', () => {
    const planted = twin.replace('"stat": "@dexterity"', '"stat": "@dexterty"');
    expect(fixOnce(planted, /@dexterity/).fixed).toBe(twin);
  });

  it('takes an id suggestion and an enum suggestion', () => {
    const id = twin.replace('"check": "attack"', '"check": "atack"');
    expect(fixOnce(id, /`attack`/).fixed).toBe(twin);
    const mode = twin.replace('"mode": "numbers"', '"mode": "number"');
    expect(fixOnce(mode, /`numbers`/).fixed).toBe(twin);
  });

  it('removes an unknown key with no suggestion', () => {
    const planted = twin.replace('"reach": "near"', '"reach": "near", "zzz": 1');
    const { fixed, errorsAfter } = fixOnce(planted, /^Remove `zzz`$/);
    expect(errorsAfter).toEqual([]);
    expect(fixed).toBe(twin);
  });

  it('adds a missing required field with a value of its type', () => {
    const planted = twin.replace(/"weapon": \{ "name": "Broadsword", "damage": "[^"]*", /, '"weapon": { "name": "Broadsword", ');
    expect(planted).not.toBe(twin);
    const { fixed, errorsAfter } = fixOnce(planted, /^Add `damage`$/);
    expect(JSON.parse(fixed).heroes[0].weapon.damage).toBe('');
    // An empty formula is its own error, at the new field: the fix put the field where it belongs.
    expect(errorsAfter.length).toBe(1);
    expect(errorsAfter[0]).not.toMatch(/missing/);
  });

  it('brings a number back inside its attribute\'s bounds', () => {
    const high = twin.replace('"might": 10', '"might": 20');
    const fixedHigh = fixOnce(high, /^Set to 12, its highest/);
    expect(fixedHigh.errorsAfter).toEqual([]);
    expect(JSON.parse(fixedHigh.fixed).heroes[0].attributes.might).toBe(12);
    const low = twin.replace('"might": 10', '"might": 2');
    expect(JSON.parse(fixOnce(low, /^Set to 6, its lowest/).fixed).heroes[0].attributes.might).toBe(6);
  });
});
