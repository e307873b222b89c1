import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enumValueDescriptions, expandSnippet, idKindsOf, schemaCompletions, schemaHover, schemasAtPath, snippetBody } from './schemaHelp';
import { checkSystem } from '../schema/check';

const seed = (name: string): string => readFileSync(new URL(`../../systems/${name}.json`, import.meta.url), 'utf8');

/** The offset just after the first `needle` (after `after`). */
function after(text: string, needle: string, from = ''): number {
  const at = text.indexOf(needle, from ? text.indexOf(from) : 0);
  if (at < 0) throw new Error(`not found: ${needle}`);
  return at + needle.length;
}

const labels = (text: string, offset: number) => schemaCompletions(text, offset).map((c) => c.label);

describe('schema completion', () => {
  const classic = seed('classic-d20');

  it('offers the keys of `combat` inside it, the ones already there left out', () => {
    const offset = after(classic, '"combat": {');
    const got = labels(classic, offset);
    const present = Object.keys(JSON.parse(classic).combat);
    expect(present).toEqual(expect.arrayContaining(['mode', 'attack', 'damage']));
    const schemaFile = JSON.parse(readFileSync(new URL('../../schemas/system.schema.json', import.meta.url), 'utf8'));
    const all = Object.keys(schemaFile.$defs.combat.properties);
    expect(all).toEqual(expect.arrayContaining(['mode', 'reaction', 'targeting', 'consequences', 'disengage']));
    expect(got.sort()).toEqual(all.filter((k) => !present.includes(k)).sort());
    const targeting = schemaCompletions(classic, offset).find((c) => c.label === 'targeting')!;
    expect(targeting.insertText).toBe('"targeting": {$1},');
    expect(targeting.documentation).toMatch(/./);
  });

  it('offers the same keys in a file without `$schema`', () => {
    const bare = classic.replace(/"\$schema": "[^"]*",\s*/, '');
    expect(bare).not.toContain('$schema');
    const withSchema = labels(classic, after(classic, '"combat": {'));
    expect(withSchema.length).toBeGreaterThan(0);
    expect(labels(bare, after(bare, '"combat": {'))).toEqual(withSchema);
  });

  it('`"mode": ""` offers both modes, each with its own description', () => {
    const text = classic.replace('"mode": "numbers"', '"mode": ""');
    const offset = after(text, '"mode": "');
    const got = schemaCompletions(text, offset);
    expect(got.map((c) => c.label)).toEqual(['"numbers"', '"consequences"']);
    expect(got[0]!.documentation).toBe('attack, damage, defence.');
    expect(got[1]!.documentation).toMatch(/^the hero rolls/);
    // The whole string is replaced, quotes included.
    expect(text.slice(got[0]!.start, got[0]!.end)).toBe('""');
  });

  it('offers true and false for a boolean', () => {
    const text = classic.replace(/"grid": (true|false)/, '"grid": ');
    expect(labels(text, after(text, '"grid": '))).toEqual(['true', 'false']);
  });

  it('offers the checks the document defines where a field names a check', () => {
    const text = classic.replace(/("attack": \{ "check": )"attack"/, '$1""');
    const got = labels(text, after(text, '"attack": { "check": "'));
    expect(got).toEqual(expect.arrayContaining(['"attack"', '"initiative"']));
    expect(got.length).toBe(Object.keys(JSON.parse(classic).checks).length);
  });

  it('offers condition ids in `applies` and hero ids in a fight', () => {
    expect(idKindsOf(schemasAtPath(['abilities', 0, 'applies', 0])[0], 0)).toEqual(['condition']);
    expect(idKindsOf(schemasAtPath(['fights', 0, 'heroes', 0])[0], 0)).toEqual(['hero']);
    expect(idKindsOf(schemasAtPath(['fights', 0, 'enemies', 0, 'template', 'role'])[0], 'role')).toEqual(['template']);
    // The definition of an id names nothing.
    expect(idKindsOf(schemasAtPath(['conditions', 0, 'id'])[0], 'id')).toEqual([]);
  });

  it('offers whole-entry snippets for a new check and a new condition', () => {
    const checks = labels(classic, after(classic, '"checks": {'));
    expect(checks).toContain('check with hit and miss');
    const conditions = labels(classic, after(classic, '"conditions": ['));
    expect(conditions).toContain('condition');
  });

  it('reads per-value descriptions out of a description', () => {
    const got = enumValueDescriptions('On a crit: `dice` rolls twice the damage dice, `total` doubles the damage, `none` leaves it.', ['dice', 'total', 'none']);
    expect(Object.fromEntries(got)).toEqual({ dice: 'rolls twice the damage dice', total: 'doubles the damage', none: 'leaves it.' });
  });
});

describe('schema hover', () => {
  it('gives the description of `grid`, and of any key, on the key', () => {
    const text = seed('forged');
    const hover = schemaHover(text, text.indexOf('"grid"') + 2)!;
    expect(hover.markdown).toMatch(/^`grid` · boolean\n\ntrue: fights are played on squares/);
    expect(text.slice(hover.start, hover.end)).toBe('"grid"');
    const deep = schemaHover(text, after(text, '"outcomes": [') + text.slice(after(text, '"outcomes": [')).indexOf('"when"') + 2)!;
    expect(deep.markdown).toMatch(/True when this is the outcome/);
  });
});

describe('defaultSnippets', () => {
  it('expand to a check, a condition and a hero that check clean in a seed system', () => {
    const doc = JSON.parse(seed('twin-dice')) as Record<string, any>;
    const first = (path: (string | number)[]): any => {
      const schema = schemasAtPath(path)[0] as { defaultSnippets?: { body: unknown }[] };
      return JSON.parse(expandSnippet(snippetBody(schema.defaultSnippets![0]!.body)));
    };
    doc.checks['new-check'] = { ...first(['checks', 'new']), roll: '2d6 + @might' };
    doc.conditions.push(first(['conditions', 0]));
    doc.heroes.push({ ...first(['heroes', 0]), attributes: { might: 8 } });
    const errors = checkSystem(JSON.stringify(doc, null, 2)).diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => `${d.pointer}: ${d.message}`)).toEqual([]);
    expect(doc.heroes.at(-1)).toMatchObject({ id: 'hero', level: 1, weapon: { damage: '1d8' } });
  });
});
