// The phrase grammar of a change asked in words: every documented phrasing, in English and Portuguese, and what it
// refuses; a property over random phrasings built from the grammar and over random junk.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz } from '../../../test/fuzz';
import { parseChangeRequest, type ChangeRequest, type ParseContext } from './parse';

const D20: ParseContext = { roles: [{ role: 'minion' }, { role: 'standard' }, { role: 'elite' }, { role: 'boss' }], tiers: { min: 1, max: 6 } };
const ALL = [1, 2, 3, 4, 5, 6];

function request(text: string, context = D20): ChangeRequest {
  const r = parseChangeRequest(text, context);
  if (!r.ok) throw new Error(`refused '${text}': ${JSON.stringify(r)}`);
  return r.request;
}

const harder = [{ stat: 'hp', op: 'times', by: 1.25 }, { stat: 'defence', op: 'plus', by: 1 }];
const bare = (r: ChangeRequest) => (r.kind === 'template' ? { roles: r.roles, tiers: r.tiers, allTiers: r.allTiers, changes: r.changes.map(({ said: _s, ...c }) => c) } : r);

describe('the documented phrasings', () => {
  it.each([
    ['make bosses harder from tier 3'],
    ['deixe os chefes mais difíceis a partir do tier 3'],
    ['Make the BOSSES harder, from tier 3.'],
    ['bosses harder tier 3 and up'],
    ['bosses harder at tier 3 and above'],
    ['bosses should be tougher from tier 3 onwards'],
    ['tier 3+ bosses harder'],
    ['bosses harder tiers 3-6'],
    ['bosses harder tiers 3 to 6'],
    ['bosses harder above tier 2'],
    ['deixe os chefes mais dificeis do tier 3 em diante'],
    ['chefes mais difíceis no tier 3 ou mais'],
    ['os chefes ficam mais difíceis a partir do nível 3'],
    ['chefes mais duros dos tiers 3 a 6'],
  ])('%s: boss, tiers 3–6, +25%% hit points and +1 defence', (text) => {
    expect(bare(request(text))).toEqual({ roles: ['boss'], tiers: [3, 4, 5, 6], allTiers: false, changes: harder });
  });

  it.each([
    ['minions have half the hit points', 'hp', 'times', 0.5],
    ['os lacaios têm metade dos pontos de vida', 'hp', 'times', 0.5],
    ['minions have 50% of the hit points', 'hp', 'times', 0.5],
    ['lacaios com 50% dos pontos de vida', 'hp', 'times', 0.5],
    ['halve minion hp', 'hp', 'times', 0.5],
    ['minions get double damage', 'damage', 'times', 2],
    ['lacaios causam o dobro de dano', 'damage', 'times', 2],
    ['minions deal 3 times the damage', 'damage', 'times', 3],
    ['lacaios com dano x2', 'damage', 'times', 2],
    ['minions have 50% more hit points', 'hp', 'times', 1.5],
    ['minions have +50% hp', 'hp', 'times', 1.5],
    ['lacaios têm 50% a mais de vida', 'hp', 'times', 1.5],
    ['reduce minion damage by 20%', 'damage', 'times', 0.8],
    ['reduza o dano dos lacaios em 20%', 'damage', 'times', 0.8],
    ['minions get +2 defence', 'defence', 'plus', 2],
    ['raise minion defense by 2', 'defence', 'plus', 2],
    ['aumente a defesa dos lacaios em 2', 'defence', 'plus', 2],
    ['minions have 2 more AC', 'defence', 'plus', 2],
    ['lacaios com 2 a mais de defesa', 'defence', 'plus', 2],
    ['lacaios com mais 2 de defesa', 'defence', 'plus', 2],
    ['minions get -1 attack', 'attack', 'plus', -1],
    ['minions have two less attack', 'attack', 'plus', -2],
    ['lacaios com 1 a menos de ataque', 'attack', 'plus', -1],
    ['minions have more hit points', 'hp', 'times', 1.25],
    ['lacaios com mais vida', 'hp', 'times', 1.25],
    ['minions have less damage', 'damage', 'times', 0.8],
    ['lacaios com menos dano', 'damage', 'times', 0.8],
    ['minions have more defence', 'defence', 'plus', 1],
    ['lacaios com menos ataque', 'attack', 'plus', -1],
  ])('%s', (text, stat, op, by) => {
    expect(bare(request(text))).toEqual({ roles: ['minion'], tiers: ALL, allTiers: true, changes: [{ stat, op, by }] });
  });

  it.each([
    ['elites hit harder at tiers 5 and 6', [5, 6], 'damage', 'times', 1.25],
    ['os elites batem mais forte nos tiers 5 e 6', [5, 6], 'damage', 'times', 1.25],
    ['elites hit softer at tier 2', [2], 'damage', 'times', 0.8],
    ['elites batem mais fraco no tier 2', [2], 'damage', 'times', 0.8],
    ['elites hit more often up to tier 2', [1, 2], 'attack', 'plus', 1],
    ['elites acertam mais até o tier 2', [1, 2], 'attack', 'plus', 1],
    ['elites hit less often below tier 3', [1, 2], 'attack', 'plus', -1],
    ['elites acertam menos entre os tiers 2 e 4', [2, 3, 4], 'attack', 'plus', -1],
    ['elites hit harder between tiers 2 and 4', [2, 3, 4], 'damage', 'times', 1.25],
    ['elites hit harder at tiers 1, 3 and 5', [1, 3, 5], 'damage', 'times', 1.25],
    ['elites hit harder in tier 1 and tier 6', [1, 6], 'damage', 'times', 1.25],
    ['elites batem mais forte do tier 2 ao 4', [2, 3, 4], 'damage', 'times', 1.25],
    ['elites hit harder by 50% from tier 4', [4, 5, 6], 'damage', 'times', 1.5],
    ['elites hit harder tier 4 or lower', [1, 2, 3, 4], 'damage', 'times', 1.25],
  ])('%s', (text, tiers, stat, op, by) => {
    expect(bare(request(text))).toEqual({ roles: ['elite'], tiers, allTiers: tiers.length === 6, changes: [{ stat, op, by }] });
  });

  it('easier / mais fáceis: −20% hit points and −1 defence; every role at once', () => {
    const easier = [{ stat: 'hp', op: 'times', by: 0.8 }, { stat: 'defence', op: 'plus', by: -1 }];
    expect(bare(request('make standard enemies easier'))).toEqual({ roles: ['standard'], tiers: ALL, allTiers: true, changes: easier });
    expect(bare(request('deixe os inimigos padrão mais fáceis'))).toEqual({ roles: ['standard'], tiers: ALL, allTiers: true, changes: easier });
    expect(bare(request('make all enemies easier at every tier'))).toMatchObject({ roles: ['minion', 'standard', 'elite', 'boss'], allTiers: true, changes: easier });
    expect(bare(request('todos os inimigos mais fáceis'))).toMatchObject({ roles: ['minion', 'standard', 'elite', 'boss'] });
  });

  it('several roles and several numbers in one request', () => {
    expect(bare(request('bosses and elites have 2 more defence and 10% less damage'))).toEqual({
      roles: ['boss', 'elite'], tiers: ALL, allTiers: true,
      changes: [{ stat: 'defence', op: 'plus', by: 2 }, { stat: 'damage', op: 'times', by: 0.9 }],
    });
    expect(bare(request('chefes e elites com o dobro de vida e +1 de ataque'))).toMatchObject({
      roles: ['boss', 'elite'], changes: [{ stat: 'hp', op: 'times', by: 2 }, { stat: 'attack', op: 'plus', by: 1 }],
    });
  });

  it('the grid, both ways, in both languages', () => {
    for (const t of ['this system is gridless', 'esse sistema é sem grade', 'fights are played without a grid', 'lutas sem grade', 'no grid']) {
      expect(request(t)).toEqual({ kind: 'grid', grid: false });
    }
    for (const t of ['this system uses a grid', 'esse sistema usa grade', 'fights are played on a grid']) expect(request(t)).toEqual({ kind: 'grid', grid: true });
  });

  it("roles are the system's own: by role id or name, plural too; the spec's four only where the system has them", () => {
    const vampires: ParseContext = { roles: [{ role: 'boss', name: 'Elder vampire' }, { role: 'big-bad' }], tiers: { min: 1, max: 6 } };
    expect(request('make elder vampires harder', vampires)).toMatchObject({ roles: ['boss'] });
    expect(request('make big bads harder', vampires)).toMatchObject({ roles: ['big-bad'] });
    const r = parseChangeRequest('make minions harder', vampires);
    expect(r).toMatchObject({ ok: false, missing: [expect.stringMatching(/which enemies \(roles: boss, big-bad\)/)], notUnderstood: ['minions'] });
  });

  it("tiers are the system's own", () => {
    const wide: ParseContext = { ...D20, tiers: { min: 0, max: 10 } };
    expect(request('bosses harder from tier 8', wide)).toMatchObject({ tiers: [8, 9, 10], allTiers: false });
    expect(request('bosses harder up to tier 1', wide)).toMatchObject({ tiers: [0, 1] });
    expect(parseChangeRequest('bosses harder from tier 8', D20)).toMatchObject({ ok: false, missing: ["tier 8 is outside this system's tiers 1–6"] });
  });
});

describe('refusals say what was understood and what was not', () => {
  it.each([
    ['make bosses wobble', ['wobble'], /what to change/],
    ['hello', ['hello'], /which enemies/],
    ['', [], /a request/],
    ['bosses 50%', [], /50%: of which number/],
    ['bosses have hit points', [], /by how much should hit points change/],
    ['bosses have 2 defence', [], /more or less/],
    ['bosses have 50% damage', [], /more or less/],
    ['make bosses harder and this system is gridless', [], /one request at a time/],
    ['bosses harder and +2 defence', [], /defence is changed twice/],
    ['bosses have 0 times the damage', [], /a factor must be above 0/],
    ['bosses have 100% less damage', [], /out of reach/],
    ['make dragons harder', ['dragons'], /which enemies/],
    ['bosses harder tiers 5 to 2', [], /run backwards/],
    ['make bosses harder from tier', ['from', 'tier'], null],
    ['make bosses not harder', ['not'], null],
  ])('%s', (text, words, missing) => {
    const r = parseChangeRequest(text, D20);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.notUnderstood).toEqual(words);
    if (missing) expect(r.missing.join('\n')).toMatch(missing);
  });

  it('keeps what it understood of a refused request', () => {
    expect(parseChangeRequest('make bosses wobble from tier 3', D20)).toMatchObject({ ok: false, understood: ['role boss', 'tiers 3–6'], notUnderstood: ['wobble'] });
  });

  it('refuses an over-long request at once', () => {
    expect(parseChangeRequest('bosses harder '.repeat(50), D20)).toMatchObject({ ok: false, missing: [/at most 500 characters/] });
  });
});

// Random phrasings from the grammar: a role, a change and tiers in either language, with fillers, in any order.
const ROLE_WORDS: Record<string, string[]> = { minion: ['minions', 'lacaios', 'minion'], standard: ['standards', 'padrões'], elite: ['elites', 'elite'], boss: ['bosses', 'chefes', 'boss'] };
const CHANGES: { words: string[]; changes: { stat: string; op: string; by: number }[] }[] = [
  { words: ['harder', 'mais difíceis', 'tougher', 'mais duros'], changes: harder },
  { words: ['easier', 'mais fáceis', 'weaker'], changes: [{ stat: 'hp', op: 'times', by: 0.8 }, { stat: 'defence', op: 'plus', by: -1 }] },
  { words: ['hit harder', 'batem mais forte'], changes: [{ stat: 'damage', op: 'times', by: 1.25 }] },
  { words: ['have half the hit points', 'têm metade dos pontos de vida', 'with half hp'], changes: [{ stat: 'hp', op: 'times', by: 0.5 }] },
  { words: ['get +2 defence', 'com 2 a mais de defesa', 'have 2 more defense'], changes: [{ stat: 'defence', op: 'plus', by: 2 }] },
  { words: ['deal double damage', 'causam o dobro de dano'], changes: [{ stat: 'damage', op: 'times', by: 2 }] },
];
const TIERS: { words: (n: number, m: number) => string[]; tiers: (n: number, m: number) => number[] }[] = [
  { words: (n) => [`from tier ${n}`, `a partir do tier ${n}`, `tier ${n} and up`, `tier ${n}+`, `do tier ${n} em diante`], tiers: (n) => ALL.filter((t) => t >= n) },
  { words: (n) => [`at tier ${n}`, `no tier ${n}`], tiers: (n) => [n] },
  { words: (n, m) => [`tiers ${n}-${m}`, `tiers ${n} to ${m}`, `do tier ${n} ao ${m}`, `between tiers ${n} and ${m}`], tiers: (n, m) => ALL.filter((t) => t >= n && t <= m) },
  { words: (n) => [`up to tier ${n}`, `até o tier ${n}`], tiers: (n) => ALL.filter((t) => t <= n) },
];

describe('properties', () => {
  it('a random phrasing from the grammar reads as the change it says', () => {
    const phrasing = fc.record({
      role: fc.constantFrom(...Object.keys(ROLE_WORDS)),
      roleWord: fc.nat(10),
      change: fc.nat(CHANGES.length - 1),
      changeWord: fc.nat(10),
      tiers: fc.option(fc.record({ kind: fc.nat(TIERS.length - 1), word: fc.nat(10), n: fc.integer({ min: 1, max: 6 }), m: fc.integer({ min: 1, max: 6 }) })),
      lead: fc.constantFrom('', 'make', 'please make', 'deixe os', 'faça os', 'the'),
      tiersFirst: fc.boolean(),
      upper: fc.boolean(),
      end: fc.constantFrom('', '.', '!', ' please'),
    });
    fc.assert(fc.property(phrasing, (p) => {
      const roleWords = ROLE_WORDS[p.role]!;
      const change = CHANGES[p.change]!;
      const who = roleWords[p.roleWord % roleWords.length]!;
      const what = change.words[p.changeWord % change.words.length]!;
      const [n, m] = p.tiers ? [Math.min(p.tiers.n, p.tiers.m), Math.max(p.tiers.n, p.tiers.m)] : [1, 6];
      const where = p.tiers ? TIERS[p.tiers.kind]!.words(n, m)[p.tiers.word % TIERS[p.tiers.kind]!.words(n, m).length]! : '';
      const body = p.tiersFirst && where ? `${where} ${who} ${what}` : `${who} ${what} ${where}`;
      const text = `${p.lead} ${body}${p.end}`;
      const r = parseChangeRequest(p.upper ? text.toUpperCase() : text, D20);
      const tiers = p.tiers ? TIERS[p.tiers.kind]!.tiers(n, m) : ALL;
      expect(r.ok, text).toBe(true);
      if (!r.ok) return;
      expect(bare(r.request), text).toEqual({ roles: [p.role], tiers, allTiers: tiers.length === 6, changes: change.changes });
    }), fuzz(2401, 300));
  });

  it('random junk is refused, never thrown, and says what it did not understand', () => {
    const junk = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.array(fc.constantFrom('zorp', 'blue', 'quickly', 'dragons', 'tier', '7', '%', '+', 'não', '☃', '\u001b[2J', 'wobble'), { maxLength: 12 }).map((w) => w.join(' ')),
    );
    fc.assert(fc.property(junk, (text) => {
      const r = parseChangeRequest(text, D20);
      if (r.ok) return; // a string that happens to be a request ("no grid") is fine
      expect(r.notUnderstood.length + r.missing.length).toBeGreaterThan(0);
    }), fuzz(2402, 500));
  });

  it('words of the grammar in random order and number never throw', () => {
    const words = ['make', 'bosses', 'harder', 'from', 'tier', '3', 'and', 'half', 'hit', 'points', 'more', 'less', '+', '-', '%', 'double', 'tiers', 'a', 'partir', 'do', 'e', 'dano', 'grid', 'sem', 'grade', '0', '999', 'x', 'up', 'to'];
    fc.assert(fc.property(fc.array(fc.constantFrom(...words), { maxLength: 16 }), (w) => {
      const r = parseChangeRequest(w.join(' '), D20);
      if (r.ok && r.request.kind === 'template') {
        expect(r.request.roles.length).toBeGreaterThan(0);
        expect(r.request.changes.length).toBeGreaterThan(0);
        for (const t of r.request.tiers) expect(t >= 1 && t <= 6).toBe(true);
      }
    }), fuzz(2403, 500));
  });
});
