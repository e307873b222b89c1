// The checker's interval arithmetic (check.ts): sound ranges of numbers, null where unknown.
import type { NumericRange } from './builtins';

/** Keeps only finite, ordered intervals; anything else is "unknown". */
export function range(min: number, max: number): NumericRange | null {
  return Number.isFinite(min) && Number.isFinite(max) && min <= max ? { min, max } : null;
}

export function arithmeticRange(op: '+' | '-' | '*' | '/' | '%', a: NumericRange | null, b: NumericRange | null): NumericRange | null {
  if (a === null || b === null) return null;
  switch (op) {
    case '+':
      return range(a.min + b.min, a.max + b.max);
    case '-':
      return range(a.min - b.max, a.max - b.min);
    case '*': {
      const corners = [a.min * b.min, a.min * b.max, a.max * b.min, a.max * b.max];
      return range(Math.min(...corners), Math.max(...corners));
    }
    case '/': {
      if (b.min <= 0 && b.max >= 0) return null;
      const corners = [a.min / b.min, a.min / b.max, a.max / b.min, a.max / b.max];
      return range(Math.min(...corners), Math.max(...corners));
    }
    case '%': {
      // |a % b| < |b| and |a % b| <= |a|; the sign follows a.
      const bound = Math.max(Math.abs(b.min), Math.abs(b.max));
      return range(a.min >= 0 ? 0 : Math.max(a.min, -bound), a.max <= 0 ? 0 : Math.min(a.max, bound));
    }
  }
}

