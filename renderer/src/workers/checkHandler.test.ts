// The studio's check worker on pathological user functions (issue 17): the same bounded checker as the CLI, so
// a chain of 2,000 functions or a fan-out of 30 answers every request with its limit errors, never `failed`.
import { describe, expect, it } from 'vitest';
import { chain, systemWith } from '../../../test/formula/pathological';
import { handleCheckRequest } from './checkHandler';
import type { CheckRequest, CheckResponse } from './protocol';

function ask(request: CheckRequest): CheckResponse {
  const answers: CheckResponse[] = [];
  handleCheckRequest(request, (message) => answers.push(message));
  expect(answers).toHaveLength(1);
  return answers[0]!;
}

describe('check worker on pathological user functions', () => {
  it('a chain of 2,000 and a fan-out of 30: limit errors at the call, then a fast re-check and a hover answer too', () => {
    for (const [docId, functions, limit] of [
      ['chain.json', chain(2_000), '`f0(1)` calls functions 2,000 deep'],
      ['fan.json', chain(30, 2), '`f0(1)` grows to 4,294,967,291 parts'],
    ] as const) {
      const { text } = systemWith(functions);
      const full = ask({ type: 'check', id: 1, docId, version: 1, text, full: true });
      if (full.type !== 'checked') throw new Error(JSON.stringify(full));
      expect(full.valid).toBe(false);
      const derived = full.diagnostics.filter((d) => d.pointer === '/derived/deep.v');
      expect(derived.map((d) => d.message.slice(0, limit.length))).toEqual([limit]);
      expect(full.diagnostics.every((d) => !/RangeError|call stack|internal/.test(d.message))).toBe(true);

      // Typing in the derived formula: the worker's fast path checks just that formula.
      const edited = text.replace('"deep.v": "f0(1)"', '"deep.v": "f0(2)"');
      const fast = ask({ type: 'check', id: 2, docId, version: 2, text: edited, full: false });
      if (fast.type !== 'checked') throw new Error(JSON.stringify(fast));
      expect(fast.diagnostics.filter((d) => d.pointer === '/derived/deep.v').map((d) => d.message.slice(0, limit.length))).toEqual([limit.replace('f0(1)', 'f0(2)')]);

      const hover = ask({ type: 'formulaInfo', id: 3, docId, pointer: '/derived/deep.v', formula: 'f0(2)' });
      expect(hover.type).toBe('formulaInfo');
    }
  });
});
