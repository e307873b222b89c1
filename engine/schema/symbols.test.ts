import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { symbolsForPointer } from './check';

const minimal = JSON.parse(readFileSync(new URL('../../test/fixtures/systems/minimal.json', import.meta.url), 'utf8')) as unknown;
const names = (pointer: string) => [...(symbolsForPointer(minimal, pointer)?.names() ?? [])];

describe('symbols per field (completions)', () => {
  it('a derived value reads the sheet, not roll facts', () => {
    const sheet = names('/derived/prof');
    expect(sheet).toEqual(expect.arrayContaining(['str', 'str.mod', 'hp', 'hp.max', 'level', 'class.fighter.level', 'class.attacks', 'tags']));
    expect(sheet).not.toContain('natural');
    expect(sheet).not.toContain('tier');
  });

  it("a check's outcomes read roll facts and the target's sheet", () => {
    const table = symbolsForPointer(minimal, '/checks/attack/outcomes/0/when')!;
    expect(table.lookup('natural')?.type).toBe('number');
    expect(table.lookup('roll.dice')?.type).toBe('list');
    expect(table.lookup('target.dex.mod')?.type).toBe('number');
    expect(table.lookup('tier')).toBeUndefined();
    expect(table.explainUnknown?.('tier')).toMatch(/^`@tier` is only readable in enemy templates/);
  });

  it('templates read @tier with its range; damage steps read @damage and @reaction.<id>', () => {
    expect(symbolsForPointer(minimal, '/templates/0/combat/defence')!.lookup('tier')?.range).toEqual([1, 6]);
    const step = symbolsForPointer(minimal, '/combat/damage/steps/0/value')!;
    expect(step.lookup('damage')?.type).toBe('number');
    expect(step.lookup('reaction.shield')?.type).toBe('boolean');
    expect(step.lookup('attacker.str.mod')?.type).toBe('number');
  });

  it('is undefined where the field is not a formula', () => {
    expect(symbolsForPointer(minimal, '/name')).toBeUndefined();
    expect(symbolsForPointer(minimal, '/checks/attack/outcomes/0/result')).toBeUndefined();
  });
});
