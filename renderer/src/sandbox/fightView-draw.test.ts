// The sandbox's fight view shows a card dealt for initiative (`draw` events of `turn.initiative.deck`) with the
// combatant's own name in the view (numbered when several share one), a joker by its name.
import { describe, expect, test } from 'vitest';
import { foldEvents } from './fightView';
import type { FightEvent } from '../workers/protocol';

const events: FightEvent[] = [
  { type: 'fightStart', system: 'deck', fightId: 'f', seed: 1, hpTrack: 'hp', combatants: [
    { id: 'cutter', name: 'Cutter', side: 'heroes', hp: 20, position: 'near' },
    { id: 'goblin-1', name: 'Goblin', side: 'enemies', hp: 7, position: 'near' },
    { id: 'goblin-2', name: 'Goblin', side: 'enemies', hp: 7, position: 'near' },
  ] },
  { type: 'round', round: 1 },
  { type: 'draw', round: 1, target: 'cutter', card: 'Q♠', value: 44, joker: false, chip: 'Cutter draws Q♠' },
  { type: 'draw', round: 1, target: 'goblin-2', card: 'Joker', value: 53, joker: true, chip: 'Goblin draws Joker' },
];

describe('foldEvents and draw events', () => {
  test('each card dealt is a chip naming its holder as the view does', () => {
    const view = foldEvents(events, 4);
    const texts = view.chips.slice(-2).map((c) => c.text);
    expect(texts[0]).toBe('Cutter draws Q♠');
    expect(texts[1]).toBe('Goblin 2 draws Joker');
  });
});
