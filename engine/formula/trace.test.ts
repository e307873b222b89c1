import { describe, expect, it } from 'vitest';
import { formatChipNumber, formatChipValue, renderCheckChip, renderChip, renderTraceItem } from './trace';
import type { TraceItem } from './runtime';

const span = { start: 0, end: 3 };
const d20: TraceItem = { kind: 'dice', text: 'd20', faces: [14], kept: [true], value: 14, span };
const strength: TraceItem = { kind: 'ref', path: ['str', 'mod'], label: 'Strength', value: 3, span };
const plus: TraceItem = { kind: 'text', text: ' + ' };

describe('chips', () => {
  it('renders the spec example', () => {
    expect(renderChip([d20, plus, strength, plus, { kind: 'text', text: '2' }], 19)).toBe('d20 (14) + 3 Strength + 2 = 19');
  });

  it('extends a check chip with the number to meet, the outcome and what influenced it', () => {
    const items = [d20, plus, strength];
    expect(renderCheckChip(items, 17, { vs: 13, outcome: 'Hit' })).toBe('d20 (14) + 3 Strength = 17 vs 13 · Hit');
    expect(renderCheckChip(items, 17, { vs: 13, outcome: 'Hit', influencedBy: ['Flanked: advantage', 'Prone (near): advantage'] })).toBe(
      'd20 (14) + 3 Strength = 17 vs 13 · Hit\nInfluenced by: Flanked: advantage · Prone (near): advantage',
    );
    expect(renderCheckChip(items, 17, {})).toBe('d20 (14) + 3 Strength = 17');
  });

  it('renders unlabeled references as their value, lists and strings readably', () => {
    expect(renderTraceItem({ kind: 'ref', path: ['level'], value: 5, span })).toBe('5');
    expect(renderTraceItem({ kind: 'ref', path: ['tags'], value: ['undead', 'flying'], span })).toBe("['undead', 'flying']");
    expect(formatChipValue('fire')).toBe("'fire'");
    expect(formatChipValue(true)).toBe('true');
  });

  it('marks dropped faces and shows a value that is not the sum of the kept faces', () => {
    expect(renderTraceItem({ kind: 'dice', text: '4d6kh3', faces: [6, 1, 5, 3], kept: [true, false, true, true], value: 14, span })).toBe('4d6kh3 (6, ~1~, 5, 3)');
    expect(renderTraceItem({ kind: 'dice', text: '2d10cs>=8', faces: [9, 2], kept: [true, true], value: 1, span })).toBe('2d10cs>=8 (9, 2 → 1)');
  });

  it('renders a user function call with its dice, or its value alone', () => {
    expect(renderTraceItem({ kind: 'call', name: 'throw', text: 'throw(10)', faces: [3, 9], kept: [true, true], value: 2, span })).toBe('throw(10) (3, 9 → 2)');
    expect(renderTraceItem({ kind: 'call', name: 'bonus', text: 'bonus(4)', faces: [], kept: [], value: 1, span })).toBe('bonus(4) (1)');
  });

  it('prints fractions to two decimals and never in exponent form', () => {
    expect(formatChipNumber(10 / 3)).toBe('3.33');
    expect(formatChipNumber(0.5)).toBe('0.5');
    expect(formatChipNumber(1e21)).toBe('1000000000000000000000');
  });
});
