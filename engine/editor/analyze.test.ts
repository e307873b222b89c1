import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { findNodeAtOffset, parseTree } from 'jsonc-parser';
import { analyzeSystem, formulaTokens } from './analyze';

const systems = readdirSync('systems').filter((f) => f.endsWith('.json'));

describe('analyzeSystem', () => {
  test.each(systems)('%s: formulas found, coloured, definitions indexed', (file) => {
    const text = readFileSync(`systems/${file}`, 'utf8');
    const analysis = analyzeSystem(text);
    expect(analysis.formulaPointers.length).toBeGreaterThan(5);
    expect(analysis.tokens.length).toBeGreaterThan(analysis.formulaPointers.length);
    const tree = parseTree(text)!;
    for (const token of analysis.tokens.slice(0, 200)) {
      // Every token lies inside the document's text, inside a string literal (between its quotes).
      expect(token.end).toBeGreaterThan(token.start);
      const node = findNodeAtOffset(tree, token.start);
      expect(node?.type, `token at ${token.start}`).toBe('string');
      expect(token.start).toBeGreaterThan(node!.offset);
      expect(token.end).toBeLessThanOrEqual(node!.offset + node!.length - 1);
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

describe('SystemChecker fast path (typing inside one formula)', () => {
  const original = readFileSync('systems/classic-d20.json', 'utf8');
  const damageAt = original.indexOf('"damage": "', original.indexOf('"combat"')) + '"damage": "'.length;

  test('a mistake typed into a formula is found without a full check, at the same place a full check puts it', async () => {
    const { SystemChecker } = await import('./analyze');
    const checker = new SystemChecker();
    expect(checker.check(original, true).fast).toBe(false);
    const broken = original.slice(0, damageAt) + '2 +* ' + original.slice(damageAt);
    const fast = checker.check(broken, false);
    expect(fast.fast).toBe(true);
    const full = new SystemChecker().check(broken, true);
    const strip = (ds: readonly { message: string; line: number; column: number; endColumn: number; pointer: string }[]) =>
      ds.map((d) => `${d.pointer} ${d.line}:${d.column}-${d.endColumn} ${d.message}`).sort();
    expect(strip(fast.analysis.diagnostics)).toEqual(strip(full.analysis.diagnostics));
    expect(fast.analysis.diagnostics.length).toBeGreaterThan(0);
    // Tokens after the edit moved with it.
    const sortTokens = (ts: readonly { start: number; end: number; kind: string }[]) => [...ts].sort((a, b) => a.start - b.start || a.end - b.end);
    expect(sortTokens(fast.analysis.tokens)).toEqual(sortTokens(full.analysis.tokens));
  });

  test('an edit outside a formula, or a quote typed into one, takes the full check', async () => {
    const { SystemChecker } = await import('./analyze');
    const checker = new SystemChecker();
    checker.check(original, true);
    expect(checker.check(original.replace('"grid": true', '"grid": false'), false).fast).toBe(false);
    checker.check(original, true);
    expect(checker.check(original.slice(0, damageAt) + '"' + original.slice(damageAt), false).fast).toBe(false);
  });
});
