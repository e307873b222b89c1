// The editor and `let` (issue 22 item 3): `let`/`in` colour as words, the bound name as a reference, and `@`
// completion offers the names of the lets around the cursor (and their faces), innermost first.
import { describe, expect, it } from 'vitest';
import { formulaTokens } from './analyze';
import { localNames } from './completion';

describe('let in the editor', () => {
  it('colours let and in as keywords, the name as a reference and = as an operator', () => {
    const text = 'let p = 5d6 in count(@p.faces, 6)';
    const kinds = formulaTokens(text).map((t) => [text.slice(t.start, t.end), t.kind]);
    expect(kinds.slice(0, 3)).toEqual([['let', 'keyword'], ['p', 'ref'], ['=', 'operator']]);
    expect(kinds).toContainEqual(['in', 'keyword']);
    expect(kinds).toContainEqual(['count', 'function']);
  });

  it('offers @p and @p.faces inside the body only, innermost let first', () => {
    const names = (text: string) => localNames(text, text.length).map((n) => n.name);
    expect(names('let p = 5d6 in count(@')).toEqual(['p', 'p.faces']);
    expect(names('let p = 5d6 in let q = d4 in @')).toEqual(['q', 'q.faces', 'p', 'p.faces']);
    expect(names('let p = 5d')).toEqual([]);
    expect(names('(let p = 5d6 in @p) + @')).toEqual([]);
    expect(names('@')).toEqual([]);
  });
});
