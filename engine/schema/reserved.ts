// Reserved names: the names the engine reads itself (engine/sim/scope.ts's resolver, the contexts' symbol tables in
// symbols.ts). A document's own name that is one of them could never be read: `@edge` in a roll is the check's edge
// whatever an attribute `edge` holds, `@reaction` is the reaction flags (no number at all), `@tier` a template's tier.
// So the checker refuses such a name where it is written, saying which built-in it shadows; likewise a function name
// that reads as dice (`d100e` lexes as `d100` and then `e`) or as a word of the language, and a derived value named
// like a track or an attribute (`@wp` would read the derived value while its chip names the track).
import { BUILTINS, RESERVED_FUNCTION_NAMES } from '../formula/builtins';
import { formulaLexer, DiceD, Identifier } from '../formula/tokens';
import { escapePointerSegment as p } from './json';
import { ENGINE_LISTS } from './lists';
import type { MeaningProblem } from './meaning';

/** One-word names the engine reads itself, and what `@name` reads. */
export const RESERVED_WORDS: ReadonlyMap<string, string> = new Map([
  ['natural', 'a check\'s natural roll (the sum of its kept dice)'],
  ['total', 'a check\'s total'],
  ['vs', 'the number a check must meet (an attack\'s defence, a save\'s DC)'],
  ['outcome', 'the id of a check\'s outcome'],
  ['degree', 'a check\'s degree of success'],
  ['crit', 'whether a blow is a critical hit'],
  ['edge', 'a check\'s edge (advantage and disadvantage, read before the dice)'],
  ['stat', 'the number a blow is struck with (a weapon\'s `stat`)'],
  ['damage', 'the damage of a blow (so far, in the damage steps)'],
  ['damageType', 'the type of a blow\'s damage'],
  ['clock', 'the actor\'s clock value'],
  ['initiative', 'the actor\'s initiative'],
  ['level', 'a combatant\'s level'],
  ['tier', 'an enemy template\'s tier'],
  ['role', 'an enemy template\'s role'],
  ['position', 'a combatant\'s position'],
  ['conditions', 'the ids of a combatant\'s conditions'],
  ['id', 'a combatant\'s id (a card\'s `@event.source == @id`: the event is its own doing)'],
  ...ENGINE_LISTS.map((list): [string, string] => [list, `the engine's list \`${list}\` every combatant carries`]),
]);

/** First segments the engine reads itself: the name alone and every `name.<anything>` are its. */
export const RESERVED_HEADS: ReadonlyMap<string, string> = new Map([
  ['self', 'the one whose formula it is (`@self.hp`)'],
  ['target', 'the target\'s sheet (`@target.hp`)'],
  ['attacker', 'the attacker\'s sheet (`@attacker.hp`)'],
  ['source', 'the sheet of the one who applied a condition (`@source.hp`)'],
  ['roll', 'the check\'s roll facts (`@roll.high`, `@roll.dice`, `@roll.<Tag>`)'],
  ['mods', 'the conditions\' mods (`@mods.<name>`)'],
  ['reaction', 'whether a reaction succeeded (`@reaction.<id>`: true or false, never a number)'],
  ['vs', 'the number a check must meet and the opposing roll (`@vs`)'],
  ['event', 'the facts of the event a card fires on (`@event.amount`, `@event.source`, `@event.target`, `@event.type`)'],
]);

/** Dotted names the engine reads itself. `class.<id>.level` is matched apart. */
export const RESERVED_PATHS: ReadonlyMap<string, string> = new Map([
  ['attack.melee', 'whether a blow is struck in melee'],
  ['attack.targets', 'how many targets a strike aims at'],
  ['attack.hits', 'how many of a strike\'s targets were hit before this blow'],
  ['action.speed', 'an action\'s speed on the clock'],
  ['clock.next', 'the next lower tick on which someone else acts this round'],
  ['class.attacks', 'a combatant\'s attacks per Attack action'],
]);

/** What `@name` reads in the engine when `name` is the engine's, or undefined when the name is free. */
export function reservedMeaning(name: string): string | undefined {
  const word = RESERVED_WORDS.get(name) ?? RESERVED_PATHS.get(name);
  if (word !== undefined) return word;
  const dot = name.indexOf('.');
  const head = dot < 0 ? name : name.slice(0, dot);
  const byHead = RESERVED_HEADS.get(head);
  if (byHead !== undefined) return byHead;
  if (/^class\.[^.]+\.level$/.test(name)) return 'a combatant\'s level in a class';
  return undefined;
}

/** Words of the formula language that open or join a local binding (`let pool = 5d6 in count(@pool.faces, 6)`). */
export const BINDING_WORDS: ReadonlySet<string> = new Set(['let', 'in']);

/** Why `name` cannot be a user function, or undefined when it can: it reads as dice, a word or a built-in. */
export function functionNameProblem(name: string): string | undefined {
  if (BUILTINS.has(name)) return `the function name \`${name}\` is the built-in \`${BUILTINS.get(name)!.signature}\`, which every call \`${name}(...)\` reaches instead: rename it (\`my_${name}\`)`;
  const { tokens } = formulaLexer.tokenize(`${name}(`);
  const first = tokens[0];
  if (first?.tokenType === DiceD) {
    const die = tokens.slice(0, tokens.findIndex((t) => t.tokenType === Identifier || t.image === '(') >>> 0).map((t) => t.image).join('') || name;
    const rest = name.slice(die.length);
    return `the function name \`${name}\` reads as dice: \`${die}\` is a die${rest ? ` and \`${rest}\` a name after it` : ''}, because a name that starts with \`d\` and a digit, \`%\`, \`(\` or \`F\` is always a die; rename it (\`roll_${name}\`)`;
  }
  if (BINDING_WORDS.has(name)) {
    return `the function name \`${name}\` is a word of the formula language (\`let name = value in …\` binds a local name), never a call: rename it (\`my_${name}\`)`;
  }
  if (RESERVED_FUNCTION_NAMES.has(name) || first === undefined || first.tokenType !== Identifier || first.image !== name) {
    return `the function name \`${name}\` is a word of the formula language, never a call: rename it (\`my_${name}\`)`;
  }
  return undefined;
}

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const recordOf = (v: unknown): Rec => (isRecord(v) ? v : {});
const arrayOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Every name of a document that shadows something the engine reads, at its key. */
export function checkReservedNames(document: unknown): MeaningProblem[] {
  const doc = recordOf(document);
  const problems: MeaningProblem[] = [];
  const error = (pointer: string, message: string): void => {
    problems.push({ pointer, anchor: 'key', code: 'reserved-name', message, severity: 'error', source: 'schema' });
  };
  const names = (object: unknown, pointer: string, what: string): void => {
    for (const name of Object.keys(recordOf(object))) {
      // Declaring one of the engine's own lists under `lists` names that very list: no shadow.
      if (what === 'list' && ENGINE_LISTS.includes(name)) continue;
      const meaning = reservedMeaning(name);
      if (meaning === undefined) continue;
      error(`${pointer}/${p(name)}`, `\`${name}\` is a name the engine reads itself: \`@${name}\` is ${meaning}, so this ${what} could never be read; rename it (\`${name.replace(/\./g, '_')}_value\`)`);
    }
  };
  names(doc.attributes, '/attributes', 'attribute');
  names(doc.tracks, '/tracks', 'track');
  names(doc.derived, '/derived', 'derived value');
  names(doc.lists, '/lists', 'list');
  names(recordOf(recordOf(doc.combat).attack).reads, '/combat/attack/reads', 'read');

  // A derived value named like an attribute or a track: `@wp` would read it while its chip names the track.
  const attributes = new Set(Object.keys(recordOf(doc.attributes)));
  const tracks = new Set(Object.keys(recordOf(doc.tracks)));
  const derivedLikeSheet = (derived: unknown, pointer: string): void => {
    for (const name of Object.keys(recordOf(derived))) {
      const max = name.endsWith('.max') ? name.slice(0, -4) : undefined;
      if (tracks.has(name)) error(`${pointer}/${p(name)}`, `the derived value \`${name}\` is named like the track \`${name}\` (\`tracks.${name}\`): \`@${name}\` would read this value while its chip names the track, and damage lowers the track; rename one of them`);
      else if (max !== undefined && tracks.has(max)) error(`${pointer}/${p(name)}`, `the derived value \`${name}\` is named like the maximum of the track \`${max}\` (\`tracks.${max}.max\`): set that maximum there instead`);
      else if (attributes.has(name)) error(`${pointer}/${p(name)}`, `the derived value \`${name}\` is named like the attribute \`${name}\` (\`attributes.${name}\`): \`@${name}\` could read only one of them; rename one`);
    }
  };
  derivedLikeSheet(doc.derived, '/derived');
  arrayOf(doc.heroes).forEach((h, i) => {
    const hero = recordOf(h);
    names(hero.derived, `/heroes/${i}/derived`, 'derived value');
    derivedLikeSheet(hero.derived, `/heroes/${i}/derived`);
    names(recordOf(hero.weapon).reads, `/heroes/${i}/weapon/reads`, 'read');
  });
  // A declared list named like a sheet value: `@name` reads the sheet's number, never the list.
  for (const name of Object.keys(recordOf(doc.lists))) {
    if (reservedMeaning(name) === undefined && (attributes.has(name) || tracks.has(name))) error(`/lists/${p(name)}`, `the list \`${name}\` is named like the ${attributes.has(name) ? 'attribute' : 'track'} \`${name}\`: \`@${name}\` reads the number, never the list; rename one`);
  }

  for (const name of Object.keys(recordOf(doc.functions))) {
    const problem = functionNameProblem(name);
    if (problem !== undefined) error(`/functions/${p(name)}`, problem);
  }
  return problems;
}
