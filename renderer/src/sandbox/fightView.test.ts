import { describe, expect, test } from 'vitest';
import { foldEvents, nextTurnEnd } from './fightView';
import type { FightEvent } from '../workers/protocol';

const events: FightEvent[] = [
  { type: 'fightStart', combatants: [
    { id: 'fighter5', name: 'Fighter 5', side: 'heroes', hp: 44, maxHp: 44 },
    { id: 'standard-1', side: 'enemies', hp: 20, maxHp: 20 },
  ] },
  { type: 'check', actor: 'fighter5', check: 'initiative', total: 17, chip: 'd20 (15) + 2 = 17' },
  { type: 'check', actor: 'standard-1', check: 'initiative', total: 9, chip: 'd20 (8) + 1 = 9' },
  { type: 'round', round: 1 },
  { type: 'turn', actor: 'fighter5' },
  { type: 'check', actor: 'fighter5', check: 'attack', target: 'standard-1', total: 19, vs: 13, outcome: 'hit', result: 'success',
    chip: 'd20 (14) + 3 Strength + 2 = 19', influencedBy: ['Prone (near): advantage'] },
  { type: 'damage', actor: 'fighter5', target: 'standard-1', amount: 12, steps: [] },
  { type: 'condition', target: 'standard-1', condition: 'prone' },
  { type: 'turn', actor: 'standard-1' },
  { type: 'check', actor: 'standard-1', check: 'attack', target: 'fighter5', total: 5, vs: 16, outcome: 'miss', result: 'fail' },
  { type: 'round', round: 2 },
  { type: 'turn', actor: 'fighter5' },
  { type: 'damage', actor: 'fighter5', target: 'standard-1', amount: 9 },
  { type: 'down', target: 'standard-1' },
  { type: 'fightEnd', winner: 'heroes' },
];

describe('foldEvents', () => {
  test('before anything happens there is nothing to show', () => {
    const view = foldEvents(events, 0);
    expect(view.combatants).toEqual([]);
    expect(view.chips).toEqual([]);
  });

  test('initiative, the actor now, hit points, conditions and chips after the first turn', () => {
    const view = foldEvents(events, 8);
    expect(view.round).toBe(1);
    expect(view.actorNow).toBe('fighter5');
    const fighter = view.combatants.find((c) => c.id === 'fighter5')!;
    const enemy = view.combatants.find((c) => c.id === 'standard-1')!;
    expect(fighter.initiative).toBe(17);
    expect(enemy.initiative).toBe(9);
    expect(enemy.hp).toBe(8);
    expect(enemy.conditions).toEqual(['prone']);
    const attack = view.chips.find((c) => c.kind === 'check' && c.actor === 'fighter5' && c.text.includes('19'))!;
    expect(attack.text).toBe('d20 (14) + 3 Strength + 2 = 19 vs 13 · Hit');
    expect(attack.influencedBy).toEqual(['Prone (near): advantage']);
    expect(attack.success).toBe(true);
    expect(attack.origin).toEqual({ kind: 'check', id: 'attack' });
  });

  test('the end: who fell and who won', () => {
    const view = foldEvents(events, events.length);
    expect(view.ended).toBe(true);
    expect(view.winner).toBe('heroes');
    const enemy = view.combatants.find((c) => c.id === 'standard-1')!;
    expect(enemy.down).toBe(true);
    expect(enemy.hp).toBe(-1);
  });

  test('a down combatant shows how it lies (dying, stable, dead), and a revival puts it back on its feet', () => {
    const log: FightEvent[] = [
      { type: 'fightStart', combatants: [
        { id: 'wizard', side: 'heroes', hp: 20, maxHp: 20 }, { id: 'cleric', side: 'heroes', hp: 20, maxHp: 20 },
        { id: 'orc-1', side: 'enemies', hp: 15, maxHp: 15 },
      ] },
      { type: 'damage', actor: 'orc-1', target: 'wizard', amount: 20, hp: 0 },
      { type: 'down', target: 'wizard', by: 'orc-1', state: 'down' },
      { type: 'damage', actor: 'orc-1', target: 'cleric', amount: 20, hp: 0 },
      { type: 'down', target: 'cleric', by: 'orc-1', state: 'down' },
      { type: 'damage', actor: 'wizard', target: 'orc-1', amount: 15, hp: 0 },
      { type: 'down', target: 'orc-1', by: 'wizard', state: 'dead' },
      { type: 'down', target: 'wizard', state: 'dead' },
      { type: 'down', target: 'cleric', state: 'stable' },
      { type: 'heal', actor: 'cleric', target: 'cleric', amount: 1, track: 'hp' },
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
