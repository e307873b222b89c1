// The format's own help (the `description`s of schemas/system.schema.json that the editor's key hover shows) in
// another language: every description of the schema has its Brazilian Portuguese (issue 24). This table holds the
// places a GM meets first (every top-level section, an enemy template's fields, a check's fields and combat's, a
// hero's and a fight's fields); schema-pt-2.ts, schema-pt-3.ts and schema-pt-4.ts hold the rest and are merged in
// below. schema.test.ts checks that every description the schema writes has a Portuguese text here, that each keeps
// every backticked span of its English (ids, field names, formulas), and that every English text here is one the
// schema writes, so a reworded or new description is noticed. A text not in the table shows as it is (English).
// This file imports only its own parts: every layer may use it.
import type { MessageLocale } from './messages';
import { SCHEMA_PT_BR_2 } from './schema-pt-2';
import { SCHEMA_PT_BR_3 } from './schema-pt-3';
import { SCHEMA_PT_BR_4 } from './schema-pt-4';

const RESERVED_EN = " Names the engine reads itself are refused (reserved: `natural`, `total`, `vs`, `outcome`, `degree`, `crit`, `edge`, `stat`, `damage`, `damageType`, `clock`, `initiative`, `level`, `tier`, `role`, `position`, `conditions`, the engine's lists, anything starting `self.`, `target.`, `attacker.`, `source.`, `roll.`, `mods.`, `reaction.`, `vs.`, and `attack.melee`, `attack.targets`, `attack.hits`, `action.speed`, `class.attacks`, `class.<id>.level`): `@edge` would read the check's edge, never this.";
const RESERVED_PT = ' Nomes que o próprio motor lê são recusados (reservados: `natural`, `total`, `vs`, `outcome`, `degree`, `crit`, `edge`, `stat`, `damage`, `damageType`, `clock`, `initiative`, `level`, `tier`, `role`, `position`, `conditions`, as listas do motor, tudo o que começa com `self.`, `target.`, `attacker.`, `source.`, `roll.`, `mods.`, `reaction.`, `vs.`, e `attack.melee`, `attack.targets`, `attack.hits`, `action.speed`, `class.attacks`, `class.<id>.level`): `@edge` leria a vantagem do teste, nunca isto.';

const SCHEMA_PT_BR_1: Readonly<Record<string, string>> = {
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
    'Listas de textos que um combatente pode ter além das do motor (`resist`, `vulnerable`, `immune`, `tags`, `conditionImmune`), cada uma lida nas fórmulas como `@target.<name>` (Libra: `weak`, `killers`). Um herói, template ou criatura a escreve sob o seu nome. Padrão: nenhuma. Uma lista não pode ter o nome de um atributo ou de uma trilha, nem um nome reservado (veja `attributes`).',
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
    'Valores das listas declaradas do sistema (`lists`) por nome, lidos como `@target.<name>`: `{ "wields": ["spear"] }` (o tipo de arma de Libra). Um nome que o sistema não declara é um erro.',
  'Its standing orders (other abilities before its attacks; its reactions whenever the moment comes unless an order says when).':
    'As suas ordens permanentes (outras habilidades antes dos seus ataques; as suas reações sempre que chega o momento, a menos que uma ordem diga quando).',
  // A check's fields, and combat's.
  "What the check is for, for people.":
    "Para que serve o teste, para pessoas.",
  "The roll, evaluated once: `d20 + @stat + @prof`. Reads the actor's sheet, `@stat`, reads, `@edge`, `@mods.<name>`, `@target.*`.":
    "A rolagem, avaliada uma vez: `d20 + @stat + @prof`. Lê a ficha de quem age, `@stat`, as leituras, `@edge`, `@mods.<name>`, `@target.*`.",
  "How advantage-like edges combine before the dice; the roll reads the result as `@edge`.":
    "Como vantagens e desvantagens se combinam antes dos dados; a rolagem lê o resultado como `@edge`.",
  "`cancel`: any positive and any negative edge cancel, else ±1. `sum`: added up, clamped to `max`.":
    "`cancel`: qualquer vantagem e qualquer desvantagem se anulam, senão ±1. `sum`: somadas, limitadas a `max`.",
  "Largest edge either way, under `sum`.":
    "A maior vantagem ou desvantagem, com `sum`.",
  "Tried in order; the first whose `when` holds is the outcome.":
    "Tentados em ordem; o primeiro cujo `when` vale é o resultado.",
  "The number this check is rolled with when no blow gives one (a save, a reaction, initiative), readable in `roll` as `@stat`: `@con.save`. Computed on the roller's sheet; a creature's `saves[<this check's id>]` replaces it (an SRD monster's Constitution save +6). An attack's `@stat` stays the weapon's or creature attack's.":
    "O número com que este teste é rolado quando nenhum golpe dá um (um teste de resistência, uma reação, a iniciativa), legível em `roll` como `@stat`: `@con.save`. Calculado na ficha de quem rola; os `saves[<this check's id>]` de uma criatura o substituem (o +6 de Constituição de um monstro do SRD). O `@stat` de um ataque continua o da arma ou do ataque da criatura.",
  "True when the check may be attempted at all; false: nothing is rolled, no outcome follows (a blow misses, a challenge adds nothing), the action is spent; the log's check event has the outcome `not-attempted` (tallied so by `sim`) and no dice. Read before the roll on the roller's sheet, with `@stat` (the blow's or the check's) and `@target.*`; conditions' `@mods` are not gathered yet. Live action: a wound penalty at or above the ability total stops the action, `@stat >= 1` with totals that already subtract `@wound`. Default: always.":
    "Verdadeiro quando o teste pode ser tentado; falso: nada é rolado, nenhum resultado segue (um golpe erra, um desafio não soma nada), a ação é gasta; o evento do teste no registro tem o resultado `not-attempted` (assim contado pelo `sim`) e nenhum dado. Lido antes da rolagem na ficha de quem rola, com `@stat` (o do golpe ou o do teste) e `@target.*`; os `@mods` das condições ainda não foram reunidos. Live action: uma penalidade de ferimento igual ou acima do total da habilidade impede a ação, `@stat >= 1` com totais que já descontam `@wound`. Padrão: sempre.",
  "An opposed check (format v1.1): when this check is rolled against a target (a blow), the target first rolls its own check `check` with its own edge, mods and `@stat` (a hero, a bestiary creature, a template alike; its check event comes first in the log and its outcome's effects are its own), then this check is rolled and its outcomes read both sides: `@vs` is the defender's total, `@vs.total`, `@vs.natural`, `@vs.degree`, `@vs.outcome`, `@vs.crit`, `@vs.roll.high`, `@vs.roll.low`, `@vs.roll.<Tag>` its roll's facts (net successes: `@total - @vs.total`). An outcome marked `counter` hurts the attacker instead. The check event's `opposed` names the defender's roll. Without a target (a save, initiative) nothing is opposed.":
    "Um teste resistido (formato v1.1): quando este teste é rolado contra um alvo (um golpe), o alvo rola primeiro o seu próprio teste `check`, com a sua própria vantagem, mods e `@stat` (herói, criatura do bestiário ou template, tanto faz; o evento desse teste vem antes no registro e os efeitos do seu resultado são dele), depois este teste é rolado e os seus resultados leem os dois lados: `@vs` é o total do defensor, `@vs.total`, `@vs.natural`, `@vs.degree`, `@vs.outcome`, `@vs.crit`, `@vs.roll.high`, `@vs.roll.low`, `@vs.roll.<Tag>` os fatos da rolagem dele (sucessos líquidos: `@total - @vs.total`). Um resultado marcado `counter` fere o atacante no lugar. O `opposed` do evento do teste nomeia a rolagem do defensor. Sem alvo (um teste de resistência, a iniciativa) nada é resistido.",
  "Id of the check the defender rolls (`dodge`); it cannot itself have a `vs`.":
    "Id do teste que o defensor rola (`dodge`); ele mesmo não pode ter `vs`.",
  "Other checks the defender may roll instead, tried in order: the first whose `when` holds on the defender's sheet is rolled, else `check` (Call of Cthulhu: fight back when its Fighting beats its Dodge).":
    "Outros testes que o defensor pode rolar no lugar, tentados em ordem: o primeiro cujo `when` vale na ficha do defensor é rolado, senão `check` (Call of Cthulhu: revidar quando a sua Luta supera a sua Esquiva).",
  "`numbers`: attack, damage, defence. `consequences`: the hero rolls and the result is read on both sides (spec §2.8).":
    "`numbers`: ataque, dano, defesa. `consequences`: o herói rola e o resultado é lido dos dois lados (spec §2.8).",
  "The attack: which check is rolled, the damage of a blow, the defence to meet.":
    "O ataque: que teste é rolado, o dano de um golpe, a defesa a vencer.",
  "Id of the check rolled to attack (`attack`).":
    "Id do teste rolado para atacar (`attack`).",
  "Damage of a blow: `1d8 + max(@str.mod, @dex.mod)`. Reads the attacker's sheet and reads, `@roll.*`, `@outcome`, `@crit`, `@degree`.":
    "O dano de um golpe: `1d8 + max(@str.mod, @dex.mod)`. Lê a ficha e as leituras do atacante, `@roll.*`, `@outcome`, `@crit`, `@degree`.",
  "What the enemy must meet, on the defender's sheet: `10 + @dex.mod`. The attack roll reads it as `@vs`.":
    "O que o inimigo precisa alcançar, na ficha do defensor: `10 + @dex.mod`. A rolagem de ataque a lê como `@vs`.",
  "What every attack reads: names and formulas computed on the attacker, read as `@name` in the roll and the damage. A weapon's own reads win, name by name. Reserved names (see `attributes`) are refused.":
    "O que todo ataque lê: nomes e fórmulas calculados no atacante, lidos como `@name` na rolagem e no dano. As leituras da própria arma vencem, nome a nome. Nomes reservados (veja `attributes`) são recusados.",
  "On a crit: `dice` rolls twice the damage dice, `total` doubles the damage, `none` leaves it to formulas reading `@crit`.":
    "Num crítico: `dice` rola o dobro dos dados de dano, `total` dobra o dano, `none` deixa para as fórmulas que leem `@crit`.",
  "What happens to damage on its way to the target.":
    "O que acontece com o dano no caminho até o alvo.",
  "Steps run in order, each replacing `@damage` where `when` holds. The result is floored at 0 and rounded down.":
    "Passos feitos em ordem, cada um substituindo `@damage` onde o `when` vale. O resultado não fica abaixo de 0 e é arredondado para baixo.",
  "Damage as data (format v1.1): the tracks a blow lowers, in order and in shares, and the conditions the damage done puts on or takes off (Savage Worlds' Shaken and a Wound per raise, Fate's stress then consequence slots). Read after `steps`, for every blow, part and damaging ability. Here `@damage` is the damage after the steps rounded down but not floored at 0 (below 0: the blow fell that far short, a Savage Worlds roll under Toughness). Without `apply` a blow lowers the hit-point track only. The damage event lists each track lowered (`split`) and its chip says what each took and which conditions the blow put on or took off.":
    "O dano como dados (formato v1.1): as trilhas que um golpe baixa, em ordem e em partes, e as condições que o dano causado põe ou tira (o Abalado e um Ferimento por ampliação de Savage Worlds, o estresse e depois as consequências de Fate). Lido depois de `steps`, para cada golpe, parte e habilidade que causa dano. Aqui `@damage` é o dano depois dos passos, arredondado para baixo mas sem piso em 0 (abaixo de 0: o golpe ficou aquém nessa medida, uma rolagem de Savage Worlds abaixo da Resistência). Sem `apply`, um golpe baixa só a trilha de pontos de vida. O evento de dano lista cada trilha baixada (`split`) e a sua ficha diz o que cada uma levou e que condições o golpe pôs ou tirou.",
  "Damage types: what a blow deals when nothing names its type.":
    "Tipos de dano: o que um golpe causa quando nada nomeia o seu tipo.",
  "How often a combatant may react outside its turn.":
    "Com que frequência um combatente pode reagir fora do seu turno.",
  "One reaction per `round` or per `turn`, or `unlimited`.":
    "Uma reação por `round` (rodada) ou por `turn` (turno), ou `unlimited` (sem limite).",
  "true: whoever leaves a place where a foe stands takes that foe's first attack as a reaction (an opportunity attack), when the foe has a reaction left. Teleports and disengage words never provoke it.":
    "true: quem deixa um lugar onde está um inimigo leva o primeiro ataque desse inimigo como reação (um ataque de oportunidade), se ele ainda tiver uma reação. Teleportes e palavras de desengajar nunca o provocam.",
  "Keeping a sustained ability when hurt: rolled on each blow that hurts the sustainer.":
    "Manter uma habilidade sustentada quando ferido: rolado a cada golpe que fere quem a sustenta.",
  "Check id rolled (`sustain`).":
    "Id do teste rolado (`sustain`).",
  "The number to meet: `max(10, floor(@damage / 2))`.":
    "O número a alcançar: `max(10, floor(@damage / 2))`.",
  "Who may be targeted.":
    "Quem pode ser alvo.",
  "True when the attacker may target this one: `not (@attack.melee and has(@target.tags, 'flying'))`.":
    "Verdadeiro quando o atacante pode ter este como alvo: `not (@attack.melee and has(@target.tags, 'flying'))`.",
  "Whom everyone strikes unless its own `picks` says otherwise (a hero's, a creature's or a template's). Default `fewest-hp`.":
    "Quem todos golpeiam, a menos que o seu próprio `picks` diga outra coisa (o de um herói, de uma criatura ou de um template). Padrão `fewest-hp`.",
  "Whether heroes can die. A hero at 0 hit points is `down`: stable when `enabled` is false or a condition on it says `atZero: stable` (out of this fight, alive: it wakes up later, after the fight), dead when a condition says `atZero: dead`, and otherwise dying: with a `save`, it rolls death saves until it is stable, dead or back up; without one it stays down for the rest of the fight.":
    "Se os heróis podem morrer. Um herói com 0 pontos de vida está `down` (caído): estável quando `enabled` é false ou uma condição nele diz `atZero: stable` (fora desta luta, vivo: acorda depois da luta), morto quando uma condição diz `atZero: dead`, e senão morrendo: com um `save`, rola testes contra a morte até ficar estável, morrer ou se levantar; sem ele fica caído pelo resto da luta.",
  "true: a hero at 0 can die. false: a world without death (stable, wakes up later).":
    "true: um herói em 0 pode morrer. false: um mundo sem morte (estável, acorda depois).",
  "Death saves: at the start of every round each dying hero rolls `check` (no DC: its outcomes decide). A success counts one success, a `crit` outcome brings the hero back up with 1 hit point; a fail counts one failure, a `botch` outcome two. At `successes` it is stable, at `failures` dead (a `down` event each).":
    "Testes contra a morte: no início de cada rodada, cada herói morrendo rola `check` (sem CD: os seus resultados decidem). Um sucesso conta um sucesso, um resultado `crit` põe o herói de pé com 1 ponto de vida; uma falha conta uma falha, um resultado `botch` duas. Com `successes` ele fica estável, com `failures` morre (um evento `down` em cada caso).",
  "Consequences mode: the hero rolls, the result is read on both sides.":
    "Modo consequências: o herói rola, o resultado é lido dos dois lados.",
  "The hero's roll: `(@pool > 0 ? (@pool)d6kh1 : 2d6kl1)`.":
    "A rolagem do herói: `(@pool > 0 ? (@pool)d6kh1 : 2d6kl1)`.",
  "Tried in order, like a check's outcomes.":
    "Tentados em ordem, como os resultados de um teste.",
  "Positions and the harm levels a failure costs the hero.":
    "Posições e os níveis de dano que uma falha custa ao herói.",
  "Effects and the harm levels a success deals.":
    "Efeitos e os níveis de dano que um sucesso causa.",
  "What harm costs a hero.":
    "O que o dano custa a um herói.",
  "The heroes' position in a fight that names none (default `risky`); one of `position`.":
    "A posição dos heróis numa luta que não diz nenhuma (padrão `risky`); uma de `position`.",
  "Words of the system that disengage: an ability whose id or name holds one never provokes an opportunity attack, unless the ability says `disengage` itself.":
    "Palavras do sistema que desengajam: uma habilidade cujo id ou nome contém uma nunca provoca ataque de oportunidade, a menos que a própria habilidade diga `disengage`.",
  "How the log words an edge of +1 and -1 on a check (`Prone (near): advantage`); any other edge reads `edge +2`.":
    "Como o registro diz uma vantagem de +1 e de -1 num teste (`Prone (near): advantage`); qualquer outra se lê `edge +2`.",
  "The word for an edge of +1 (default `advantage`).":
    "A palavra para uma vantagem de +1 (padrão `advantage`).",
  "The word for an edge of -1 (default `disadvantage`).":
    "A palavra para uma vantagem de -1 (padrão `disadvantage`).",
  // A hero's fields, a fight's, and the short ones of a condition.
  "Cards this hero holds besides the system's (issue 23).":
    "Cartas que este herói tem além das do sistema (issue 23).",
  "Hero id, named by fights.":
    "Id do herói, nomeado pelas lutas.",
  "Character level, `@level`.":
    "Nível do personagem, `@level`.",
  "Level in each class by class id: `{ \"fighter\": 5 }`.":
    "Nível em cada classe, por id de classe: `{ \"fighter\": 5 }`.",
  "Attribute values by id; missing ones take the attribute's `default`.":
    "Valores dos atributos por id; os que faltam ficam com o `default` do atributo.",
  "The hero's own values (`spell.dc`), read like the system's derived values.":
    "Os valores próprios do herói (`spell.dc`), lidos como os valores derivados do sistema.",
  "Starting values of tracks, when not the maximum.":
    "Valores iniciais das trilhas, quando não são o máximo.",
  "Spell slots by level: `{ \"1\": 4, \"2\": 2 }`.":
    "Espaços de magia por nível: `{ \"1\": 4, \"2\": 2 }`.",
  "A hero's weapon.":
    "A arma de um herói.",
  "Ability ids the hero has.":
    "Ids das habilidades que o herói tem.",
  "Standing orders, tried in order: reactions when the moment comes, other abilities before the hero's attacks.":
    "Ordens permanentes, tentadas em ordem: reações quando chega o momento, outras habilidades antes dos ataques do herói.",
  "Who to target first: a combatant id or a role (default: the reachable enemy with the fewest hit points).":
    "Quem atacar primeiro: um id de combatente ou um papel (padrão: o inimigo ao alcance com menos pontos de vida).",
  "Condition ids the hero carries from the start.":
    "Ids das condições que o herói tem desde o início.",
  "Where the hero stands by default.":
    "Onde o herói fica por padrão.",
  "Damage types the hero resists.":
    "Tipos de dano a que o herói resiste.",
  "Damage types the hero is vulnerable to.":
    "Tipos de dano a que o herói é vulnerável.",
  "Damage types the hero is immune to.":
    "Tipos de dano a que o herói é imune.",
  "The hero's weaknesses.":
    "As fraquezas do herói.",
  "Kinds of foe the hero slays more easily.":
    "Tipos de inimigo que o herói abate com mais facilidade.",
  "Free tags.":
    "Tags livres.",
  "Values of the system's declared lists (`lists`) by name, read as `@target.<name>`: `{ \"wields\": [\"sword\"] }`. A name the system does not declare is an error; a creature writes them as keys of its own.":
    "Valores das listas declaradas do sistema (`lists`) por nome, lidos como `@target.<name>`: `{ \"wields\": [\"sword\"] }`. Um nome que o sistema não declara é um erro; uma criatura os escreve como chaves suas.",
  "A scripted turn, tried in order every turn instead of the standing orders: `attack` makes one attack of the action's budget, an ability id uses that ability. What the turn's budget cannot pay is marked NO TIME (a `noTime` event) and does not happen.":
    "Um turno roteirizado, tentado em ordem a cada turno no lugar das ordens permanentes: `attack` faz um ataque do orçamento da ação, um id de habilidade usa essa habilidade. O que o orçamento do turno não paga é marcado SEM TEMPO (um evento `noTime`) e não acontece.",
  "Fight id: `sim FILE --fight ID`.":
    "Id da luta: `sim FILE --fight ID`.",
  "Hero ids, or `{ \"hero\": \"fighter5\", \"position\": \"far\", \"conditions\": [\"blessed\"] }`.":
    "Ids de heróis, ou `{ \"hero\": \"fighter5\", \"position\": \"far\", \"conditions\": [\"blessed\"] }`.",
  "Enemies: `{ \"template\": { \"role\": \"minion\", \"tier\": 1 }, \"count\": 4 }` or `{ \"bestiary\": \"goblin\" }`.":
    "Inimigos: `{ \"template\": { \"role\": \"minion\", \"tier\": 1 }, \"count\": 4 }` ou `{ \"bestiary\": \"goblin\" }`.",
  "Positions by hero id: `{ \"fighter5\": \"near\" }`.":
    "Posições por id de herói: `{ \"fighter5\": \"near\" }`.",
  "Rounds before the fight is a draw (default 100).":
    "Rodadas antes de a luta dar empate (padrão 100).",
  "Consequences mode: the heroes' position (default `combat.consequences.defaultPosition`, else `risky`).":
    "Modo consequências: a posição dos heróis (padrão `combat.consequences.defaultPosition`, senão `risky`).",
  "Consequences mode: the heroes' effect (default `standard`).":
    "Modo consequências: o efeito dos heróis (padrão `standard`).",
  "A battle map of squares (a `grid: true` system): the fight is fought on it by the system's `map` rules; squares are `[x, y]`, 0-based, x to the right, y down.":
    "Um mapa de batalha em quadrados (um sistema `grid: true`): a luta é lutada nele pelas regras de `map` do sistema; os quadrados são `[x, y]`, a partir de 0, x para a direita, y para baixo.",
  "Condition id, named by `applies`, `inflicts` and fights.":
    "Id da condição, nomeado por `applies`, `inflicts` e pelas lutas.",
  "Display name, on chips (`Prone`).":
    "Nome exibido, nas fichas do registro (`Prone`).",
  "Edge on the holder's own checks: `-1` is disadvantage.":
    "Vantagem nos testes do próprio portador: `-1` é desvantagem.",
  "Mods on the holder's own checks, read there as `@mods.<name>`.":
    "Modificadores nos testes do próprio portador, lidos lá como `@mods.<name>`.",
  "Check ids the holder's `edge` and `mods` apply to (all when omitted).":
    "Ids dos testes a que a `edge` e os `mods` do portador se aplicam (todos, se omitido).",
  "Effects on checks made against the holder, filtered by `reach`.":
    "Efeitos nos testes feitos contra o portador, filtrados por `reach`.",
  "What 0 hit points means while this is on a hero.":
    "O que 0 pontos de vida significa enquanto isto está num herói.",
};

/** Every description of schemas/system.schema.json, English -> Brazilian Portuguese. */
export const SCHEMA_PT_BR: Readonly<Record<string, string>> = { ...SCHEMA_PT_BR_1, ...SCHEMA_PT_BR_2, ...SCHEMA_PT_BR_3, ...SCHEMA_PT_BR_4 };

/** A schema description in `locale`: the Portuguese when there is one, else the English as it is. */
export function translateSchemaText(description: string, locale: MessageLocale): string {
  return locale === 'en' ? description : SCHEMA_PT_BR[description] ?? description;
}

/**
 * Key completion's words in `locale`: the schema's descriptions as `translateSchemaText` gives them, and the two notes
 * it writes beside a label (a required field, a whole new entry). The shape of engine/editor's CompletionWords.
 */
export function completionWords(locale: MessageLocale): { required: string; newEntry: string; translate: (description: string) => string } {
  if (locale === 'en') return { required: 'required', newEntry: 'new entry', translate: (d) => d };
  return { required: 'obrigatório', newEntry: 'nova entrada', translate: (d) => translateSchemaText(d, locale) };
}
