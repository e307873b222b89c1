// Issue 22, item 8: names the engine reads itself are refused where the document writes them, saying which built-in
// each shadows; so are function names that read as dice or words, and derived values named like a track.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkSystem, type SystemDiagnostic } from '../../engine/schema/check';
import { DocumentSymbols } from '../../engine/schema/symbols';
import { FORMULA_CONTEXTS } from '../../engine/schema/contexts';
import { RESERVED_HEADS, RESERVED_PATHS, RESERVED_WORDS, functionNameProblem, reservedMeaning } from '../../engine/schema/reserved';
import { NOT_SELF, SCOPE_NAMES } from '../../engine/sim/scope';
import { parseFormula } from '../../engine/formula/parse';
import { fuzz } from '../fuzz';

const root = new URL('../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');
const minimal = JSON.parse(read('test/fixtures/systems/minimal.json')) as Record<string, any>;

function check(mutate: (doc: Record<string, any>) => void): { text: string; diagnostics: SystemDiagnostic[] } {
  const doc = structuredClone(minimal);
  mutate(doc);
  const text = JSON.stringify(doc, null, 2);
  return { text, diagnostics: checkSystem(text).diagnostics };
}

const reservedAt = (diagnostics: SystemDiagnostic[]): SystemDiagnostic[] => diagnostics.filter((d) => d.code === 'reserved-name');

/** The one reserved-name error, at `pointer`, anchored on the key's own characters. */
function refusedAt(result: { text: string; diagnostics: SystemDiagnostic[] }, pointer: string, key: string): SystemDiagnostic {
  const found = reservedAt(result.diagnostics);
  expect(found.map((d) => d.pointer)).toEqual([pointer]);
  const d = found[0]!;
  expect(d.severity).toBe('error');
  expect(result.text.slice(d.start, d.end)).toBe(JSON.stringify(key));
  const lines = result.text.slice(0, d.start).split('\n');
  expect([d.line, d.column]).toEqual([lines.length, lines[lines.length - 1]!.length + 1]);
  return d;
}

describe('reserved names (issue 22, item 8)', () => {
  it('refuses an attribute `edge`: it names the check\'s edge it shadows', () => {
    const d = refusedAt(check((doc) => { doc.attributes.edge = { name: 'Edge', default: 3 }; }), '/attributes/edge', 'edge');
    expect(d.message).toContain('`@edge` is a check\'s edge (advantage and disadvantage');
    expect(d.message).toContain('this attribute could never be read');
  });

  it('refuses an attribute `reaction`, which reads as the reaction flags (true or false, never a number)', () => {
    const d = refusedAt(check((doc) => { doc.attributes.reaction = { name: 'Reaction', default: 3 }; doc.derived.quick = '@reaction + 1'; }), '/attributes/reaction', 'reaction');
    expect(d.message).toContain('`@reaction` is whether a reaction succeeded');
  });

  it('refuses a track `stat`, a derived value `tier`, a derived `target.bonus` and a read `damage`', () => {
    refusedAt(check((doc) => { doc.tracks.stat = { name: 'Stat', max: '3' }; }), '/tracks/stat', 'stat');
    expect(refusedAt(check((doc) => { doc.derived.tier = '@level'; }), '/derived/tier', 'tier').message).toContain('an enemy template\'s tier');
    expect(refusedAt(check((doc) => { doc.derived['target.bonus'] = '1'; }), '/derived/target.bonus', 'target.bonus').message).toContain('the target\'s sheet');
    refusedAt(check((doc) => { doc.combat.attack.reads = { damage: '@str.mod' }; }), '/combat/attack/reads/damage', 'damage');
    refusedAt(check((doc) => { doc.derived['class.fighter.level'] = '1'; }), '/derived/class.fighter.level', 'class.fighter.level');
  });

  it('refuses a function `d100e` as dice and says so at the call too, with no cascade', () => {
    const result = check((doc) => { doc.functions.d100e = { params: ['n'], body: '@n + 1' }; doc.derived.luck = 'd100e(3)'; });
    const d = refusedAt(result, '/functions/d100e', 'd100e');
    expect(d.message).toContain('`d100e` reads as dice: `d100` is a die and `e` a name after it');
    const errors = result.diagnostics.filter((x) => x.severity === 'error');
    expect(errors).toHaveLength(2);
    const call = errors.find((x) => x.pointer === '/derived/luck')!;
    expect(call.message).toContain('`d100e` reads as the die `d100` and then the name `e`');
  });

  it('refuses function names `d6x`, `dF`, `max` and `and`, each saying why', () => {
    expect(refusedAt(check((doc) => { doc.functions.d6x = { params: [], body: '1' }; }), '/functions/d6x', 'd6x').message).toContain('`d6` is a die and `x` a name after it');
    expect(functionNameProblem('dF')).toContain('`dF` is a die');
    expect(functionNameProblem('d6kh')).toContain('`d6kh` is a die');
    expect(refusedAt(check((doc) => { doc.functions.max = { params: ['a'], body: '@a' }; }), '/functions/max', 'max').message).toContain('built-in `max(a, b');
    expect(functionNameProblem('and')).toContain('a word of the formula language');
    expect(functionNameProblem('true')).toContain('a word of the formula language');
    for (const fine of ['double', 'dice', 'throw', 'dFx', 'd_6', 'degree', 'Dx6']) expect(functionNameProblem(fine), fine).toBeUndefined();
  });

  it('refuses function names `let` and `in`, the words of a local binding, at the key (issue 22 item 3)', () => {
    const d = refusedAt(check((doc) => { doc.functions.let = { params: ['a'], body: '@a' }; }), '/functions/let', 'let');
    expect(d.message).toContain('`let name = value in …`');
    expect(functionNameProblem('in')).toContain('a word of the formula language (`let name = value in …`');
    for (const fine of ['letter', 'inch', 'lets', 'in_', 'Let']) expect(functionNameProblem(fine), fine).toBeUndefined();
  });

  it('refuses a derived value named like a track (`hp`), a track maximum (`hp.max`) or an attribute (`str`)', () => {
    expect(refusedAt(check((doc) => { doc.derived.hp = '@con'; }), '/derived/hp', 'hp').message).toContain('named like the track `hp`');
    expect(refusedAt(check((doc) => { doc.derived['hp.max'] = '@con'; }), '/derived/hp.max', 'hp.max').message).toContain('the maximum of the track `hp`');
    expect(refusedAt(check((doc) => { doc.derived.str = '@con'; }), '/derived/str', 'str').message).toContain('named like the attribute `str`');
    expect(refusedAt(check((doc) => { doc.heroes[0].derived = { hp: '3' }; }), '/heroes/0/derived/hp', 'hp').message).toContain('named like the track `hp`');
  });

  it('refuses a list named like an attribute or a reserved word, but not one of the engine\'s own lists', () => {
    expect(refusedAt(check((doc) => { doc.lists = { str: {} }; }), '/lists/str', 'str').message).toContain('named like the attribute `str`');
    refusedAt(check((doc) => { doc.lists = { edge: {} }; }), '/lists/edge', 'edge');
    expect(reservedAt(check((doc) => { doc.lists = { tags: {}, weak: {} }; }).diagnostics)).toEqual([]);
  });

  it('the six systems in systems/ check clean', () => {
    const files = readdirSync(new URL('systems/', root)).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) expect(checkSystem(read(`systems/${file}`)).diagnostics.map((d) => `${file}: ${d.message}`)).toEqual([]);
  });

  it('the list is complete: every one-word name and head the engine\'s resolver reads first is reserved', () => {
    for (const name of SCOPE_NAMES) expect(reservedMeaning(name), name).toBeDefined();
    for (const head of NOT_SELF) {
      // `attack` and `action` are only the engine's as `attack.melee` and `action.speed`.
      expect(reservedMeaning(head === 'attack' ? 'attack.melee' : head === 'action' ? 'action.speed' : `${head}.x`), head).toBeDefined();
    }
    expect(reservedMeaning('self.hp')).toBeDefined();
  });

  it('the list is complete: every name a context offers that no document wrote is reserved', () => {
    const symbols = new DocumentSymbols(minimal);
    const own = new Set(symbols.sheet.keys());
    for (const context of FORMULA_CONTEXTS) {
      // The encounter budget reads no sheet, so its names (`@challenge`, `@party.size`) shadow nothing.
      if (context === 'encounter' || context === 'function') continue;
      const table = symbols.tableFor(context, context.startsWith('check.') ? '/checks/attack/outcomes/0/when' : '');
      for (const name of table.names()) {
        if (own.has(name) && !['level', 'position', 'conditions', 'class.attacks'].includes(name) && !/^class\./.test(name)) continue;
        expect(reservedMeaning(name), `${context}: @${name}`).toBeDefined();
      }
    }
  });

  it('property: a random reserved name is always refused at its pointer; any other name never is', () => {
    const reserved = [...RESERVED_WORDS.keys(), ...RESERVED_PATHS.keys(), ...[...RESERVED_HEADS.keys()].flatMap((h) => [h, `${h}.x`])];
    const plain = reserved.filter((n) => !n.includes('.'));
    const place = fc.constantFrom('attributes', 'tracks', 'derived', 'reads');
    const put = (doc: Record<string, any>, where: string, name: string): string => {
      if (where === 'attributes') doc.attributes[name] = { name: 'X', default: 1 };
      else if (where === 'tracks') doc.tracks[name] = { name: 'X', max: '3' };
      else if (where === 'derived') doc.derived[name] = '1';
      else doc.combat.attack.reads = { [name]: '@str' };
      return where === 'reads' ? `/combat/attack/reads/${name}` : `/${where}/${name}`;
    };
    fc.assert(fc.property(place, fc.constantFrom(...reserved), (where, name0) => {
      // Attribute and track ids are plain names (the schema's `refName`): the dotted ones go to derived values.
      const name = where === 'attributes' || where === 'tracks' || where === 'reads' ? (name0.includes('.') ? plain[name0.length % plain.length]! : name0) : name0;
      let pointer = '';
      const result = check((doc) => { pointer = put(doc, where, name); });
      expect(reservedAt(result.diagnostics).map((d) => d.pointer)).toEqual([pointer]);
    }), fuzz(2201, 60));
    const taken = new Set(['str', 'dex', 'con', 'hp', 'prof', 'str.mod', 'dex.mod', 'con.mod', 'twice']);
    const free = fc.stringMatching(/^[a-z_][a-zA-Z0-9_]{0,9}$/).filter((n) => reservedMeaning(n) === undefined && !taken.has(n));
    fc.assert(fc.property(place, free, (where, name) => {
      const result = check((doc) => { put(doc, where, name); });
      expect(reservedAt(result.diagnostics)).toEqual([]);
    }), fuzz(2202, 60));
  });

  it('property: a function name refused by the checker is exactly one that does not lex as one whole name', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,6}$/), (name) => {
      const call = parseFormula(`${name}(1)`);
      const plain = call.ast?.kind === 'call' && call.ast.name === name;
      const problem = functionNameProblem(name);
      if (!plain) expect(problem, name).toBeDefined();
      else if (problem !== undefined) expect(problem, name).toContain('built-in');
    }), fuzz(2203, 300));
  });
});
