// Counterexamples of the fuzz campaign (npm run fuzz-campaign, seed 17), with the failing values written out.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { distributionOf, WorkBudget } from '../../engine/formula/distribution';
import { parseFormula } from '../../engine/formula/parse';
import { spawnSync } from 'node:child_process';
import { runFormula, unclear } from '../../scripts/fuzz-campaign/cases';
import { checkSystem } from '../../engine/schema/check';
import type { SystemDocument } from '../../engine/schema/document';
import { loadSystem } from '../../engine/sim/index';
import { mutate, type Json } from './mutate';

const twinDice = JSON.parse(readFileSync(new URL('../../systems/twin-dice.json', import.meta.url), 'utf8')) as Json;

describe('fuzz campaign counterexamples', () => {
  // systems:0:57 — a template's default attribute `d(@tier)r1!`: at tier 2 it is d2r1!, which never settles (a 1 is
  // rerolled, a 2 explodes), and at tier 1 d1r1 rerolls every face. The loader refused it; the checker, which saw
  // `@tier` only as 1..6, passed it. Now a template's formulas that read `@tier` are checked at every tier of the
  // range its symbol table gives (engine/schema/meaning.ts tierSweep, engine/formula/every-value.ts).
  it('systems:0:57: twin-dice with /templates/1/defaults/attribute = "d(@tier)r1!" is refused by the checker as by the loader, at the formula, naming the tiers', () => {
    const doc = mutate(twinDice, ['templates', 1, 'defaults', 'attribute'], (parent, key) => {
      parent[key] = 'd(@tier)r1!';
    });
    const loaded = loadSystem(doc as unknown as SystemDocument);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.diagnostics[0]!.message).toMatch(/exploding on the highest face \(2\) matches every face a d2 can settle on after rerolling on 1: it would never stop/);
    const text = JSON.stringify(doc, null, 2);
    const errors = checkSystem(text).diagnostics.filter((d) => d.severity === 'error');
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('"attribute": "d(@tier)r1!"')) + 1;
    const column = lines[line - 1]!.indexOf('d(@tier)') + 1;
    expect(errors.map((d) => ({ pointer: d.pointer, line: d.line, column: d.column, code: d.code, message: d.message }))).toEqual([
      { pointer: '/templates/1/defaults/attribute', line, column, code: 'limit', message: 'with `@tier` at 1 (it may be 1 to 6): `d(@tier)r1!` rerolls every face, so it would never stop' },
      { pointer: '/templates/1/defaults/attribute', line, column, code: 'limit', message: 'with `@tier` at 2 (it may be 1 to 6): `d(@tier)r1!` explodes on every face it can settle on, so it would never stop' },
    ]);
    // The range is the system's own `tiers`: from tier 3 up it settles, and at 2 it is an error again.
    const fromThree = { ...(doc as Record<string, Json>), tiers: { min: 3, max: 6 } };
    // (Its fights' tier-2 enemies are then outside the range: errors of their own, at the fights.)
    const templateErrors = (text: string) => checkSystem(text).diagnostics.filter((d) => d.severity === 'error' && d.pointer.startsWith('/templates'));
    expect(templateErrors(JSON.stringify(fromThree, null, 2))).toEqual([]);
    const fromTwo = { ...(doc as Record<string, Json>), tiers: { min: 2, max: 6 } };
    expect(templateErrors(JSON.stringify(fromTwo, null, 2)).map((d) => d.message)).toEqual([
      'with `@tier` at 2 (it may be 2 to 6): `d(@tier)r1!` explodes on every face it can settle on, so it would never stop',
    ]);
    // A die that settles at every tier checks clean: `d(@tier + 2)r1!`.
    const fine = mutate(twinDice, ['templates', 1, 'defaults', 'attribute'], (parent, key) => {
      parent[key] = 'd(@tier + 2)r1!';
    });
    expect(checkSystem(JSON.stringify(fine, null, 2)).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

const hopeAndFear = JSON.parse(readFileSync(new URL('../../systems/hope-and-fear.json', import.meta.url), 'utf8')) as Json;

describe('fuzz campaign counterexamples, fixed', () => {
  // systems:2:567 — hope-and-fear with /fights/0/enemies/0/count = 1e21 checked clean (an integer, at least 1) and
  // the loader refused it ("count must be a whole number 0..1000"); the schema now says at most 1000.
  it('systems:2:567: an enemy count of 1e21 is a schema error at the count, as the loader says', () => {
    const doc = mutate(hopeAndFear, ['fights', 0, 'enemies', 0, 'count'], (parent, key) => {
      parent[key] = 1e21;
    });
    const errors = checkSystem(JSON.stringify(doc, null, 2)).diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.pointer)).toEqual(['/fights/0/enemies/0/count']);
    expect(loadSystem(doc as unknown as SystemDocument).ok).toBe(false);
    const thousand = mutate(hopeAndFear, ['fights', 0, 'enemies', 0, 'count'], (parent, key) => {
      parent[key] = 1000;
    });
    expect(checkSystem(JSON.stringify(thousand, null, 2)).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('fuzz campaign counterexamples, dist', () => {
  // Counterexample (b): `1d1000000!! + @s + @strtr` spent ~4 s of CPU building the exploding d1000000 before finding
  // `@s` unknown. The references are checked before any distribution is built, and the die alone is refused by its
  // size before its chain is built.
  it('`1d1000000!! + @s + @strtr`: the unknown `@s` first, with no work spent; the die alone fails on its size', () => {
    const budget = new WorkBudget();
    const result = distributionOf(parseFormula('1d1000000!! + @s + @strtr').ast!, { resolve: () => undefined, budget });
    expect(result).toEqual({ ok: false, error: { code: 'unknown-ref', message: '`@s` has no value', span: { start: 14, end: 16 } } });
    expect(budget.spent).toBe(0);
    const die = new WorkBudget();
    const alone = distributionOf(parseFormula('1d1000000!!').ast!, { resolve: () => undefined, budget: die });
    expect(alone).toEqual({ ok: false, error: { code: 'limit', message: 'this exploding die has at least 2.0e6 possible values; exact distributions stop at 1.0e6', span: { start: 0, end: 11 } } });
    expect(die.spent).toBeLessThan(2_000_000);
  });
});

describe('fuzz campaign counterexamples, the CLI and the campaign itself', () => {
  // formulas:284:980 (and formulas:335:470, `5d10 + 99999999999999999999`), seed 17, listed as hangs: the table view
  // of `dist` grouped whole numbers into ranges stepping by `width`, and at 1e20 a step of 1 does not move a
  // double, so the loop never ended. Whole numbers past 2^53 are no longer treated as steps (neither by the table nor
  // by the dense sums of dist, which listed 45 equal values): the sum is the one double it is.
  it('formulas:284:980: `dist "4d12 + 99999999999999999999"` prints its table and ends; the distribution is one value', () => {
    // Through the bundle in a child with a time limit: the old loop would hang this test run, not fail it.
    const ran = spawnSync(process.execPath, ['bin/rules-studio.mjs', 'dist', '4d12 + 99999999999999999999'], { encoding: 'utf8', timeout: 120_000 });
    expect(ran.status).toBe(0);
    expect(ran.stdout).toMatch(/^\s*100000000000000000000 +100\.00% +100\.00%/m);
    const result = distributionOf(parseFormula('4d12 + 99999999999999999999').ast!, { resolve: () => undefined });
    expect(result).toMatchObject({ ok: true, pmf: [[1e20, 1]] });
    // Below 2^53 the 45 sums stay apart.
    const safe = distributionOf(parseFormula('4d12 + 9007199254740000').ast!, { resolve: () => undefined });
    expect(safe.ok && safe.pmf.length).toBe(45);
  });

  // formulas:413:887, seed 17: `''[_i8NaN]` got the check's message "`''` is a string, but the tag [_i8NaN] needs a
  // number", and the campaign called it unclear for the "NaN" in the user's own tag name.
  it("formulas:413:887: a tag named [_i8NaN] is the user's text, not an unclear message", async () => {
    expect(unclear("`''` is a string, but the tag [_i8NaN] needs a number")).toBe(false);
    expect(unclear('the result is NaN')).toBe(true);
    expect(unclear('cannot add [object Object]')).toBe(true);
    expect((await runFormula("''[_i8NaN]", 413_887)).failures).toEqual([]);
  });

  // formulas:473:520, seed 17: the reference `@NaNv_c` is named without backticks by the compiler ("unknown
  // reference @NaNv_c") and the CLI's excerpt repeats the formula: five stages called unclear for the user's name.
  it('formulas:473:520: a reference named @NaNv_c, in the compiler\'s message and the CLI\'s excerpt, is not unclear', async () => {
    const text = '(\'é b"\' >= (false ? 1000000000000000000000 ? 262 : 387 : 681.04) ? false : @NaNv_c)[____6]';
    expect(unclear('unknown reference @NaNv_c', text)).toBe(false);
    expect((await runFormula(text, 473_520)).failures).toEqual([]);
  });
});

describe('fuzz campaign counterexamples, slow', () => {
  // formulas:665:507, seed 17 (the recheck run on the fixed code): `d1000000!!2` took 2.4 s of CPU, over the issue's
  // 2 s bound: its chain explodes on 2 and on 1000000, so one explosion spreads a million stops over two million
  // sums, built in full before the support check at the end of a row. The check now stops at the first value over.
  it('formulas:665:507: `d1000000!!2` is refused by the support limit', () => {
    const result = distributionOf(parseFormula('d1000000!!2').ast!, { resolve: () => undefined });
    expect(result).toEqual({ ok: false, error: { code: 'limit', message: 'This operation has about 2.0e6 possible values; exact distributions stop at 1.0e6', span: { start: 0, end: 11 } } });
  });
});
