// Formula contexts (spec §1.2): which field reads what. The schema names a field's context with
// `"x-formula": "<context>"`; the checker builds a symbol table per context from the document.

export type FormulaContext =
  | 'sheet'
  | 'template'
  | 'template.damage'
  | 'class'
  | 'function'
  | 'check.roll'
  | 'check.outcome'
  | 'check.gain'
  | 'attack.damage'
  | 'ability.damage'
  | 'damage.step'
  | 'defence'
  | 'sustain.dc'
  | 'condition.dc'
  | 'ability.dc'
  | 'heal'
  | 'clock'
  | 'targeting'
  | 'order'
  | 'reaction'
  | 'card'
  | 'encounter';

/** What each context may read, in designer words (hover help, "only readable in ..." messages, README). */
export const CONTEXTS: Readonly<Record<FormulaContext, { readonly where: string; readonly reads: string }>> = {
  sheet: {
    where: 'derived values, track maxima, hero numbers, action counts, condition edges and mods',
    reads: 'the sheet: every attribute (`@str`), derived value (`@str.mod`), track (`@hp`, `@hp.max`), `@level`, `@class.<id>.level`, `@class.attacks`, `@position`, `@conditions` and string lists (`@tags`)',
  },
  template: {
    where: 'enemy templates',
    reads: '`@tier` (the system\'s `tiers`, 1..6 by default), `@role`, and the sheet as it is built (attributes, then derived values)',
  },
  class: {
    where: 'classes',
    reads: 'the sheet, with `@level` the level in this class',
  },
  function: {
    where: 'user function bodies',
    reads: 'the function\'s own parameters (`@n`)',
  },
  'check.roll': {
    where: 'a check\'s `roll`',
    reads: 'the actor\'s sheet, `@stat`, every read (`@second`), `@edge`, `@mods.<name>`, `@target.<sheet path>`',
  },
  'check.outcome': {
    where: 'a check\'s outcomes (`when`, `degree`)',
    reads: 'everything a roll reads, and `@natural`, `@total`, `@vs`, `@roll.high`, `@roll.low`, `@roll.dice`, `@roll.<Tag>`, `@roll.<Tag>.faces` (the dice of the term so tagged); an opposed check (`vs`) also the defender\'s roll: `@vs.total`, `@vs.natural`, `@vs.degree`, `@vs.outcome`, `@vs.crit`, `@vs.roll.*`',
  },
  'check.gain': {
    where: 'an outcome\'s `gain` amounts',
    reads: 'everything an outcome reads, and that outcome\'s `@degree`, `@outcome` and `@crit` (an extended challenge adds `@degree` to a track)',
  },
  'attack.damage': {
    where: 'attack damage (`combat.attack.damage`, weapons, creature attacks)',
    reads: 'the attacker\'s sheet and reads, `@stat`, the attack roll\'s `@roll.*`, `@natural`, `@outcome`, `@crit`, `@degree`, `@attack.targets` (how many targets the strike aims at: an `enemies` ability\'s, else 1), `@attack.hits` (how many of them were hit before this blow)',
  },
  'ability.damage': {
    where: 'an ability\'s damage',
    reads: 'the user\'s sheet and reads, `@stat`, the attack roll\'s `@roll.*`, `@natural`, `@outcome`, `@crit`, `@degree`, `@attack.targets` (how many targets the strike aims at: an `enemies` ability\'s, else 1), `@attack.hits` (how many of them were hit before this blow)',
  },
  'template.damage': {
    where: 'an enemy template\'s damage',
    reads: '`@tier`, `@role`, the sheet as built, and the attack roll\'s `@roll.*`, `@natural`, `@outcome`, `@crit`, `@degree`, `@attack.targets` (how many targets the strike aims at: an `enemies` ability\'s, else 1), `@attack.hits` (how many of them were hit before this blow)',
  },
  'damage.step': {
    where: '`combat.damage.steps`',
    reads: '`@damage` (so far), `@damageType`, `@crit`, `@attacker.*`, `@target.*`, `@attack.melee`, `@reaction.<id>`',
  },
  defence: {
    where: '`combat.attack.defence`',
    reads: 'the sheet of the one defending',
  },
  'sustain.dc': {
    where: '`combat.sustain.dc`',
    reads: 'the sustainer\'s sheet, `@damage` and `@source.*`',
  },
  'condition.dc': {
    where: 'a condition\'s save `dc`',
    reads: 'the holder\'s sheet, `@damage` and `@source.*` (the one who applied it)',
  },
  'ability.dc': {
    where: 'an ability\'s save `dc`',
    reads: 'the user\'s sheet',
  },
  heal: {
    where: 'healing amounts',
    reads: 'the user\'s sheet',
  },
  clock: {
    where: '`turn.clock` and `turn.initiative.passes`',
    reads: 'the actor\'s sheet, `@clock`, `@clock.next` (the next lower tick on which anyone else is to act this round, 0 if none), `@initiative`, `@action.speed`',
  },
  targeting: {
    where: '`combat.targeting.canTarget`',
    reads: 'the attacker\'s sheet, `@attacker.*`, `@target.*`, `@attack.melee`',
  },
  encounter: {
    where: '`encounters.budget` (the difficulty budget of one enemy)',
    reads: '`@tier` (a template\'s tier; a creature\'s challenge), `@role` (a template\'s role; `bestiary` or `numbers`), `@challenge`, `@party.size`, `@party.level` (the heroes\' mean level)',
  },
  reaction: {
    where: 'a reaction\'s `react.when`',
    reads: 'the reactor\'s sheet, the triggering blow\'s `@damageType` and `@attack.melee`, `@attacker.*` (the one it answers)',
  },
  card: {
    where: 'a card\'s `when` and the amounts of its `do`',
    reads: 'the holder\'s sheet and its `@id`, and the facts of the event it fires on: `@event.amount` (the damage dealt or taken, else 0), `@event.source` (the id of the one who caused it: the striker, the one who put a condition on or felled someone; `\'\'` if none), `@event.target` (the id of the one it happened to), `@event.type` (the damage type, the condition id, or how one fell: `dead`, `down`, `stable`; else `\'\'`)',
  },
  order: {
    where: 'a hero\'s or an enemy\'s standing orders',
    reads: 'its own sheet (`@conditions` included), and when reacting to a hit the blow\'s `@total`, `@vs`, `@natural`, `@degree`, `@roll.*` and its own `@damage` (rolled before the reactions when an order reads it)',
  },
};

export const FORMULA_CONTEXTS = Object.keys(CONTEXTS) as FormulaContext[];

export function isFormulaContext(name: string): name is FormulaContext {
  return Object.prototype.hasOwnProperty.call(CONTEXTS, name);
}
