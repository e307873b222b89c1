// The format's help in Portuguese: every English text of the table is a description the schema writes (a reworded one
// fails here), every description of the schema has its Portuguese (a new one fails here) keeping every backticked span
// of its English, and the key hover shows it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schemaCompletions, schemaHover } from '../editor/schemaHelp';
import { SCHEMA_PT_BR, completionWords, translateSchemaText } from './schema';

type Node = { description?: string; properties?: Record<string, Node>; items?: Node; $ref?: string; [k: string]: unknown };
const schema = JSON.parse(readFileSync('schemas/system.schema.json', 'utf8')) as Node & { $defs?: Record<string, Node> };

function descriptions(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const x of node) descriptions(x, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'description' && typeof v === 'string') out.add(v);
      else descriptions(v, out);
    }
  }
  return out;
}
const resolve = (n: Node): Node => (n.$ref ? schema.$defs![n.$ref.split('/').pop()!]! : n);

describe("the format's help in Portuguese", () => {
  it('every English text is one the schema writes', () => {
    const all = descriptions(schema);
    expect(Object.keys(SCHEMA_PT_BR).filter((english) => !all.has(english))).toEqual([]);
  });

  it('every description of the schema has its Portuguese, every section and field among them', () => {
    const all = [...descriptions(schema)];
    expect(all.length).toBeGreaterThan(500);
    expect(all.filter((d) => SCHEMA_PT_BR[d] === undefined)).toEqual([]);
    // The walk reaches the places a GM meets first: each top-level section and each field of an enemy template.
    const top = Object.values(schema.properties!).map((p) => resolve(p).description ?? p.description).filter((d): d is string => !!d);
    const template = Object.values(resolve(resolve(schema.properties!.templates!).items!).properties!).map((p) => p.description).filter((d): d is string => !!d);
    expect(top.length).toBeGreaterThan(20);
    expect([...top, ...template].filter((d) => !all.includes(d))).toEqual([]);
  });

  it('each Portuguese text keeps every backticked span of its English (ids, field names, formulas)', () => {
    const spans = (text: string): string[] => text.match(/`[^`]*`/g) ?? [];
    const lost = Object.entries(SCHEMA_PT_BR).flatMap(([en, pt]) => spans(en).filter((s) => !pt.includes(s)).map((s) => `${s} in: ${en}`));
    expect(lost).toEqual([]);
    const counts = Object.entries(SCHEMA_PT_BR).filter(([en, pt]) => spans(en).length !== spans(pt).length).map(([en]) => en);
    expect(counts).toEqual([]);
    // Something is translated, not copied: the Portuguese differs from the English wherever the English has prose.
    expect(Object.entries(SCHEMA_PT_BR).filter(([en, pt]) => en === pt && /[a-z]{4} [a-z]{4}/.test(en.replace(/`[^`]*`/g, '')))).toEqual([]);
  });

  it('the key hover shows it; English and unknown texts stay as they are', () => {
    const text = readFileSync('systems/classic-d20.json', 'utf8');
    const at = text.indexOf('"grid"') + 2;
    const pt = schemaHover(text, at, (d) => translateSchemaText(d, 'pt-BR'))!.markdown;
    expect(pt).toContain('true: as lutas são jogadas em quadrados');
    expect(schemaHover(text, at)!.markdown).toContain('true: fights are played on squares');
    // A value's hover is its part of the field's description, cut from the Portuguese whole.
    const value = text.indexOf('"on": "hit"') + '"on": "'.length + 1;
    expect(schemaHover(text, value, (d) => translateSchemaText(d, 'pt-BR'))!.markdown).toMatch(/^`hit`: \(ser acertado\), `spell` \(uma magia\)/);
    expect(schemaHover(text, value)!.markdown).toMatch(/^`hit`: \(being hit\), `spell` \(a spell\)/);
    // A field deep in the schema (a card's trigger, issue 23) is in Portuguese too.
    const card = 'True when it fires; default always.';
    expect(translateSchemaText([...descriptions(schema)].find((d) => d.startsWith(card))!, 'pt-BR')).toMatch(/^Verdadeiro quando ela dispara/);
    expect(translateSchemaText('something new', 'pt-BR')).toBe('something new');
  });

  it('key completion shows it too, with its own notes (required, new entry), the value choices cut from the Portuguese', () => {
    const text = readFileSync('systems/classic-d20.json', 'utf8');
    // A key typed at the top level: the missing sections offered with their help.
    const top = text.indexOf('"grid"');
    const blank = text.slice(0, top) + '"",\n  ' + text.slice(top);
    const keys = schemaCompletions(blank, top + 1, completionWords('pt-BR'));
    const english = schemaCompletions(blank, top + 1);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.map((k) => k.label)).toEqual(english.map((k) => k.label));
    for (const [i, k] of keys.entries()) if (english[i]!.documentation) expect(k.documentation, k.label).toBe(translateSchemaText(english[i]!.documentation!, 'pt-BR'));
    expect(keys.some((k) => k.documentation !== english[keys.indexOf(k)]!.documentation)).toBe(true);
    // A value: each of `on`'s choices with its part of the Portuguese description.
    const on = text.indexOf('"on": "hit"') + '"on": "'.length;
    const values = schemaCompletions(text, on, completionWords('pt-BR'));
    expect(values.find((v) => v.label === '"hit"')!.documentation).toMatch(/ser acertado/);
    expect(schemaCompletions(text, on).find((v) => v.label === '"hit"')!.documentation).toMatch(/being hit/);
    // The notes beside a label: a required field of a new check.
    const checks = text.indexOf('"checks": {') + '"checks": {'.length;
    const inCheck = text.indexOf('"roll"', checks);
    const bare = text.slice(0, inCheck) + '"", ' + text.slice(inCheck);
    const details = schemaCompletions(bare, inCheck + 1, completionWords('pt-BR')).map((c) => c.detail);
    expect(details).not.toContain('required');
    expect(schemaCompletions(bare, inCheck + 1).map((c) => c.detail).some((d) => d === 'required') === details.some((d) => d === 'obrigatório')).toBe(true);
  });
});
