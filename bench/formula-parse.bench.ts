// The formula front end on real formulas: every formula field of the six seed systems, parsed cold (cache
// cleared), parsed warm (the editor re-checking an unchanged document), printed, and parsed with a one-character
// edit (a keystroke: the edited formula misses the cache). Baseline: JSON.parse of each formula as a JSON string,
// about the least any reader of the text must do.
import { readdirSync, readFileSync } from 'node:fs';
import { clearParseCache, parseFormula } from '../engine/formula/parse';
import { printFormula } from '../engine/formula/print';
import { collectFormulaFields } from '../engine/schema/walk';

function seedFormulas(): string[] {
  const dir = new URL('../systems/', import.meta.url);
  const texts: string[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
    const document: unknown = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
    for (const field of collectFormulaFields(document)) texts.push(field.text);
  }
  return texts;
}

/** Microseconds per formula, median of `rounds` passes over all formulas. */
function perFormula(formulas: readonly string[], rounds: number, pass: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    pass();
    samples.push(((performance.now() - t0) * 1000) / formulas.length);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

export async function run(): Promise<void> {
  const formulas = seedFormulas();
  const quoted = formulas.map((text) => JSON.stringify(text));
  const asts = formulas.map((text) => parseFormula(text).ast).filter((ast) => ast !== null);
  const edited = formulas.map((text, i) => `${text} + ${i % 10}`);
  const rounds = 15;
  // Warm-up: the JIT, and the parser's first-use costs.
  for (let i = 0; i < 3; i++) {
    clearParseCache();
    for (const text of formulas) parseFormula(text);
  }
  let sink = 0;
  const baseline = perFormula(formulas, rounds, () => {
    for (const text of quoted) sink += (JSON.parse(text) as string).length;
  });
  const cold = perFormula(formulas, rounds, () => {
    clearParseCache();
    for (const text of formulas) sink += parseFormula(text).diagnostics.length;
  });
  for (const text of formulas) parseFormula(text);
  const warm = perFormula(formulas, rounds, () => {
    for (const text of formulas) sink += parseFormula(text).diagnostics.length;
  });
  const keystroke = perFormula(formulas, rounds, () => {
    clearParseCache();
    for (const text of edited) sink += parseFormula(text).diagnostics.length;
  });
  const printing = perFormula(formulas, rounds, () => {
    for (const ast of asts) sink += printFormula(ast).length;
  });
  const broken = formulas.map((text) => `${text} + (`);
  const withErrors = perFormula(formulas, rounds, () => {
    clearParseCache();
    for (const text of broken) sink += parseFormula(text).diagnostics.length;
  });
  const averageLength = formulas.reduce((sum, text) => sum + text.length, 0) / formulas.length;
  const row = (name: string, micros: number): string => `${name.padEnd(34)} ${micros.toFixed(2).padStart(8)} µs/formula  ${(micros / baseline).toFixed(1).padStart(7)}× baseline`;
  console.log(`${formulas.length} formulas from systems/*.json, ${averageLength.toFixed(0)} characters on average (median of ${rounds} passes)`);
  console.log(row('baseline: JSON.parse of the string', baseline));
  console.log(row('parseFormula, cold (cache cleared)', cold));
  console.log(row('parseFormula, warm (cached)', warm));
  console.log(row('parseFormula, edited text', keystroke));
  console.log(row('parseFormula, with a syntax error', withErrors));
  console.log(row('printFormula', printing));
  if (sink === -1) console.log('');
}
