// The sandbox's fight view follows rows closing up (`move` events of `positions.advance`).
import { describe, expect, test } from 'vitest';
import { foldEvents } from './fightView';
import type { FightEvent } from '../workers/protocol';

const events: FightEvent[] = [
  { type: 'fightStart', system: 'libra', fightId: 'f', seed: 1, hpTrack: 'hp', combatants: [
    { id: 'knight', name: 'Aldo', side: 'heroes', hp: 60, position: 'front' },
    { id: 'archer', name: 'Brisa', side: 'heroes', hp: 42, position: 'back' },
    { id: 'ogre-1', name: 'Ogre', side: 'enemies', hp: 90, position: 'front' },
  ] },
  { type: 'round', round: 1 },
  { type: 'down', round: 1, target: 'knight', by: 'ogre-1', state: 'stable' },
  { type: 'move', round: 1, target: 'archer', from: 'back', to: 'front', chip: 'Brisa: back → front (the row ahead fell)' },
];

describe('foldEvents and move events', () => {
  test('a combatant stands where it moved, and the move is a chip', () => {
    const before = foldEvents(events, 3);
    expect(before.combatants.find((c) => c.id === 'archer')?.position).toBe('back');
    const after = foldEvents(events, 4);
    expect(after.combatants.find((c) => c.id === 'archer')?.position).toBe('front');
    expect(after.chips.at(-1)).toMatchObject({ kind: 'move', text: 'Brisa: back → front (the row ahead fell)' });
  });
});

describe('foldEvents and an ability that moves its user', () => {
  const stepBack: FightEvent[] = [
    ...events.slice(0, 2),
    { type: 'ability', round: 1, actor: 'knight', ability: 'step-back', targets: ['knight'], chip: 'Aldo: Step back' },
  ];

  test('the user stands where the ability\'s `move` takes it (the log says only which ability)', () => {
    const moves = new Map([['step-back', 'back']]);
    expect(foldEvents(stepBack, 2, 'initiative', { moves }).combatants.find((c) => c.id === 'knight')?.position).toBe('front');
    expect(foldEvents(stepBack, 3, 'initiative', { moves }).combatants.find((c) => c.id === 'knight')?.position).toBe('back');
    // An ability that moves nobody leaves the user where it was.
    expect(foldEvents(stepBack, 3, 'initiative', {}).combatants.find((c) => c.id === 'knight')?.position).toBe('front');
  });
});
