// The format's own help (the `description`s of schemas/system.schema.json that the editor's key hover shows) in
// another language, for the places a GM meets first: every top-level section and an enemy template's fields. A
// description with no Portuguese here stays in English (the schema's help is English at its source); schema.test.ts
// checks that every English text here is one the schema writes, so a reworded description is noticed.
// This file imports nothing: every layer may use it.
import type { MessageLocale } from './messages';

const RESERVED_EN = " Names the engine reads itself are refused (reserved: `natural`, `total`, `vs`, `outcome`, `degree`, `crit`, `edge`, `stat`, `damage`, `damageType`, `clock`, `initiative`, `level`, `tier`, `role`, `position`, `conditions`, the engine's lists, anything starting `self.`, `target.`, `attacker.`, `source.`, `roll.`, `mods.`, `reaction.`, `vs.`, and `attack.melee`, `attack.targets`, `attack.hits`, `action.speed`, `class.attacks`, `class.<id>.level`): `@edge` would read the check's edge, never this.";
const RESERVED_PT = ' Nomes que o próprio motor lê são recusados (reservados: `natural`, `total`, `vs`, `outcome`, `degree`, `crit`, `edge`, `stat`, `damage`, `damageType`, `clock`, `initiative`, `level`, `tier`, `role`, `position`, `conditions`, as listas do motor, tudo o que começa com `self.`, `target.`, `attacker.`, `source.`, `roll.`, `mods.`, `reaction.`, `vs.`, e `attack.melee`, `attack.targets`, `attack.hits`, `action.speed`, `class.attacks`, `class.<id>.level`): `@edge` leria a vantagem do teste, nunca isto.';

export const SCHEMA_PT_BR: Readonly<Record<string, string>> = {
  // The top-level sections.
  'Cards every combatant holds (issue 23): rules that fire on fight events (`on`) and do what rules do (`do`).':
    'Cartas que todo combatente tem (issue 23): regras que disparam em eventos da luta (`on`) e fazem o que as regras fazem (`do`).',
  'Where editors find this schema, e.g. `../schemas/system.schema.json`.': 'Onde os editores acham este schema, por exemplo `../schemas/system.schema.json`.',
  'Stable id of the system, also its file name (`classic-d20`).': 'Id estável do sistema, também o nome do seu arquivo (`classic-d20`).',
  "The system's name as players know it.": 'O nome do sistema como os jogadores o conhecem.',
  'Your own version of the system (free text, e.g. `1.0.0`).': 'A sua própria versão do sistema (texto livre, por exemplo `1.0.0`).',
  'Version of the rules file format. This app reads version 1.': 'Versão do formato do arquivo de regras. Este app lê a versão 1.',
  'What the system is, for people.': 'O que o sistema é, para pessoas.',
  'true: fights are played on squares. false: no grid; where each one stands is a band or a row (spec §2.9). A `grid: true` system\'s fight with a `map` is fought on squares (the `map` rules); one without is fought in bands.':
    'true: as lutas são jogadas em quadrados. false: sem grade; onde cada um está é uma faixa ou uma fileira (spec §2.9). Num sistema `grid: true`, uma luta com `map` é lutada em quadrados (as regras de `map`); uma sem, em faixas.',
  "Rules for fights on a battle map of squares (a fight's `map`): speed, the diagonal rule, reach in squares, and the conditions flanking, cover and long range lend a blow's check. A fight without a map never reads them.":
    'Regras das lutas num mapa de batalha em quadrados (o `map` de uma luta): deslocamento, a regra das diagonais, o alcance em quadrados e as condições que flanquear, cobertura e longa distância emprestam ao teste de um golpe. Uma luta sem mapa nunca as lê.',
  'Where combatants stand when there is no grid: range bands and named rows.': 'Onde os combatentes ficam quando não há grade: faixas de distância e fileiras com nome.',
  ['Base numbers of a sheet, by id. Read in formulas as `@str`.' + RESERVED_EN]: 'Os números base de uma ficha, por id. Lidos nas fórmulas como `@str`.' + RESERVED_PT,
  ['Values computed from the sheet, by name (dotted names allowed: `str.mod`). Read as `@str.mod`. A derived value that reads a track is recomputed when the track changes. A derived value may not be named like an attribute, a track or a track\'s maximum (`hp`, `hp.max`): `@hp` would read it while its chip names the track.' + RESERVED_EN]:
    'Valores calculados da ficha, por nome (nomes com ponto valem: `str.mod`). Lidos como `@str.mod`. Um valor derivado que lê uma trilha é recalculado quando a trilha muda. Um valor derivado não pode ter o nome de um atributo, de uma trilha ou do máximo de uma trilha (`hp`, `hp.max`): `@hp` o leria enquanto a ficha da rolagem nomeia a trilha.' + RESERVED_PT,
  ['Numbers that go up and down in a fight (`hp`), read as `@hp` (current) and `@hp.max`.' + RESERVED_EN]:
    'Números que sobem e descem numa luta (`hp`), lidos como `@hp` (o atual) e `@hp.max`.' + RESERVED_PT,
  'Your own functions, callable from every formula: `throw(10)`. No recursion. A name that reads as dice is refused (`d100e` is the die `d100` and then `e`: no name may start with `d` and a digit, `%`, `(` or `F`), as are the built-ins (`max`) and the words of the language (`and`, `true`).':
    'As suas próprias funções, que toda fórmula pode chamar: `throw(10)`. Sem recursão. Um nome que se lê como dados é recusado (`d100e` é o dado `d100` e depois `e`: nenhum nome pode começar com `d` seguido de um dígito, `%`, `(` ou `F`), assim como as funções prontas (`max`) e as palavras da linguagem (`and`, `true`).',
  'Named checks (`attack`, `initiative`, `save.con`): a roll and its outcomes.': 'Testes com nome (`attack`, `initiative`, `save.con`): uma rolagem e os seus resultados.',
  'Conditions a combatant can carry (prone, paralyzed, blessed).': 'Condições que um combatente pode ter (caído, paralisado, abençoado).',
  'Abilities, spells, reactions and potions.': 'Habilidades, magias, reações e poções.',
  "String lists a combatant may carry besides the engine's own (`resist`, `vulnerable`, `immune`, `tags`, `conditionImmune`), each read in formulas as `@target.<name>` (Libra: `weak`, `killers`). A hero, template or creature writes one under its name. Default: none. A list may not be named like an attribute or a track, nor take a reserved name (see `attributes`).":
    'Listas de textos que um combatente pode ter além das do motor (`resist`, `vulnerable`, `immune`, `tags`, `conditionImmune`), cada uma lida nas fórmulas como `@target.<nome>` (Libra: `weak`, `killers`). Um herói, template ou criatura a escreve sob o seu nome. Padrão: nenhuma. Uma lista não pode ter o nome de um atributo ou de uma trilha, nem um nome reservado (veja `attributes`).',
  "The tiers enemy templates are built at: a fight's `template.tier`, the values `@tier` may take, the balance grid's columns. Default `{ \"min\": 1, \"max\": 6 }`.":
    'Os tiers em que os templates de inimigos são montados: o `template.tier` de uma luta, os valores que `@tier` pode ter, as colunas da grade de balanceamento. Padrão `{ "min": 1, "max": 6 }`.',
  "Enemy sheets built from role and tier (the system's `tiers`, 1..6 by default).": 'Fichas de inimigos montadas a partir de papel e tier (os `tiers` do sistema, 1..6 por padrão).',
  "Classes by id; a hero's `classes` gives the level in each.": 'Classes por id; as `classes` de um herói dão o nível em cada uma.',
  'Creatures that fight with their own numbers.': 'Criaturas que lutam com os seus próprios números.',
  'Heroes for the sandbox and `sim`.': 'Heróis para a área de testes e para o `sim`.',
  'Fights for the sandbox and `sim --fight ID`.': 'Lutas para a área de testes e para o `sim --fight ID`.',
  'Named groups of heroes for the balance tools: `sim FILE --grid --party ID` fights each template role at each tier against this party.':
    'Grupos de heróis com nome para as ferramentas de balanceamento: `sim FILE --grid --party ID` põe cada papel de template, em cada tier, contra este grupo.',
  'Difficulty budget: what a fight should cost by the book, compared by the balance tools with how it plays.':
    'Orçamento de dificuldade: quanto uma luta deveria custar pelo livro, comparado pelas ferramentas de balanceamento com como ela se joga.',
  'An id: letters, digits, `_`, `-` and `.`, starting with a letter or digit.': 'Um id: letras, dígitos, `_`, `-` e `.`, começando por uma letra ou um dígito.',
  'How fights are resolved.': 'Como as lutas se resolvem.',
  'Who acts when, and how much one turn allows.': 'Quem age quando, e quanto um turno permite.',
  "Difficulty budget. A fight's budget is the sum of `budget` over its enemies; `expect` says what win rate a budget should give, so the balance tools can flag fights where the book and the dice disagree.":
    'Orçamento de dificuldade. O orçamento de uma luta é a soma do `budget` dos seus inimigos; `expect` diz que taxa de vitória um orçamento deveria dar, para que as ferramentas de balanceamento apontem as lutas em que o livro e os dados discordam.',
  // An enemy template's fields.
  "Cards each enemy of this template holds besides the system's (issue 23).": 'Cartas que cada inimigo deste template tem além das do sistema (issue 23).',
  '`minion`, `standard`, `elite`, `boss`, or a role of your own.': '`minion`, `standard`, `elite`, `boss`, ou um papel seu.',
  'Whom it strikes among the foes it may target (default: `combat.targeting.picks`, else `fewest-hp`).':
    'Quem ele golpeia entre os inimigos que pode atacar (padrão: `combat.targeting.picks`, senão `fewest-hp`).',
  'Display name.': 'Nome exibido.',
  'For people.': 'Para pessoas.',
  "Defaults for the enemy's sheet.": 'Valores padrão da ficha do inimigo.',
  'Attributes by id.': 'Atributos por id.',
  'Track maxima by id: `{ "hp": "8 + 6 * @tier" }`.': 'Máximos das trilhas por id: `{ "hp": "8 + 6 * @tier" }`.',
  "The enemy's fighting numbers.": 'Os números de luta do inimigo.',
  "Consequences mode: harm levels before it falls: `@role == 'minion' ? 1 : 3`.": "Modo consequências: níveis de dano antes de cair: `@role == 'minion' ? 1 : 3`.",
  "Abilities of its own or ids of the system's abilities, used as a bestiary creature uses them: each reaction (Libra's Dodge, Resist) whenever the moment comes, abilities aimed at enemies before its blows. Costs are paid from the enemy's own tracks.":
    'Habilidades próprias ou ids das habilidades do sistema, usadas como uma criatura do bestiário as usa: cada reação (o Dodge e o Resist de Libra) sempre que chega o momento, as habilidades contra inimigos antes dos seus golpes. Os custos saem das trilhas do próprio inimigo.',
  'Damage types it resists.': 'Tipos de dano a que resiste.',
  'Damage types it is vulnerable to.': 'Tipos de dano a que é vulnerável.',
  'Damage types it is immune to.': 'Tipos de dano a que é imune.',
  'Its weaknesses.': 'As suas fraquezas.',
  'Kinds of foe it slays more easily.': 'Tipos de inimigo que abate com mais facilidade.',
  'Condition ids that never land on it (`["poisoned", "charmed"]`): applying one does nothing. Readable as `@target.conditionImmune`.':
    'Ids de condições que nunca o atingem (`["poisoned", "charmed"]`): aplicar uma não faz nada. Legível como `@target.conditionImmune`.',
  "Free tags read by formulas: `has(@target.tags, 'flying')`.": "Tags livres lidas pelas fórmulas: `has(@target.tags, 'flying')`.",
  "Values of the system's declared lists (`lists`) by name, read as `@target.<name>`: `{ \"wields\": [\"spear\"] }` (Libra's weapon type). A name the system does not declare is an error.":
    'Valores das listas declaradas do sistema (`lists`) por nome, lidos como `@target.<nome>`: `{ "wields": ["spear"] }` (o tipo de arma de Libra). Um nome que o sistema não declara é um erro.',
  'Its standing orders (other abilities before its attacks; its reactions whenever the moment comes unless an order says when).':
    'As suas ordens permanentes (outras habilidades antes dos seus ataques; as suas reações sempre que chega o momento, a menos que uma ordem diga quando).',
};

/** A schema description in `locale`: the Portuguese when there is one, else the English as it is. */
export function translateSchemaText(description: string, locale: MessageLocale): string {
  return locale === 'en' ? description : SCHEMA_PT_BR[description] ?? description;
}
