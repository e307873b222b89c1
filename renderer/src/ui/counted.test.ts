import { describe, expect, it } from 'vitest';
import { counted } from './counted';

describe('counted', () => {
  it('is singular for exactly one, plural otherwise', () => {
    expect(counted(1, 'error')).toBe('1 error');
    expect(counted(0, 'warning')).toBe('0 warnings');
    expect(counted(2, 'error')).toBe('2 errors');
    expect(counted(1234, 'error')).toBe('1,234 errors');
  });
});
