// The Rules outline on the real seed systems: the seed's places, the template table's values against the formulas
// worked by hand, where an editor position falls, and value edits that change exactly one value.
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { pointerToPath } from './jsonLocations';
import { placeOfPointer, rulesOutline, valueEdit } from './rulesOutline';

const read = (file: string) => readFileSync(new URL(`../../systems/${file}`, import.meta.url), 'utf8');
const classic = read('classic-d20.json');
const at = (json: unknown, pointer: string): unknown => pointerToPath(pointer).reduce<unknown>((o, k) => (o as Record<string | number, unknown>)?.[k], json);
const apply = (text: string, edit: { start: number; end: number; text: string }) => text.slice(0, edit.start) + edit.text + text.slice(edit.end);

describe('rulesOutline', () => {
  test("the seed's places, in order, each with the document's entries", () => {
    const outline = rulesOutline(classic);
    expect(outline.places.map((p) => p.title)).toEqual([
      'Rules › Rolls', 'Rules › Advanced › Combat', 'Rules › Advanced › Turn', 'Rules › Conditions', 'Rules › Abilities', 'Rules › Templates', 'Bestiary', 'Heroes', 'Fights',
    ]);
    const doc = JSON.parse(classic);
    const place = (id: string) => outline.places.find((p) => p.id === id)!;
    // Every check and every condition is a group; a group's fields are the values written in it.
    expect(place('rolls').groups.filter((g) => g.pointer.startsWith('/checks/')).map((g) => g.name)).toEqual(Object.keys(doc.checks));
    expect(place('conditions').groups.map((g) => g.name)).toEqual(doc.conditions.map((c: { id: string }) => c.id));
    expect(place('bestiary').groups).toHaveLength(doc.bestiary.length);
    for (const p of outline.places) for (const g of p.groups) for (const f of g.fields) expect(f.kind === 'list' ? JSON.parse(String(f.value)) : f.value).toEqual(at(doc, f.pointer));
    expect(outline.grid.value).toBe(true);
  });

  test("the template table: each number's mean at tiers 1–6, as its formula gives it", () => {
    const { templates } = rulesOutline(classic);
    expect(templates.tiers).toEqual([1, 2, 3, 4, 5, 6]);
    const row = (role: string) => templates.rows.find((r) => r.role === role)!;
    const number = (role: string, name: string) => row(role).numbers.find((n) => n.name === name)!;
    // minion hp `2 + 3 * @tier`; standard damage `(@tier)d6 + @tier` has mean 3.5t + t; boss defence `14 + @tier`.
    expect(number('minion', 'hp').values).toEqual([1, 2, 3, 4, 5, 6].map((t) => 2 + 3 * t));
    expect(number('standard', 'damage').values).toEqual([1, 2, 3, 4, 5, 6].map((t) => 4.5 * t));
    expect(number('boss', 'defence').values).toEqual([1, 2, 3, 4, 5, 6].map((t) => 14 + t));
    expect(number('minion', 'hp').pointer).toBe('/templates/0/tracks/hp');
    expect(templates.rows.map((r) => r.role)).toEqual(['minion', 'standard', 'elite', 'boss']);
  });

  test('a template formula that does not parse has no values; a document that does not parse keeps its places', () => {
    const broken = classic.replace('"hp": "2 + 3 * @tier"', '"hp": "2 + * @tier"');
    expect(rulesOutline(broken).templates.rows[0]!.numbers[0]!.values).toEqual([null, null, null, null, null, null]);
    const cut = classic.slice(0, classic.indexOf('"templates"'));
    const outline = rulesOutline(cut);
    expect(outline.places[0]!.groups.length).toBeGreaterThan(0);
    expect(outline.templates.rows).toEqual([]);
    expect(rulesOutline('').places.every((p) => p.groups.length === 0)).toBe(true);
  });

  test('every seed system has an outline whose fields hold the values written there', () => {
    for (const file of readdirSync(new URL('../../systems/', import.meta.url)).filter((f) => f.endsWith('.json'))) {
      const text = read(file);
      const outline = rulesOutline(text);
      const doc = JSON.parse(text);
      const fields = outline.places.flatMap((p) => p.groups.flatMap((g) => g.fields));
      expect(fields.length, file).toBeGreaterThan(20);
      for (const f of fields.slice(0, 400)) expect(f.kind === 'list' ? JSON.parse(String(f.value)) : f.value, `${file} ${f.pointer}`).toEqual(at(doc, f.pointer));
    }
  });
});

describe('placeOfPointer', () => {
  const outline = rulesOutline(classic);
  test('the field and group a position is in', () => {
    expect(placeOfPointer(outline, '/templates/0/tracks/hp')).toEqual({ place: 'templates', group: '/templates/0', field: '/templates/0/tracks/hp' });
    expect(placeOfPointer(outline, '/checks/initiative/roll')).toEqual({ place: 'rolls', group: '/checks/initiative', field: '/checks/initiative/roll' });
    // On the group itself (its key), no field.
    expect(placeOfPointer(outline, '/checks/initiative')).toEqual({ place: 'rolls', group: '/checks/initiative', field: null });
    expect(placeOfPointer(outline, '/grid')?.place).toBe('rolls');
    expect(placeOfPointer(outline, '/name')).toBeNull();
  });
});

describe('valueEdit', () => {
  test('replaces a formula in place, as one edit, and nothing else', () => {
    const edit = valueEdit(classic, '/templates/0/tracks/hp', 'string', '4 + 3 * @tier');
    if (edit === null || typeof edit === 'string') throw new Error(String(edit));
    const after = apply(classic, edit);
    expect(after).toBe(classic.replace('"hp": "2 + 3 * @tier"', '"hp": "4 + 3 * @tier"'));
  });

  test('writes a missing member (`"grid": false` in a blank system) in the text\'s indentation', () => {
    const blank = '{\n    "id": "x",\n    "name": "X"\n}\n';
    const edit = valueEdit(blank, '/grid', 'boolean', false);
    if (edit === null || typeof edit === 'string') throw new Error(String(edit));
    expect(apply(blank, edit)).toBe('{\n    "id": "x",\n    "name": "X",\n    "grid": false\n}\n');
  });

  test("an object's numeric key stays a key (a hero's `slots` by spell level), named counterexample of the property below", () => {
    const edit = valueEdit(classic, '/heroes/5/slots/2', 'number', 9);
    if (edit === null || typeof edit === 'string') throw new Error(String(edit));
    expect(JSON.parse(apply(classic, edit)).heroes[5].slots['2']).toBe(9);
  });

  test('a value already there is no edit at all (no empty undo step)', () => {
    expect(valueEdit(classic, '/templates/0/tracks/hp', 'string', '2 + 3 * @tier')).toBeNull();
    expect(valueEdit(classic, '/grid', 'boolean', true)).toBeNull();
    expect(valueEdit(classic, '/attributes/str/default', 'number', '10')).toBeNull();
  });

  test('numbers and lists are checked before anything is written', () => {
    expect(valueEdit(classic, '/attributes/str/default', 'number', 'ten')).toMatch(/a number is expected here \(it reads 'ten'\)/);
    expect(valueEdit(classic, '/attributes/str/default', 'number', '')).toMatch(/a number is expected/);
    expect(valueEdit(classic, '/heroes/0/conditions', 'list', '["a", ')).toMatch(/a list is written as \[/);
    expect(valueEdit(classic, '/heroes/0/conditions', 'list', '{"a": 1}')).toMatch(/a list is written as \[/);
    expect(valueEdit('[1, 2]', '/0', 'number', 3)).toMatch(/not a JSON object/);
  });

  test('property: any string, number or switch written at a field reads back there, and the rest of the document is unchanged', () => {
    const doc = JSON.parse(classic);
    const fields = rulesOutline(classic).places.flatMap((p) => p.groups.slice(0, 8).flatMap((g) => g.fields.filter((f) => f.kind !== 'list')));
    fc.assert(
      fc.property(fc.constantFrom(...fields), fc.oneof(fc.string(), fc.integer(), fc.boolean()), (field, raw) => {
        const value = field.kind === 'number' ? (typeof raw === 'number' ? raw : String(raw).length) : field.kind === 'boolean' ? Boolean(raw) : String(raw);
        const edit = valueEdit(classic, field.pointer, field.kind, value);
        if (typeof edit === 'string') throw new Error(edit);
        if (edit === null) {
          expect(value).toEqual(at(doc, field.pointer));
          return;
        }
        const after = JSON.parse(apply(classic, edit));
        expect(at(after, field.pointer)).toEqual(value);
        const restored = structuredClone(after);
        const path = pointerToPath(field.pointer);
        const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((o, k) => o[k] as Record<string | number, unknown>, restored);
        parent[path.at(-1)!] = at(doc, field.pointer);
        expect(restored).toEqual(doc);
      }),
      { seed: 2401, numRuns: 40 },
    );
  });
});
