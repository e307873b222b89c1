import { describe, expect, test } from 'vitest';
import { foldEvents, nextTurnEnd } from './fightView';
import type { FightEvent } from '../workers/protocol';

const check = (over: Partial<Extract<FightEvent, { type: 'check' }>>): FightEvent => ({
  type: 'check', round: 1, actor: 'fighter5', check: 'attack', checkName: 'Attack roll', target: 'standard-1', dice: [14], roll: 'd20 (14) + 3 Strength + 2 prof',
  total: 19, vs: 13, outcome: 'hit', outcomeName: 'Hit', result: 'success', crit: false, botch: false, formula: '/checks/attack/roll',
  chip: 'd20 (14) + 3 Strength + 2 prof = 19 vs 13 · Hit', influencedBy: [], ...over,
});
const damage = (over: Partial<Extract<FightEvent, { type: 'damage' }>>): FightEvent => ({
  type: 'damage', round: 1, actor: 'fighter5', target: 'standard-1', amount: 12, damageType: 'slashing', steps: [], rolled: 12, hp: 8,
  formula: '/heroes/0/weapon/damage', chip: '1d8 (9) + 3 Strength = 12 slashing', ...over,
});

const events: FightEvent[] = [
  { type: 'fightStart', system: 's', fightId: 'f', seed: 1, hpTrack: 'hp', combatants: [
    { id: 'fighter5', name: 'Fighter 5', side: 'heroes', hp: 44, position: 'near' },
    { id: 'standard-1', name: 'Standard', side: 'enemies', hp: 20, position: 'near' },
    { id: 'standard-2', name: 'Standard', side: 'enemies', hp: 20, position: 'near' },
  ] },
  { type: 'round', round: 1 },
  check({ actor: 'fighter5', check: 'initiative', target: null, total: 17, vs: null, outcome: null, outcomeName: null, result: null, chip: 'd20 (15) + 2 Dexterity = 17' }),
  check({ actor: 'standard-1', check: 'initiative', target: null, total: 9, vs: null, outcome: null, outcomeName: null, result: null, chip: 'd20 (8) + 1 Dexterity = 9' }),
  { type: 'turn', round: 1, actor: 'fighter5', initiative: 17 },
  check({ influencedBy: ['Prone (near): advantage'], chip: 'd20 (14) + 3 Strength + 2 prof = 19 vs 13 · Hit\nInfluenced by: Prone (near): advantage' }),
  damage({}),
  { type: 'condition', round: 1, target: 'standard-1', condition: 'prone', change: 'applied', source: 'fighter5' },
  { type: 'turn', round: 1, actor: 'standard-1', initiative: 9 },
  check({ actor: 'standard-1', target: 'fighter5', total: 5, vs: 16, outcome: 'miss', outcomeName: 'Miss', result: 'fail', chip: 'd20 (2) + 3 Attack + 0 prof = 5 vs 16 · Miss' }),
  { type: 'round', round: 2 },
  { type: 'turn', round: 2, actor: 'fighter5', initiative: 17 },
  damage({ amount: 9, hp: 0 }),
  { type: 'down', round: 2, target: 'standard-1', by: 'fighter5', state: 'dead' },
  { type: 'fightEnd', round: 2, winner: 'heroes', rounds: 2 },
];

describe('foldEvents', () => {
  test('before anything happens there is nothing to show', () => {
    const view = foldEvents(events, 0);
    expect(view.combatants).toEqual([]);
    expect(view.chips).toEqual([]);
  });

  test('initiative, the actor now, hit points, conditions and chips after the first turn', () => {
    const view = foldEvents(events, 8, 'initiative', { conditions: new Map([['prone', 'Prone']]) });
    expect(view.round).toBe(1);
    expect(view.actorNow).toBe('fighter5');
    const fighter = view.combatants.find((c) => c.id === 'fighter5')!;
    const enemy = view.combatants.find((c) => c.id === 'standard-1')!;
    expect(fighter.initiative).toBe(17);
    expect(enemy.initiative).toBe(9);
    expect(enemy.hp).toBe(8);
    expect(enemy.name).toBe('Standard 1');
    expect(enemy.conditions).toEqual(['prone']);
    const attack = view.chips.find((c) => c.kind === 'check' && c.text.includes('19 vs'))!;
    expect(attack).toMatchObject({
      actor: 'Fighter 5', target: 'Standard 1', text: 'd20 (14) + 3 Strength + 2 prof = 19 vs 13 · Hit', result: 'success',
      influence: 'Influenced by: Prone (near): advantage', origin: { pointer: '/checks/attack/roll' },
    });
    expect(view.chips.find((c) => c.kind === 'damage')).toMatchObject({ target: 'Standard 1', origin: { pointer: '/heroes/0/weapon/damage' } });
    expect(view.chips.find((c) => c.kind === 'condition')).toMatchObject({ text: 'Standard 1 is now Prone', origin: { kind: 'condition', id: 'prone' } });
  });

  test('a miss is a failure, told apart from a hit', () => {
    const view = foldEvents(events, events.length);
    const miss = view.chips.find((c) => c.text.endsWith('· Miss'))!;
    expect(miss).toMatchObject({ result: 'fail', actor: 'Standard 1', target: 'Fighter 5' });
  });

  test('the end: who fell and who won', () => {
    const view = foldEvents(events, events.length);
    expect(view.ended).toBe(true);
    expect(view.winner).toBe('heroes');
    const enemy = view.combatants.find((c) => c.id === 'standard-1')!;
    expect(enemy).toMatchObject({ down: true, fate: 'dead', hp: 0 });
    expect(view.chips.at(-1)!.text).toBe('Fight over after 2 rounds: the heroes win');
  });

  test('a down combatant shows how it lies (dying, stable, dead), and a revival puts it back on its feet', () => {
    const log: FightEvent[] = [
      { type: 'fightStart', system: 's', fightId: 'f', seed: 1, hpTrack: 'hp', combatants: [
        { id: 'wizard', name: 'Wizard', side: 'heroes', hp: 20, position: 'far' }, { id: 'cleric', name: 'Cleric', side: 'heroes', hp: 20, position: 'near' },
        { id: 'orc-1', name: 'Orc', side: 'enemies', hp: 15, position: 'near' },
      ] },
      damage({ actor: 'orc-1', target: 'wizard', amount: 20, hp: 0 }),
      { type: 'down', round: 1, target: 'wizard', by: 'orc-1', state: 'down' },
      damage({ actor: 'orc-1', target: 'cleric', amount: 20, hp: 0 }),
      { type: 'down', round: 1, target: 'cleric', by: 'orc-1', state: 'down' },
      damage({ actor: 'wizard', target: 'orc-1', amount: 15, hp: 0 }),
      { type: 'down', round: 1, target: 'orc-1', by: 'wizard', state: 'dead' },
      { type: 'down', round: 2, target: 'wizard', state: 'dead' },
      { type: 'down', round: 2, target: 'cleric', state: 'stable' },
      { type: 'heal', round: 2, actor: 'cleric', target: 'cleric', amount: 1, track: 'hp', chip: 'Cleric: back up (death save)' },
    ];
    const at = (upTo: number, id: string) => foldEvents(log, upTo).combatants.find((c) => c.id === id)!;
    expect(at(3, 'wizard')).toMatchObject({ down: true, fate: 'down' });
    expect(at(7, 'orc-1')).toMatchObject({ down: true, fate: 'dead' });
    expect(at(8, 'wizard')).toMatchObject({ down: true, fate: 'dead' });
    expect(at(9, 'cleric')).toMatchObject({ down: true, fate: 'stable' });
    expect(at(10, 'cleric')).toMatchObject({ down: false, fate: null, hp: 1 });
  });

  test('next turn shows the whole of the next turn', () => {
    expect(nextTurnEnd(events, 0)).toBe(8);
    expect(nextTurnEnd(events, 8)).toBe(10);
    expect(nextTurnEnd(events, 10)).toBe(14);
    expect(nextTurnEnd(events, 14)).toBe(events.length);
  });
});
