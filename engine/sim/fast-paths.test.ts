// The engine's shortcuts must answer exactly as the long way would: a lone sheet reference read straight off the
// sheet, damage steps answered once per target and damage type, checks counted straight into per-combatant rows.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deriveSeed } from '../dice/rng';
import type { EvalContext } from '../formula/runtime';
import type { SystemDocument } from '../schema/document';
import { FightRunner, type CheckTally } from './fight';
import { fightLog, loadSystem, simulate, type FightEvent, type System } from './index';
import type { Combatant, Scope } from './model';
import { createResolver, selfSheetIndex, type SheetIndex } from './scope';

const mini = JSON.parse(readFileSync(new URL('../../test/fixtures/systems/mini-d20.json', import.meta.url), 'utf8')) as SystemDocument;

function load(doc: SystemDocument): System {
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  return loaded.system;
}

describe('selfSheetIndex places a reference exactly where the resolver reads it', () => {
  const index: SheetIndex = {
    sheetIndexOf: new Map([['str', 0], ['str.mod', 1], ['stat', 2]]),
    trackCurrent: new Map([['hp', 3]]),
    trackMax: new Map([['hp.max', 4]]),
    classIndex: new Map(), listIndex: new Map(), readIndex: new Map([['reach', 0]]), modIndex: new Map(),
    reactionIndex: new Map(), labels: new Map(),
    names: { attributes: [], derived: [], tracks: [], lists: [], reads: [], mods: [], reactions: [], classes: [] },
  };
  const resolve = createResolver(index);
  const self = { sheet: [10, 11, 12, 13, 14] } as unknown as Combatant;
  const target = { sheet: [20, 21, 22, 23, 24] } as unknown as Combatant;
  const scope = { self, target, attacker: target, source: target, stat: 99, reads: [77] } as unknown as Scope;
  const ctx = { scope } as unknown as EvalContext;

  it.each([
    [['str'], 0], [['str', 'mod'], 1], [['self', 'str', 'mod'], 1], [['hp'], 3], [['hp', 'max'], 4], [['self', 'hp'], 3],
  ])('@%j reads self slot %i', (path, slot) => {
    expect(selfSheetIndex(index, path)).toBe(slot);
    expect(resolve(path)!(ctx)).toBe(self.sheet[slot]);
  });

  it.each([[['stat']], [['reach']], [['target', 'str']], [['attacker', 'hp']], [['roll', 'high']], [['mods', 'str']], [['level']], [['self']]])(
    '@%j is not a self sheet slot (the scope, a read, another combatant or no slot)',
    (path) => {
      expect(selfSheetIndex(index, path)).toBeUndefined();
    },
  );

  it('a scope name that is also a sheet name reads the scope, so it is not a slot', () => {
    expect(resolve(['stat'])!(ctx)).toBe(99);
    expect(selfSheetIndex(index, ['stat'])).toBeUndefined();
  });
});

describe('damage steps answered once per target and damage type', () => {
  /** Mini d20 with an extra step that reads the target's hit points: it must be evaluated on every blow. */
  function withStep(step: Record<string, string>): System {
    const doc = structuredClone(mini) as SystemDocument & { combat: { damage: { steps: Record<string, string>[] } } };
    doc.combat.damage.steps.push(step);
    return load(doc);
  }

  it('a step reading the target\'s hit points is evaluated on every blow, not cached', () => {
    const system = withStep({ id: 'bloodied', name: 'Bloodied', when: '@target.hp <= 12', value: '@damage + 100' });
    // Targets seen both above and at or below 12 hit points when hit: the step's answer changed within a fight.
    const crossed = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) {
      const hp = new Map<string, number>();
      const seen = new Map<string, Set<boolean>>();
      for (const e of fightLog(system, 'duel', seed)) {
        if (e.type === 'fightStart') for (const c of e.combatants) hp.set(c.id, c.hp);
        if (e.type !== 'damage') continue;
        const bloodied = e.steps.includes('Bloodied');
        expect(bloodied, `seed ${seed}: ${e.chip}`).toBe(hp.get(e.target)! <= 12);
        if (!seen.has(e.target)) seen.set(e.target, new Set());
        seen.get(e.target)!.add(bloodied);
        hp.set(e.target, e.hp);
      }
      for (const [id, answers] of seen) if (answers.size === 2) crossed.add(`${seed} ${id}`);
    }
    expect(crossed.size).toBeGreaterThan(0);
  });

  it('a cached step answers per damage type: the same troll is singed by fire, not by a sword', () => {
    const system = withStep({ id: 'singe', name: 'Singe', when: "@damageType == 'fire' and has(@target.resist, 'cold')", value: '@damage + 1' });
    const answers = new Map<string, Set<boolean>>();
    for (let seed = 1; seed <= 30; seed++) {
      for (const e of fightLog(system, 'troll', seed) as FightEvent[]) {
        if (e.type !== 'damage' || e.target !== 'troll-1') continue;
        if (!answers.has(e.damageType)) answers.set(e.damageType, new Set());
        answers.get(e.damageType)!.add(e.steps.includes('Singe'));
      }
    }
    expect(answers.get('fire')).toEqual(new Set([true]));
    expect(answers.get('slashing')).toEqual(new Set([false]));
  });
});

describe('a damage step whose when is a reaction flag (@reaction.<id>), read straight off the scope', () => {
  it('halves a blow on the rogue exactly when its Uncanny Dodge just succeeded (classic-d20)', () => {
    const system = load(JSON.parse(readFileSync(new URL('../../systems/classic-d20.json', import.meta.url), 'utf8')) as SystemDocument);
    const step = system.damageSteps.find((s) => s.when?.source === '@reaction.uncanny')!;
    const seen = new Set<boolean>();
    for (let seed = 1; seed <= 40; seed++) {
      let dodged = false;
      for (const e of fightLog(system, 'bench-4v4', seed)) {
        if ((e.type === 'check' && e.target === 'rogue5') || e.type === 'ability') dodged = false;
        if (e.type === 'reaction' && e.actor === 'rogue5' && e.ability === 'uncanny') dodged = e.success;
        if (e.type !== 'damage' || e.target !== 'rogue5' || e.rolled <= 0) continue;
        expect(e.steps.includes(step.name), `seed ${seed}: ${e.chip}`).toBe(dodged);
        seen.add(dodged);
      }
    }
    expect(seen).toEqual(new Set([true, false]));
  });
});

describe('checks counted straight into rows', () => {
  it('give the same per-combatant tallies as counting each check through onCheck', () => {
    const system = load(mini);
    const fight = system.fights.get('skirmish')!;
    const counts = new Map<string, number>();
    const byCall: CheckTally = {
      onCheck(actor, tally) {
        const [check, outcome] = system.tallyKeys[tally]!;
        const key = `${actor.id} ${check} ${outcome}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      },
    };
    const fights = 300;
    for (let i = 0; i < fights; i++) new FightRunner(system, fight, deriveSeed(5, i), null, byCall).run();
    const stats = simulate(system, 'skirmish', { fights, seed: 5 });
    const fromRows = new Map<string, number>();
    for (const c of stats.combatants) {
      for (const [check, outcomes] of Object.entries(c.checks)) for (const [outcome, n] of Object.entries(outcomes)) fromRows.set(`${c.id} ${check} ${outcome}`, n);
    }
    expect(fromRows).toEqual(counts);
    // The fight's totals are the combatants' sums.
    for (const [check, outcomes] of Object.entries(stats.checks)) {
      for (const [outcome, n] of Object.entries(outcomes)) {
        const sum = stats.combatants.reduce((total, c) => total + (c.checks[check]?.[outcome] ?? 0), 0);
        expect(n, `${check} ${outcome}`).toBe(sum);
      }
    }
  });
});

describe('one die kept: its face is the roll\'s natural, highest and lowest (keepFacts\' shortcut)', () => {
  it('a d20 save reads @roll.high and @roll.low as its face, on every roll', () => {
    const doc = structuredClone(mini) as SystemDocument & { checks: Record<string, { outcomes: unknown[] }> };
    doc.checks['save.dex']!.outcomes = [
      { id: 'face', when: '@roll.high == @natural and @roll.low == @natural and @natural >= 1 and @natural <= 20', result: 'fail' },
      { id: 'other', when: 'true', result: 'success' },
    ];
    const system = load(doc);
    let saves = 0;
    for (let seed = 1; seed <= 30; seed++) {
      for (const e of fightLog(system, 'skirmish', seed)) {
        if (e.type !== 'check' || e.check !== 'save.dex') continue;
        saves++;
        expect(e.outcome, e.chip).toBe('face');
      }
    }
    expect(saves).toBeGreaterThan(0);
  });
});
