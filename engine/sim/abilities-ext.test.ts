// An ability's own check against a number (`challenge`) and conditions it takes off (`removes`), on the fixture
// system mini-d20 with what each test needs added: generic engine behaviour, no seed system involved.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Ability, Fight, Hero, SystemDocument } from '../schema/document';
import { fightLog, loadSystem, runFight, type FightEvent, type System } from './index';

const fixture = (): SystemDocument =>
  JSON.parse(readFileSync(new URL('../../test/fixtures/systems/mini-d20.json', import.meta.url), 'utf8')) as SystemDocument;

function load(extra: { abilities: Ability[]; heroes: Hero[]; fights: Fight[] }, change?: (doc: SystemDocument) => SystemDocument): System {
  const doc = fixture();
  const merged: SystemDocument = {
    ...doc,
    abilities: [...(doc.abilities ?? []), ...extra.abilities],
    heroes: [...(doc.heroes ?? []), ...extra.heroes],
    fights: [...(doc.fights ?? []), ...extra.fights],
  };
  const loaded = loadSystem(change ? change(merged) : merged);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  return loaded.system;
}

const dummy = { template: { role: 'dummy', tier: 1 } };

describe('an ability with removes', () => {
  const system = load({
    abilities: [{ id: 'help-up', name: 'Help up', uses: 'bonus', target: 'ally', removes: ['prone'] }],
    heroes: [{ id: 'medic', name: 'Medic', level: 1, attributes: { dex: 10, con: 10 }, weapon: { name: 'Stick', damage: '1', stat: '0', reach: 'near' },
      abilities: ['help-up'], orders: [{ use: 'help-up', when: 'true' }] }],
    fights: [{ id: 'fallen', heroes: ['medic', { hero: 'striker', conditions: ['prone'] }], enemies: [dummy], maxRounds: 3 }],
  });

  it('takes the condition off the ally who has it (not the most hurt), once: with nobody holding it the ability is not used', () => {
    const events = fightLog(system, 'fallen', 1);
    const uses = events.filter((e): e is Extract<FightEvent, { type: 'ability' }> => e.type === 'ability' && e.ability === 'help-up');
    expect(uses.map((u) => u.targets)).toEqual([['striker']]);
    expect(events.some((e) => e.type === 'condition' && e.target === 'striker' && e.condition === 'prone' && e.change === 'ended')).toBe(true);
  });
});

describe('an ability with a challenge of its own', () => {
  const withProgress = (doc: SystemDocument): SystemDocument => ({
    ...doc,
    tracks: { ...doc.tracks, progress: { name: 'Progress', max: '1000', start: '0' } },
    checks: {
      ...doc.checks,
      lockpick: { roll: 'd20 + @stat', outcomes: [
        { id: 'open', when: '@total >= @vs', result: 'success', degree: '@total - @vs + 1', gain: [{ track: 'progress', amount: '@degree' }] },
        { id: 'jammed', when: 'true', result: 'fail' },
      ] },
    },
  });
  const system = load({
    abilities: [{ id: 'pick', name: 'Pick the lock', uses: 'action', target: 'self', challenge: { check: 'lockpick', stat: '3', vs: '15' } }],
    heroes: [{ id: 'thief', name: 'Thief', level: 1, attributes: { dex: 10, con: 10 }, weapon: { name: 'Knife', damage: '1', stat: '0', reach: 'near' },
      abilities: ['pick'], orders: [{ use: 'pick', when: 'true' }] }],
    fights: [{ id: 'vault', heroes: ['thief'], enemies: [dummy], maxRounds: 12 }],
  }, withProgress);

  it('rolls the check against its vs with its stat, no target, and its outcome gains fill the track (the engine keeps the sum of degrees)', () => {
    const progressIndex = system.trackCurrent[system.names.tracks.indexOf('progress')]!;
    for (let seed = 1; seed <= 5; seed++) {
      const checks = fightLog(system, 'vault', seed).filter((e): e is Extract<FightEvent, { type: 'check' }> => e.type === 'check' && e.check === 'lockpick');
      expect(checks.length).toBe(12);
      let sum = 0;
      for (const c of checks) {
        expect(c).toMatchObject({ actor: 'thief', target: null, vs: 15, total: c.dice[0]! + 3 });
        if (c.outcome === 'open') { expect(c.degree).toBe(c.total - 15 + 1); sum += c.degree!; }
      }
      const thief = runFight(system, 'vault', seed).combatants.find((c) => c.id === 'thief')!;
      expect(thief.sheet[progressIndex]).toBe(sum);
    }
  });
});
