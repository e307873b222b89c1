import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { analyzeSystem, formulaTokens } from './analyzeSystem';

const systems = readdirSync('systems').filter((f) => f.endsWith('.json'));

describe('analyzeSystem', () => {
  test.each(systems)('%s: formulas found, coloured, definitions indexed', (file) => {
    const text = readFileSync(`systems/${file}`, 'utf8');
    const analysis = analyzeSystem(text);
    expect(analysis.formulaPointers.length).toBeGreaterThan(5);
    expect(analysis.tokens.length).toBeGreaterThan(analysis.formulaPointers.length);
    for (const token of analysis.tokens.slice(0, 200)) {
      // Every token lies inside the document's text, inside a string literal.
      expect(token.end).toBeGreaterThan(token.start);
      expect(text.lastIndexOf('"', token.start)).toBeGreaterThanOrEqual(0);
    }
    expect(analysis.definitions.some((d) => d.kind === 'check')).toBe(true);
  });

  test('a JSON mistake is an error at its line and column', () => {
    const text = '{\n  "id": "x",\n  "name": "y" "version": "1"\n}';
    const { diagnostics, valid } = analyzeSystem(text);
    expect(valid).toBe(false);
    expect(diagnostics[0]).toMatchObject({ source: 'json', line: 3, column: 15 });
  });

  test('a formula mistake is an error at its exact range inside the string', () => {
    const original = readFileSync('systems/classic-d20.json', 'utf8');
    const broken = original.replace('"roll": "', '"roll": "2 +* ');
    const { diagnostics } = analyzeSystem(broken);
    const formula = diagnostics.find((d) => d.source === 'formula');
    expect(formula).toBeDefined();
    const line = broken.split('\n')[formula!.line - 1]!;
    expect(line.slice(formula!.column - 1, formula!.endColumn - 1)).toBe('*');
  });

  test('formula tokens by kind', () => {
    const kinds = formulaTokens("2d20kh1 + @str.mod >= 3 and has(@tags, 'undead')").map((t) => t.kind);
    expect(kinds).toContain('dice');
    expect(kinds).toContain('ref');
    expect(kinds).toContain('function');
    expect(kinds).toContain('string');
    expect(kinds).toContain('keyword');
  });
});
