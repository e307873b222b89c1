// The format's help in Portuguese: every English text of the table is a description the schema writes (a reworded one
// fails here), every top-level section, every field of an enemy template, of a check and of combat has its Portuguese,
// and the key hover shows it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schemaHover } from '../editor/schemaHelp';
import { SCHEMA_PT_BR, translateSchemaText } from './schema';

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

  it('every top-level section and every field of an enemy template has its Portuguese', () => {
    const top = Object.values(schema.properties!).map((p) => resolve(p).description ?? p.description).filter((d): d is string => !!d);
    const template = Object.values(resolve(resolve(schema.properties!.templates!).items!).properties!).map((p) => p.description).filter((d): d is string => !!d);
    // A check's fields (and its edge's and vs's), combat's sections and their fields.
    const fieldsOf = (n: Node, depth: number): string[] => Object.values(resolve(n).properties ?? {}).flatMap((p) => [
      ...[p.description ?? resolve(p).description].filter((d): d is string => !!d), ...(depth > 0 ? fieldsOf(p, depth - 1) : []),
    ]);
    const check = fieldsOf(resolve(schema.properties!.checks!).additionalProperties as Node, 1);
    const combat = fieldsOf(schema.properties!.combat!, 1);
    const heroesAndFights = [...fieldsOf(resolve(schema.properties!.heroes!).items!, 0), ...fieldsOf(resolve(schema.properties!.fights!).items!, 0)];
    expect(check.length + combat.length).toBeGreaterThan(40);
    expect([...top, ...template, ...check, ...combat, ...heroesAndFights].filter((d) => SCHEMA_PT_BR[d] === undefined)).toEqual([]);
    expect(top.length).toBeGreaterThan(20);
  });

  it('the key hover shows it; English and unknown texts stay as they are', () => {
    const text = readFileSync('systems/classic-d20.json', 'utf8');
    const at = text.indexOf('"grid"') + 2;
    const pt = schemaHover(text, at, (d) => translateSchemaText(d, 'pt-BR'))!.markdown;
    expect(pt).toContain('true: as lutas são jogadas em quadrados');
    expect(schemaHover(text, at)!.markdown).toContain('true: fights are played on squares');
    expect(translateSchemaText('something new', 'pt-BR')).toBe('something new');
  });
});
