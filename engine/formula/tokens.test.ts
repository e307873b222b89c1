import { describe, expect, it } from 'vitest';
import { formulaLexer } from './tokens';

/** Token names and images, whitespace skipped. */
function lex(text: string): string[] {
  const result = formulaLexer.tokenize(text);
  expect(result.errors).toEqual([]);
  return result.tokens.map((token) => `${token.tokenType.name}:${token.image}`);
}

describe('formula lexer', () => {
  it('reads numbers, strings, booleans and references', () => {
    expect(lex("12 0.5 'fire' true false @str.mod @target.dex.mod")).toEqual([
      'NumberLiteral:12',
      'NumberLiteral:0.5',
      "StringLiteral:'fire'",
      'True:true',
      'False:false',
      'Reference:@str.mod',
      'Reference:@target.dex.mod',
    ]);
  });

  it('reads d followed by a digit, % , ( or a lone F as dice, and d followed by a letter as a name', () => {
    expect(lex('d20')).toEqual(['DiceD:d', 'NumberLiteral:20']);
    expect(lex('3d6')).toEqual(['NumberLiteral:3', 'DiceD:d', 'NumberLiteral:6']);
    expect(lex('d%')).toEqual(['DiceD:d', 'Percent:%']);
    expect(lex('4dF')).toEqual(['NumberLiteral:4', 'DiceD:d', 'FateSides:F']);
    expect(lex('d(@might)')).toEqual(['DiceD:d', 'LParen:(', 'Reference:@might', 'RParen:)']);
    expect(lex('double(3)')).toEqual(['Identifier:double', 'LParen:(', 'NumberLiteral:3', 'RParen:)']);
    expect(lex('dex')).toEqual(['Identifier:dex']);
    expect(lex('dFoo')).toEqual(['Identifier:dFoo']);
    expect(lex('dF + 1')).toEqual(['DiceD:d', 'FateSides:F', 'Plus:+', 'NumberLiteral:1']);
  });

  it('reads modifiers only when glued to a dice term', () => {
    expect(lex('d20kh1')).toEqual(['DiceD:d', 'NumberLiteral:20', 'DiceModifier:kh1']);
    expect(lex('4d6dl')).toEqual(['NumberLiteral:4', 'DiceD:d', 'NumberLiteral:6', 'DiceModifier:dl']);
    expect(lex('d6!>=5r1')).toEqual(['DiceD:d', 'NumberLiteral:6', 'DiceModifier:!>=5', 'DiceModifier:r1']);
    expect(lex('d6ro<3')).toEqual(['DiceD:d', 'NumberLiteral:6', 'DiceModifier:ro<3']);
    expect(lex('5d10cs>=8')).toEqual(['NumberLiteral:5', 'DiceD:d', 'NumberLiteral:10', 'DiceModifier:cs>=8']);
    expect(lex('d(@n)!')).toEqual(['DiceD:d', 'LParen:(', 'Reference:@n', 'RParen:)', 'DiceModifier:!']);
    expect(lex('4dFkh2')).toEqual(['NumberLiteral:4', 'DiceD:d', 'FateSides:F', 'DiceModifier:kh2']);
    expect(lex('d%!')).toEqual(['DiceD:d', 'Percent:%', 'DiceModifier:!']);
  });

  it('keeps >=, ! and != as operators away from dice', () => {
    expect(lex('2d6 >= 7')).toEqual(['NumberLiteral:2', 'DiceD:d', 'NumberLiteral:6', 'GreaterEqual:>=']
      .concat(['NumberLiteral:7']));
    expect(lex('2d6>=7')).toEqual(['NumberLiteral:2', 'DiceD:d', 'NumberLiteral:6', 'GreaterEqual:>=', 'NumberLiteral:7']);
    expect(lex('!@x')).toEqual(['Bang:!', 'Reference:@x']);
    expect(lex('d6!=3')).toEqual(['DiceD:d', 'NumberLiteral:6', 'NotEqual:!=', 'NumberLiteral:3']);
    expect(lex('(@a)!')).toEqual(['LParen:(', 'Reference:@a', 'RParen:)', 'Bang:!']);
    expect(lex('d6 kh1')).toEqual(['DiceD:d', 'NumberLiteral:6', 'Identifier:kh1']);
    expect(lex('max(1)kh1')).toEqual(['Identifier:max', 'LParen:(', 'NumberLiteral:1', 'RParen:)', 'Identifier:kh1']);
  });

  it('reads the word and symbol forms of logic', () => {
    expect(lex('not a and b or c && d || !e android')).toEqual([
      'Not:not', 'Identifier:a', 'And:and', 'Identifier:b', 'Or:or', 'Identifier:c', 'And:&&', 'Identifier:d', 'Or:||', 'Bang:!', 'Identifier:e', 'Identifier:android',
    ]);
  });

  it('reports characters it cannot read, with their offsets', () => {
    const result = formulaLexer.tokenize('1 # 2');
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.offset).toBe(2);
  });

  it('lexes an unterminated string as one token to the end', () => {
    const result = formulaLexer.tokenize("'abc + 1");
    expect(result.tokens.map((t) => t.tokenType.name)).toEqual(['UnterminatedString']);
  });
});
