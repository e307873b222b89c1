// Initiative by a deck of cards (`turn.initiative.deck`, format v1.1): one card dealt to each combatant at the start
// of every round, without replacement; the highest card acts first. Cards are valued 1.. by rank, then suit, so no
// two are equal; jokers come above them all and put the deck's `joker.applies` on their holder. The deck is shuffled
// again after a round in which a joker was dealt (or before every round), and whenever it runs out mid-deal (then
// the cards still held this round stay out).
import type { Combatant, DeckDef } from '../model';
import type { FightState } from '../fight-state';
import { applyCondition } from './conditions';

const RANKS_13 = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUITS_4 = ['♣', '♦', '♥', '♠'];

/** A card's name: `Q♠`, `Joker`, or its rank and suit numbers for a deck of another shape. */
export function cardName(deck: DeckDef, value: number): string {
  const plain = deck.ranks * deck.suits;
  if (value > plain) return deck.jokers > 1 ? `Joker ${value - plain}` : 'Joker';
  const rank = Math.floor((value - 1) / deck.suits), suit = (value - 1) % deck.suits;
  if (deck.ranks === 13 && deck.suits === 4) return `${RANKS_13[rank]}${SUITS_4[suit]}`;
  return `rank ${rank + 1}${deck.suits > 1 ? ` suit ${suit + 1}` : ''}`;
}

/** Every card back in the deck but those in `held`. */
function shuffle(f: FightState, deck: DeckDef, held: readonly number[]): void {
  const cards = f.deckCards;
  cards.length = 0;
  const total = deck.ranks * deck.suits + deck.jokers;
  for (let v = 1; v <= total; v++) if (!held.includes(v)) cards.push(v);
}

/** Deals this round's cards to everyone standing: each one's `initiative` is its card. */
export function dealRound(f: FightState, deck: DeckDef): void {
  if (f.round === 1 || deck.reshuffle === 'round' || f.deckJoker) shuffle(f, deck, []);
  f.deckJoker = false;
  const held: number[] = [];
  for (const c of f.combatants) {
    if (c.down) continue;
    held.push(deal(f, deck, c, held));
  }
}

/** One card to `c` (a late arrival's, or one of the round's deal). */
export function deal(f: FightState, deck: DeckDef, c: Combatant, held: readonly number[]): number {
  // Run out mid-deal: the cards held this round stay out, unless they are the whole deck (then it is all shuffled).
  if (f.deckCards.length === 0) shuffle(f, deck, held);
  if (f.deckCards.length === 0) shuffle(f, deck, []);
  const cards = f.deckCards;
  const at = Math.floor(f.rng.next() * cards.length);
  const value = cards[at]!;
  cards[at] = cards[cards.length - 1]!;
  cards.pop();
  c.initiative = value;
  const joker = value > deck.ranks * deck.suits;
  if (f.sink) f.emit({ type: 'draw', round: f.round, target: c.id, card: cardName(deck, value), value, joker, chip: `${c.def.name} draws ${cardName(deck, value)}` });
  if (joker) {
    f.deckJoker = true;
    for (const id of deck.jokerApplies) applyCondition(f, c, id, c, null);
  }
  return value;
}
