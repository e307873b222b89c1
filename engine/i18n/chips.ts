// A fight log's chips in another language: a translation layer over the English words the engine writes into them
// (engine/sim/rules/chips.ts, the check chip of formula/trace.ts, a card's "after …" in rules/cards.ts, the deck's and
// the map's moves). English stays the engine's language (golden logs, the CLI, `sim --log`); the studio passes each
// chip through `translateChip(chip, 'pt-BR')` when it shows it. Only the engine's own words change: names, numbers,
// formula labels, outcome names, damage types and card texts are the document's and stay as written. Each rule is
// anchored on the punctuation around its words, so a name that holds one of them is left alone.
// This file imports nothing: every layer may use it.
import type { MessageLocale } from './messages';

type Rule = readonly [RegExp, string];

/** The engine's chip words in Portuguese, in the order they are tried (each applies everywhere it matches). */
const PT_BR: readonly Rule[] = [
  // A check: `d20 (14) + 3 Strength = 17 vs 13 · Hit`, its influences on the next line.
  [/ vs (−?-?\d[\d.,]*)(?= ·|\n|$)/g, ' contra $1'],
  [/^Influenced by: /gm, 'Influenciado por: '],
  [/: advantage(?= ·|$)/gm, ': vantagem'],
  [/: disadvantage(?= ·|$)/gm, ': desvantagem'],
  [/: edge ([+-]?\d+)(?= ·|$)/gm, ': vantagem $1'],
  [/: crit(?= ·|$)/gm, ': crítico'],
  [/ = false · not attempted$/gm, ' = falso · não tentado'],
  // Damage and heals.
  [/ \(crit: dice doubled\)/g, ' (crítico: dados dobrados)'],
  [/ \(crit: x2\)/g, ' (crítico: x2)'],
  [/ → nothing taken(?= ·|$)/gm, ' → nada tirado'],
  [/ \(saved: half\)/g, ' (resistiu: metade)'],
  [/ \(saved: none\)/g, ' (resistiu: nada)'],
  [/ strikes back: /g, ' contra-ataca: '],
  // Reactions, decisions, abilities.
  [/: success$/gm, ': sucesso'],
  [/: failure$/gm, ': falha'],
  [/, keeping none: /g, ', sem manter nenhum: '],
  [/, keeping ([\d, ]+): /g, ', mantendo $1: '],
  [/: defence (−?-?\d+) · /g, ': defesa $1 · '],
  [/: opportunity attack$/gm, ': ataque de oportunidade'],
  [/, acts last on tick (\d+)$/gm, ', age por último no tique $1'],
  [/: back up \(death save\)$/gm, ': de pé de novo (teste contra a morte)'],
  // Arrivals, fleeing, moves, the deck.
  [/ enters the fight \((.*)\)$/gm, ' entra na luta ($1)'],
  [/ runs away: out of the fight$/gm, ' foge: fora da luta'],
  [/ \(switched places with (.+)\)$/gm, ' (trocou de lugar com $1)'],
  [/ \(the row ahead fell\)$/gm, ' (a fileira da frente caiu)'],
  [/\), 1 square$/gm, '), 1 quadrado'],
  [/\), (\d+) squares$/gm, '), $1 quadrados'],
  [/^(.+) draws (.+)$/gm, '$1 tira $2'],
  // A card's moment: `Rage: +2 damage, as round 2 starts`.
  [/(^|: |, )as round (\d+) starts$/gm, '$1no início da rodada $2'],
  [/(^|: |, )as (.+)'s turn starts$/gm, '$1no início do turno de $2'],
  [/(^|: |, )as (.+)'s turn ends$/gm, '$1no fim do turno de $2'],
  [/(^|: |, )after (.+) dealt (\d+)(.*) to (.+)$/gm, '$1depois que $2 causou $3$4 a $5'],
  [/(^|: |, )after (.+) took (\d+)(.*) from (.+)$/gm, '$1depois que $2 sofreu $3$4 de $5'],
  [/(^|: |, )after (.+) defeated (.+)$/gm, '$1depois que $2 derrotou $3'],
  [/(^|: |, )after (.+) felled (.+)$/gm, '$1depois que $2 derrubou $3'],
  [/(^|: |, )after (.+) was put on (.+) by (.+)$/gm, '$1depois que $2 foi posto em $3 por $4'],
  [/(^|: |, )after (.+) was put on (.+)$/gm, '$1depois que $2 foi posto em $3'],
  [/(^|: |, )after (.+) fell$/gm, '$1depois que $2 caiu'],
];

/** A chip (or its influence line) in `locale`; English is returned as it is. */
export function translateChip(chip: string, locale: MessageLocale): string {
  if (locale === 'en' || chip === '') return chip;
  let out = chip;
  for (const [pattern, replacement] of PT_BR) out = out.replace(pattern, replacement);
  return out;
}

/** The engine's English chip words a translated chip must no longer hold (chips.test.ts reads seed fights for them). */
export const ENGLISH_CHIP_WORDS: readonly RegExp[] = [
  / vs \d/, /Influenced by/, /: (dis)?advantage( ·|$)/m, /not attempted/, /crit:/, /nothing taken/, /saved:/, / strikes back: /,
  /: (success|failure)$/m, /, keeping /, /: defence \d/, /opportunity attack/, /acts last on tick/, /back up \(death save\)/,
  /enters the fight/, /runs away/, /switched places/, /the row ahead fell/, /\d squares?$/m, / draws /,
  /(^|: |, )(as round|after) /m, /'s turn (starts|ends)$/m,
];
