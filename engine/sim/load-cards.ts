// Loading cards (issue 23): a document's `cards` (the system's, a hero's, a creature's, a template's) compiled once
// into CardDefs, and one combatant's CardSet (the system's cards, then its own, by trigger).
import type { Card, CardEffect as CardEffectDoc } from '../schema/document';
import { CARD_TRIGGERS, type CardDef, type CardEffect, type CardSet, type CardWho } from './card-model';
import type { RulesLoader } from './load-rules';
import { titleCase } from './load-rules';
import { NO_DAMAGE_TYPE } from './rules/chips';

/** The cards of one list (`pointer` is the list's: `/cards`, `/heroes/2/cards`), each formula compiled at its place. */
export function loadCards(l: RulesLoader, cards: readonly Card[] | undefined, pointer: string, hpTrack: string): CardDef[] {
  if (!cards || cards.length === 0) return [];
  return cards.map((c, i) => {
    const at = `${pointer}/${i}`;
    const trigger = (CARD_TRIGGERS as readonly string[]).indexOf(c.on);
    if (trigger < 0) l.error(`${at}/on`, `unknown card trigger '${String(c.on)}' (known: ${CARD_TRIGGERS.join(', ')})`);
    const effects = (c.do ?? []).flatMap((e, j) => {
      const effect = cardEffect(l, e, `${at}/do/${j}`, hpTrack);
      return effect ? [effect] : [];
    });
    const name = c.name ?? titleCase(c.id);
    return {
      id: c.id, name, on: c.on, trigger: Math.max(0, trigger), when: l.formulas.maybe(c.when, `${at}/when`), effects,
      text: c.text ?? effects.map((e) => effectWords(l, e)).join(', '), pointer: at,
    };
  });
}

const KINDS = ['apply', 'remove', 'gain', 'spend', 'heal', 'damage', 'grant'] as const;

function cardEffect(l: RulesLoader, e: CardEffectDoc, at: string, hpTrack: string): CardEffect | null {
  const kinds = KINDS.filter((k) => e[k] !== undefined);
  if (kinds.length !== 1) {
    l.error(at, `a card's effect does exactly one thing: one of ${KINDS.join(', ')} (this one has ${kinds.length ? kinds.join(', ') : 'none'})`);
    return null;
  }
  const to: CardWho = e.to ?? 'self';
  const track = (id: string, pointer: string): number => {
    const t = l.trackIds.indexOf(id);
    if (t < 0) l.error(pointer, `unknown track '${id}'`);
    return Math.max(0, t);
  };
  const condition = (id: string, pointer: string): string => {
    if (!l.conditions.has(id)) l.error(pointer, `unknown condition '${id}'`);
    return id;
  };
  switch (kinds[0]!) {
    case 'apply': return { kind: 'apply', to, condition: condition(e.apply!, `${at}/apply`) };
    case 'remove': return { kind: 'remove', to, condition: condition(e.remove!, `${at}/remove`) };
    case 'gain': case 'spend': {
      const key = e.gain ? 'gain' : 'spend';
      const g = e[key]!;
      return { kind: 'gain', to, track: track(g.track, `${at}/${key}/track`), amount: l.compile(g.amount, `${at}/${key}/amount`), sign: key === 'gain' ? 1 : -1 };
    }
    case 'heal': {
      const h = e.heal!;
      return { kind: 'heal', to, track: track(h.track ?? hpTrack, `${at}/heal/track`), amount: l.compile(h.amount, `${at}/heal/amount`) };
    }
    case 'damage': {
      const d = e.damage!;
      return { kind: 'damage', to, amount: l.compile(d.amount, `${at}/damage/amount`, true), type: l.typeOf(d.type, undefined, undefined) };
    }
    case 'grant': {
      const g = e.grant!;
      const action = l.actions.findIndex((a) => a.id === g.action);
      if (action < 0) l.error(`${at}/grant/action`, `unknown action '${g.action}' (known: ${l.actions.map((a) => a.id).join(', ')})`);
      return { kind: 'grant', to, action: Math.max(0, action), count: l.compile(g.count ?? '1', `${at}/grant/count`) };
    }
  }
}

/** An effect in words, for a card without `text`: `Raging`, `rage +1`, `heal 1d4`, `1d6 fire damage to the source`. */
function effectWords(l: RulesLoader, e: CardEffect): string {
  const on = e.to === 'self' ? '' : ` (${e.to === 'source' || e.to === 'target' ? `the ${e.to}` : `its ${e.to}`})`;
  switch (e.kind) {
    case 'apply': return `${l.conditions.get(e.condition)?.name ?? e.condition}${on}`;
    case 'remove': return `no more ${l.conditions.get(e.condition)?.name ?? e.condition}${on}`;
    case 'gain': return `${l.trackIds[e.track]} ${e.sign > 0 ? '+' : '−'}${e.amount.source}${on}`;
    case 'heal': return `heal ${e.amount.source}${on}`;
    case 'damage': return `${e.amount.source}${e.type === NO_DAMAGE_TYPE ? '' : ` ${e.type}`} damage${on}`;
    case 'grant': return `${e.count.source === '1' ? 'one more' : `${e.count.source} more`} ${l.actions[e.action]?.name ?? 'action'}${on}`;
  }
}

/** One combatant's cards: the system's, then its own, by trigger; null when there are none. */
export function cardSet(system: readonly CardDef[], own: readonly CardDef[]): CardSet | null {
  if (system.length === 0 && own.length === 0) return null;
  const byTrigger: CardDef[][] = CARD_TRIGGERS.map(() => []);
  let bits = 0;
  for (const c of [...system, ...own]) { byTrigger[c.trigger]!.push(c); bits |= 1 << c.trigger; }
  return { byTrigger, bits };
}
