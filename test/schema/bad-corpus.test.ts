// Every file of test/fixtures/bad/ holds one kind of mistake; NN-name.expected.json lists the diagnostics it must
// produce, at exact lines and columns. Messages of the JSON and schema layers are ours and compared exactly; formula
// messages belong to the formula checker, so for those the kind (`code`) and the place are compared.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSystem } from '../../engine/schema/check';

interface Expected {
  severity: string;
  source: string;
  code?: string;
  pointer: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
}

const dir = new URL('../fixtures/bad/', import.meta.url);
const cases = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json')).sort();

describe('the bad-file corpus', () => {
  it('has at least 40 kinds of mistakes', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('%s', (file) => {
    const text = readFileSync(new URL(file, dir), 'utf8');
    const expected = JSON.parse(readFileSync(new URL(file.replace(/\.json$/, '.expected.json'), dir), 'utf8')) as Expected[];
    expect(expected.length, 'each bad file expects at least one diagnostic').toBeGreaterThan(0);
    const { diagnostics, document } = checkSystem(text);
    const shape = (d: Expected) => ({
      severity: d.severity, source: d.source, code: d.code, pointer: d.pointer,
      line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn,
      message: d.source === 'formula' ? '(formula checker message)' : d.message,
    });
    expect(diagnostics.map(shape)).toEqual(expected.map(shape));
    for (const d of diagnostics) expect(d.message.length).toBeGreaterThan(10);
    if (expected.some((d) => d.severity === 'error')) expect(document).toBeNull();
  });

  it('the valid fixture and every seed system have no errors', () => {
    const files = [new URL('../fixtures/systems/minimal.json', import.meta.url)];
    const systems = new URL('../../systems/', import.meta.url);
    for (const f of readdirSync(systems).filter((n) => n.endsWith('.json'))) files.push(new URL(f, systems));
    for (const file of files) {
      const { diagnostics, document } = checkSystem(readFileSync(file, 'utf8'));
      expect(diagnostics.filter((d) => d.severity === 'error'), file.pathname).toEqual([]);
      expect(document).not.toBeNull();
    }
  });
});
