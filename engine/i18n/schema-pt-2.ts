// The schema's help in Portuguese, part of SCHEMA_PT_BR (schema.ts merges it): the format's top (its own
// description), the battle map, positions, derived values and lists, tiers, parties, the difficulty budget,
// targeting, the sheet's attributes, tracks and functions, a check's outcomes and its damage as data, damage types,
// death saves, consequences and the turn (initiative, the card deck, actions).
// English (as schemas/system.schema.json writes it) -> Brazilian Portuguese; backticked spans are kept as written.
// This file imports nothing.
export const SCHEMA_PT_BR_2: Readonly<Record<string, string>> = {
  "A tabletop rule system as data (rules format v1). Formulas are strings in the Rules Studio formula language; each formula field names its context in `x-formula` (what it may read) and, when it must be true or false, `x-formula-type: boolean`.":
    "Um sistema de regras de mesa como dados (formato de regras v1). As fórmulas são textos na linguagem de fórmulas do Rules Studio; cada campo de fórmula nomeia o seu contexto em `x-formula` (o que pode ler) e, quando precisa ser verdadeiro ou falso, `x-formula-type: boolean`.",
  "Squares a combatant walks in its turn, before it acts (default `6`: 30 feet).":
    "Quadrados que um combatente anda no seu turno, antes de agir (padrão `6`: 9 metros).",
  "What one diagonal step costs.":
    "Quanto custa um passo na diagonal.",
  "What successive diagonal steps of one move cost, round and round (default `[1]`: a diagonal costs one square; `[1, 2]`: 1, 2, 1, 2, as 5-10-5 feet). A reach or range is measured the same way.":
    "Quanto custam os passos diagonais sucessivos de um movimento, em ciclo (padrão `[1]`: uma diagonal custa um quadrado; `[1, 2]`: 1, 2, 1, 2, como 1,5-3-1,5 metros). Um alcance ou distância é medido do mesmo jeito.",
  "What a step into difficult terrain costs, times the step's own cost (default 2).":
    "Quanto custa um passo em terreno difícil, vezes o custo do próprio passo (padrão 2).",
  "Squares a blow of each reach word carries (default `near` 1, any other word 24): `{ \"near\": { \"squares\": 1 }, \"far\": { \"squares\": 16, \"long\": 64 } }`.":
    "Quadrados que um golpe de cada palavra de alcance cobre (padrão `near` 1, qualquer outra palavra 24): `{ \"near\": { \"squares\": 1 }, \"far\": { \"squares\": 16, \"long\": 64 } }`.",
  "One reach word on the map.":
    "Uma palavra de alcance no mapa.",
  "Squares it reaches at its normal range.":
    "Quadrados que alcança na distância normal.",
  "Squares it reaches at long range (from `squares` on, the attacker holds `map.longRange` for the blow).":
    "Quadrados que alcança em longa distância (a partir de `squares`, o atacante tem `map.longRange` durante o golpe).",
  "Condition id the attacker holds for a blow at long range (past `squares`, within `long`): its `edge` is the long-range disadvantage.":
    "Id da condição que o atacante tem num golpe em longa distância (além de `squares`, dentro de `long`): a sua `edge` é a desvantagem de longa distância.",
  "Condition id the target holds for a melee blow while an ally of the attacker (standing, able to act) stands on the square opposite the attacker's: flanking, as an optional rule (absent: no flanking).":
    "Id da condição que o alvo tem num golpe corpo a corpo enquanto um aliado do atacante (de pé, capaz de agir) está no quadrado oposto ao do atacante: flanquear, como regra opcional (ausente: sem flanquear).",
  "Condition id the target holds for a blow whose line (centre to centre) crosses a cover square, the target's own included, or grazes a wall at a corner (absent: no cover). A line through a wall is blocked: no blow.":
    "Id da condição que o alvo tem num golpe cuja linha (de centro a centro) cruza um quadrado de cobertura, incluindo o do próprio alvo, ou raspa uma parede numa quina (ausente: sem cobertura). Uma linha que atravessa uma parede é bloqueada: sem golpe.",
  "true: walking out of a standing foe's melee reach provokes its opportunity attack (its `near` blow that reaches farthest, as a reaction), once a move; a teleport or a disengage never does (default `combat.reaction.opportunity`). The foe's `react.on: leave` orders answer first. A foe's melee reach is its `near` blows' `squares` (a glaive's 2), else `map.reach.near`.":
    "true: sair do alcance corpo a corpo de um inimigo de pé provoca o seu ataque de oportunidade (o seu golpe `near` de maior alcance, como reação), uma vez por movimento; um teleporte ou um desengajar nunca provoca (padrão `combat.reaction.opportunity`). As ordens `react.on: leave` do inimigo respondem primeiro. O alcance corpo a corpo de um inimigo são os `squares` dos seus golpes `near` (os 2 de uma glaive), senão `map.reach.near`.",
  "Condition id the target holds for a blow whose line (centre to centre) crosses a square where another combatant stands, friend or foe of either (the SRD's cover from creatures; the attacker's and the target's own squares and the fallen left out). May be the same condition as `cover`: it is held once. Absent: creatures give no cover.":
    "Id da condição que o alvo tem num golpe cuja linha (de centro a centro) cruza um quadrado onde está outro combatente, amigo ou inimigo de qualquer um dos dois (a cobertura por criaturas do SRD; os quadrados do atacante e do próprio alvo e os caídos ficam de fora). Pode ser a mesma condição de `cover`: ela é tida uma vez só. Ausente: criaturas não dão cobertura.",
  "Ability id of the Dash (an ability of `abilities`; every combatant on a map may use it): a combatant whose movement policy dashes (`fights[].map.movement` with `dash: true`) uses it once a turn, when it helps, to walk its speed a second time, spending what its `uses` names before it acts (classic-d20's an Action: no attack that turn). Its move event carries the ability's id. Absent: nobody dashes.":
    "Id da habilidade da Disparada (uma habilidade de `abilities`; todo combatente num mapa pode usá-la): um combatente cuja política de movimento dispara (`fights[].map.movement` com `dash: true`) a usa uma vez por turno, quando ajuda, para andar o seu deslocamento uma segunda vez, gastando o que os seus `uses` nomeiam antes de agir (em classic-d20, uma Ação: nenhum ataque nesse turno). O seu evento de movimento traz o id da habilidade. Ausente: ninguém dispara.",
  "true: a combatant walks what is left of its speed after it acts, by its movement policy (a closer whose target fell moves on toward the next foe, an archer steps out of a foe's reach after shooting, a protector back beside its ward); the walk before and the walk after together stay within its speed. Default false: it walks only before it acts.":
    "true: um combatente anda o que sobra do seu deslocamento depois de agir, pela sua política de movimento (quem se aproxima e viu o alvo cair segue para o próximo inimigo, um arqueiro sai do alcance de um inimigo depois de atirar, um protetor volta para o lado do protegido); a caminhada antes e a depois juntas ficam dentro do seu deslocamento. Padrão false: ele só anda antes de agir.",
  "Range bands the system speaks of (default `near`, `far`).":
    "Faixas de distância de que o sistema fala (padrão `near`, `far`).",
  "Rows the system names, front first, e.g. `[\"front\", \"back\"]`.":
    "Fileiras que o sistema nomeia, a da frente primeiro, por exemplo `[\"front\", \"back\"]`.",
  "true: rows close up. Whenever every combatant of a side standing in a row of `rows` is down (or nobody of that side stands there), each of that side's combatants in a later row moves up one row, until no row ahead of a standing combatant is empty (row formation: when the front row falls, the next in line is the new front row). Checked when the fight starts and whenever someone goes down; each move is a `move` event. Default false.":
    "true: as fileiras se fecham. Sempre que todos os combatentes de um lado que estão numa fileira de `rows` caem (ou ninguém desse lado está lá), cada combatente desse lado numa fileira posterior avança uma fileira, até que nenhuma fileira à frente de um combatente de pé fique vazia (formação em fileiras: quando a fileira da frente cai, a seguinte passa a ser a da frente). Verificado quando a luta começa e sempre que alguém cai; cada avanço é um evento `move`. Padrão false.",
  "Formula over the sheet: attributes, other derived values, `@level`, tracks.":
    "Fórmula sobre a ficha: atributos, outros valores derivados, `@level`, trilhas.",
  "One list, by its name: `{ \"weapon\": true }` or `{}`.":
    "Uma lista, pelo seu nome: `{ \"weapon\": true }` ou `{}`.",
  "What the list holds.":
    "O que a lista guarda.",
  "A hero's weapon's list of this name joins the hero's (Libra's killers). Default false.":
    "A lista com este nome da arma de um herói se junta à do herói (os killers de Libra). Padrão false.",
  "Lowest tier (default 1).":
    "Tier mais baixo (padrão 1).",
  "Highest tier (default 6); at least `min`.":
    "Tier mais alto (padrão 6); no mínimo `min`.",
  "A party: heroes that fight together in the balance grid.":
    "Um grupo: heróis que lutam juntos na grade de balanceamento.",
  "Party id: `sim FILE --grid --party ID`.":
    "Id do grupo: `sim FILE --grid --party ID`.",
  "Hero id.":
    "Id do herói.",
  "Hero ids (each must be one of `heroes`).":
    "Ids de heróis (cada um precisa ser um de `heroes`).",
  "Budget of one enemy (context `encounter`: `@tier`, `@role`, `@challenge`, `@party.size`, `@party.level`), summed over the fight's enemies, like an XP budget: `\"@tier * (@role == 'boss' ? 8 : @role == 'elite' ? 3 : 1)\"`.":
    "Orçamento de um inimigo (contexto `encounter`: `@tier`, `@role`, `@challenge`, `@party.size`, `@party.level`), somado sobre os inimigos da luta, como um orçamento de XP: `\"@tier * (@role == 'boss' ? 8 : @role == 'elite' ? 3 : 1)\"`.",
  "The heroes' expected win rate at given budgets: `[{ \"budget\": 4, \"winRate\": 0.9 }, { \"budget\": 12, \"winRate\": 0.5 }]`. Between points the expectation is read on a straight line; beyond the ends it stays at the end's value.":
    "A taxa de vitória esperada dos heróis em dados orçamentos: `[{ \"budget\": 4, \"winRate\": 0.9 }, { \"budget\": 12, \"winRate\": 0.5 }]`. Entre os pontos a expectativa é lida numa linha reta; além das pontas ela fica no valor da ponta.",
  "One point: a budget and the win rate it should give.":
    "Um ponto: um orçamento e a taxa de vitória que ele deveria dar.",
  "A fight's total budget.":
    "O orçamento total de uma luta.",
  "Heroes' expected win rate at that budget, 0..1.":
    "A taxa de vitória esperada dos heróis nesse orçamento, 0..1.",
  "How far the simulated win rate may sit from the expectation before a fight is flagged (default 0.15): flagged when the whole 95% interval lies outside expectation ± tolerance.":
    "Quanto a taxa de vitória simulada pode se afastar da expectativa antes de a luta ser apontada (padrão 0.15): apontada quando o intervalo de 95% inteiro fica fora de expectativa ± tolerância.",
  "Whom a combatant strikes among the foes it may target (`canTarget`), when no `focus` names one: `fewest-hp` the fewest hit points (the default); `most-hp` the most; `most-hurt` the lowest fraction of its maximum; `last-attacker` the foe who last attacked it (hit or miss) while that one can be targeted; `provoker` the foe who last provoked it (a check outcome with `provokes`, the 7–9 that draws a monster's answer) while that one can be targeted; `nearest` the front row (or the near band) first. Ties go to the fewer hit points, then to the one listed first; `last-attacker` and `provoker` fall back to `fewest-hp` while there is nobody to answer.":
    "Quem um combatente golpeia entre os inimigos que pode atacar (`canTarget`), quando nenhum `focus` nomeia um: `fewest-hp` o de menos pontos de vida (o padrão); `most-hp` o de mais; `most-hurt` o de menor fração do seu máximo; `last-attacker` o inimigo que o atacou por último (acertando ou errando) enquanto esse puder ser alvo; `provoker` o inimigo que o provocou por último (um resultado de teste com `provokes`, o 7–9 que atrai a resposta de um monstro) enquanto esse puder ser alvo; `nearest` a fileira da frente (ou a faixa próxima) primeiro. Empates vão para o de menos pontos de vida, depois para o listado primeiro; `last-attacker` e `provoker` recaem em `fewest-hp` enquanto não houver ninguém a quem responder.",
  "A name read in formulas as `@name`: letters, digits and `_`, not starting with a digit.":
    "Um nome lido nas fórmulas como `@name`: letras, dígitos e `_`, sem começar por um dígito.",
  "A name read in formulas as `@name`; dots allowed (`str.mod`).":
    "Um nome lido nas fórmulas como `@name`; pontos valem (`str.mod`).",
  "A list of words.":
    "Uma lista de palavras.",
  "A list of ids.":
    "Uma lista de ids.",
  "A base number of the sheet.":
    "Um número base da ficha.",
  "Display name, shown on chips (`Strength`).":
    "Nome exibido, mostrado nas fichas do registro (`Strength`).",
  "Short label (`STR`).":
    "Rótulo curto (`STR`).",
  "Value when a sheet does not give one.":
    "Valor quando uma ficha não dá um.",
  "Lowest allowed value.":
    "Menor valor permitido.",
  "Highest allowed value.":
    "Maior valor permitido.",
  "Only whole numbers are allowed (a number of dice, a die's size, a rating): the checker reports 2.5 where it is written.":
    "Só números inteiros são permitidos (um número de dados, o tamanho de um dado, uma graduação): o verificador aponta 2.5 onde ele estiver escrito.",
  "What it measures, for people.":
    "O que ele mede, para pessoas.",
  "A number that goes up and down in a fight.":
    "Um número que sobe e desce numa luta.",
  "Display name (`Hit points`).":
    "Nome exibido (`Hit points`).",
  "The maximum, a formula over the sheet: `10 + @con.mod * @level`.":
    "O máximo, uma fórmula sobre a ficha: `10 + @con.mod * @level`.",
  "Value at the start of a fight (default: the maximum). `0` for a track that fills, like Hope.":
    "Valor no início de uma luta (padrão: o máximo). `0` para uma trilha que se enche, como a Esperança.",
  "Damage types whose hit points taken this track adds up, within its maximum: `[\"aggravated\"]` keeps the aggravated wounds of live action, which blood cannot heal (a heal reads `@hp.max - @hp > @aggravated`). The type is the one the log's damage event names, after the damage steps; each addition is a `gain` event. Healing never lowers it. Usually `start: \"0\"`.":
    "Tipos de dano cujos pontos de vida perdidos esta trilha soma, dentro do seu máximo: `[\"aggravated\"]` guarda os ferimentos agravados do live action, que o sangue não cura (uma cura lê `@hp.max - @hp > @aggravated`). O tipo é o que o evento de dano do registro nomeia, depois dos passos de dano; cada soma é um evento `gain`. A cura nunca a diminui. Normalmente `start: \"0\"`.",
  "A function of your own: `{ \"params\": [\"n\"], \"body\": \"d(@n)\" }`, called `throw(10)`.":
    "Uma função sua: `{ \"params\": [\"n\"], \"body\": \"d(@n)\" }`, chamada como `throw(10)`.",
  "Parameter names, read in the body as `@n`.":
    "Nomes dos parâmetros, lidos no corpo como `@n`.",
  "The body: a formula over the parameters.":
    "O corpo: uma fórmula sobre os parâmetros.",
  "What it computes, for people.":
    "O que ela calcula, para pessoas.",
  "An amount of a track: `{ \"track\": \"hope\", \"amount\": \"1\" }`.":
    "Uma quantidade de uma trilha: `{ \"track\": \"hope\", \"amount\": \"1\" }`.",
  "Track id.":
    "Id da trilha.",
  "How much, a formula over the sheet.":
    "Quanto, uma fórmula sobre a ficha.",
  "A track that an outcome fills for the one who rolled: `{ \"track\": \"progress\", \"amount\": \"@degree\" }`.":
    "Uma trilha que um resultado enche para quem rolou: `{ \"track\": \"progress\", \"amount\": \"@degree\" }`.",
  "How much, a formula over the roller's sheet, the roll and this outcome (`@degree`, `@outcome`, `@crit`); a negative amount empties the track (never below 0).":
    "Quanto, uma fórmula sobre a ficha de quem rolou, a rolagem e este resultado (`@degree`, `@outcome`, `@crit`); uma quantidade negativa esvazia a trilha (nunca abaixo de 0).",
  "One outcome of a check. Outcomes are tried in order; the first whose `when` holds is the outcome.":
    "Um resultado de um teste. Os resultados são tentados em ordem; o primeiro cujo `when` vale é o resultado.",
  "Outcome id (`hit`, `crit`), tallied by the simulator.":
    "Id do resultado (`hit`, `crit`), contado pelo simulador.",
  "Display name, on chips (`Hit`).":
    "Nome exibido, nas fichas do registro (`Hit`).",
  "True when this is the outcome: `@total >= @vs`. Reads `@natural`, `@total`, `@vs`, `@roll.*`.":
    "Verdadeiro quando este é o resultado: `@total >= @vs`. Lê `@natural`, `@total`, `@vs`, `@roll.*`.",
  "true: the check's target now counts the actor as the one who provoked it, and a foe whose `picks` is `provoker` strikes that one next while it can be targeted (the 7–9 of a 2d6 move game). Default false.":
    "true: o alvo do teste passa a contar quem age como quem o provocou, e um inimigo cujo `picks` é `provoker` golpeia esse em seguida enquanto ele puder ser alvo (o 7–9 de um jogo de movimentos em 2d6). Padrão false.",
  "What the rules read: `success`, `partial` or `fail`.":
    "O que as regras leem: `success`, `partial` ou `fail`.",
  "true: a critical success.":
    "true: um sucesso crítico.",
  "true: a botch (critical failure).":
    "true: uma falha crítica.",
  "Degree of success, a number.":
    "Grau de sucesso, um número.",
  "Condition ids put on the one who rolled (how a rule remembers something for the rest of the fight).":
    "Ids de condições postas em quem rolou (como uma regra se lembra de algo pelo resto da luta).",
  "Condition ids put on the target (`off-balance`).":
    "Ids de condições postas no alvo (`off-balance`).",
  "Condition ids taken off the target (a `condition` event `ended` for each it held): an overcome that clears an aspect, a hit that breaks a guard. Taken off before `inflicts` puts any on.":
    "Ids de condições tiradas do alvo (um evento `condition` `ended` para cada uma que ele tinha): uma superação que limpa um aspecto, um acerto que quebra uma guarda. Tiradas antes de `inflicts` pôr alguma.",
  "Condition ids taken off the one who rolled (a `condition` event `ended` for each it held): a Spirit roll that ends Shaken, a recovery. Taken off before `applies` puts any on.":
    "Ids de condições tiradas de quem rolou (um evento `condition` `ended` para cada uma que ele tinha): uma rolagem de Espírito que encerra o Abalado, uma recuperação. Tiradas antes de `applies` pôr alguma.",
  "true when this outcome of a blow hurts the one who rolled: the defender's own first attack (a hero's weapon, a creature's first attack, a template's attack) deals its damage to the attacker, rolled on the defender's sheet through the damage steps. With a `vs` (format v1.1, opposed rolls) its damage reads the defender's own roll as `@natural`, `@roll.*`, `@crit` and `@degree` (Call of Cthulhu's fight back); without one, the blow's one roll decides both sides, and the damage reads that roll and this outcome's `@degree`, the defender's degree (a live-action defender who strikes back and wins: damage + floor(degree / 2)). Usually a `fail` outcome: the attacker's own blow does not land. Nothing happens when the defender has no attack; on a defender's own check (one named by a `vs`) it does nothing and is warned about.":
    "true quando este resultado de um golpe fere quem rolou: o primeiro ataque do próprio defensor (a arma de um herói, o primeiro ataque de uma criatura, o ataque de um template) causa o seu dano ao atacante, rolado na ficha do defensor pelos passos de dano. Com um `vs` (formato v1.1, rolagens resistidas) o seu dano lê a própria rolagem do defensor como `@natural`, `@roll.*`, `@crit` e `@degree` (o revidar de Call of Cthulhu); sem um, a única rolagem do golpe decide os dois lados, e o dano lê essa rolagem e o `@degree` deste resultado, o grau do defensor (um defensor de live action que revida e vence: dano + floor(degree / 2)). Normalmente um resultado `fail`: o golpe do próprio atacante não acerta. Nada acontece quando o defensor não tem ataque; num teste do próprio defensor (um nomeado por um `vs`) não faz nada e recebe um aviso.",
  "Tracks of the one who rolled that fill: `[{ \"track\": \"hope\", \"amount\": \"1\" }]`. An amount may read the outcome's `@degree`: an extended challenge adds `@degree` to a progress track, and a botch empties it with `-@progress`.":
    "Trilhas de quem rolou que se enchem: `[{ \"track\": \"hope\", \"amount\": \"1\" }]`. Uma quantidade pode ler o `@degree` do resultado: um desafio estendido soma `@degree` a uma trilha de progresso, e uma falha crítica a esvazia com `-@progress`.",
  "A roll against the target's defence with two outcomes.":
    "Uma rolagem contra a defesa do alvo com dois resultados.",
  "A check: one roll, then the first outcome whose `when` holds. No outcomes: it only yields its total (initiative).":
    "Um teste: uma rolagem, depois o primeiro resultado cujo `when` vale. Sem resultados: ele só rende o seu total (iniciativa).",
  "A check the defender prefers when `when` holds.":
    "Um teste que o defensor prefere quando `when` vale.",
  "Id of the check rolled (`fight-back`); it cannot itself have a `vs`.":
    "Id do teste rolado (`fight-back`); ele mesmo não pode ter um `vs`.",
  "True when the defender rolls this check: `@fighting > @dodge`, read on the defender's sheet.":
    "Verdadeiro quando o defensor rola este teste: `@fighting > @dodge`, lido na ficha do defensor.",
  "Computed on the attacker's sheet; a plain attribute reads as that attribute.":
    "Calculado na ficha do atacante; um atributo simples é lido como esse atributo.",
  "One damage step, named on the damage chip when it changes the number.":
    "Um passo de dano, nomeado na ficha do dano quando muda o número.",
  "Step id (`resist`).":
    "Id do passo (`resist`).",
  "True when the step applies: `has(@target.resist, @damageType)`.":
    "Verdadeiro quando o passo se aplica: `has(@target.resist, @damageType)`.",
  "The new damage: `floor(@damage / 2)`.":
    "O novo dano: `floor(@damage / 2)`.",
  "Where `when` holds, the damage is of this type from this step on: later steps read it as `@damageType`, and the log's damage event (and regeneration's stopping types) name it. A damage type that depends on the target: a firearm's `firearm` becomes `bashing` against a vampire and `lethal` against anyone else (`{ \"when\": \"@damageType == 'firearm'\", \"value\": \"@damage\", \"type\": \"lethal\" }`, after the vampire's step).":
    "Onde `when` vale, o dano é deste tipo a partir deste passo: os passos seguintes o leem como `@damageType`, e o evento de dano do registro (e os tipos que param a regeneração) o nomeiam. Um tipo de dano que depende do alvo: o `firearm` de uma arma de fogo vira `bashing` contra um vampiro e `lethal` contra qualquer outro (`{ \"when\": \"@damageType == 'firearm'\", \"value\": \"@damage\", \"type\": \"lethal\" }`, depois do passo do vampiro).",
  "Tracks lowered in order. Each takes its `amount`, at most what is left of the damage and at most what the track holds (no track goes below 0); what it took is no longer left for the next. What no track takes is lost. The damage done is what they took together (the attacker's `damageDealt`); a hit-point track emptied puts its holder down as always.":
    "Trilhas baixadas em ordem. Cada uma leva a sua `amount`, no máximo o que sobra do dano e no máximo o que a trilha tem (nenhuma trilha fica abaixo de 0); o que ela levou não sobra mais para a próxima. O que nenhuma trilha leva se perde. O dano causado é o que elas levaram juntas (o `damageDealt` do atacante); uma trilha de pontos de vida esvaziada derruba o seu portador como sempre.",
  "One track a blow lowers.":
    "Uma trilha que um golpe baixa.",
  "Id of the track lowered (`stress`, `wounds`, `hp`).":
    "Id da trilha baixada (`stress`, `wounds`, `hp`).",
  "What this track takes, rounded down, kept within 0 and what is left; `@damage` is what is left to deal (the damage after the steps less what the tracks before took). Default: all of it (`@damage`), so a second track takes what overflows the first. Half each: `ceil(@damage / 2)` then a track with no amount. A Wound per raise: `floor(@damage / 4)`.":
    "O que esta trilha leva, arredondado para baixo, mantido entre 0 e o que sobra; `@damage` é o que falta causar (o dano depois dos passos menos o que as trilhas anteriores levaram). Padrão: tudo (`@damage`), de modo que uma segunda trilha leva o que transborda da primeira. Metade cada: `ceil(@damage / 2)` e depois uma trilha sem quantidade. Um Ferimento por ampliação: `floor(@damage / 4)`.",
  "Format v1.1: true when this track emptied by a blow puts its holder down, as emptied hit points do (Shadowrun's stun track: a full stun monitor knocks its holder out, while what overflows it goes on to the next track). Only blows empty it so; a `gain` or a cost that empties it does not. Default false.":
    "Formato v1.1: true quando esta trilha, esvaziada por um golpe, derruba o seu portador, como os pontos de vida esvaziados fazem (a trilha de atordoamento de Shadowrun: um monitor de atordoamento cheio nocauteia o portador, enquanto o que transborda segue para a próxima trilha). Só golpes a esvaziam assim; um `gain` ou um custo que a esvazia não. Padrão false.",
  "Conditions put on or taken off by the damage, after the tracks are lowered (before the target goes down): each `when` is read first, all of them on the blow as the tracks left it, then each that holds puts on `apply` and takes off `remove` on the target (a `condition` event each).":
    "Condições postas ou tiradas pelo dano, depois de as trilhas serem baixadas (antes de o alvo cair): cada `when` é lido primeiro, todos eles sobre o golpe como as trilhas o deixaram, depois cada um que vale põe `apply` e tira `remove` no alvo (um evento `condition` cada).",
  "One condition rule of the damage: `{ \"when\": \"@damage >= 0 and not has(@target.conditions, 'shaken')\", \"apply\": \"shaken\" }`.":
    "Uma regra de condição do dano: `{ \"when\": \"@damage >= 0 and not has(@target.conditions, 'shaken')\", \"apply\": \"shaken\" }`.",
  "Whether the rule holds: `@damage` is the damage after the steps (not floored at 0), `@target.*` the target after the tracks took theirs.":
    "Se a regra vale: `@damage` é o dano depois dos passos (sem piso em 0), `@target.*` o alvo depois de as trilhas levarem a sua parte.",
  "Id of the condition put on the target (its source the attacker).":
    "Id da condição posta no alvo (a sua origem é o atacante).",
  "Id of the condition taken off the target.":
    "Id da condição tirada do alvo.",
  "Type of a blow nothing else types (`bludgeoning`).":
    "Tipo de um golpe que nada mais tipifica (`bludgeoning`).",
  "Words of an attack's name and the type they mean: `{ \"claw\": \"slashing\", \"bite\": \"piercing\" }`.":
    "Palavras do nome de um ataque e o tipo que elas significam: `{ \"claw\": \"slashing\", \"bite\": \"piercing\" }`.",
  "The damage type this word means.":
    "O tipo de dano que esta palavra significa.",
  "Check id rolled (`death`).":
    "Id do teste rolado (`death`).",
  "Successes that make the hero stable. Default 3.":
    "Sucessos que estabilizam o herói. Padrão 3.",
  "Failures that kill the hero. Default 3.":
    "Falhas que matam o herói. Padrão 3.",
  "One position.":
    "Uma posição.",
  "Harm levels the hero suffers.":
    "Níveis de dano que o herói sofre.",
  "Harm levels dealt.":
    "Níveis de dano causados.",
  "Fraction of maximum hit points each harm level costs (Forged: `[0.25, 0.5, 0.8, 1.0]`).":
    "Fração dos pontos de vida máximos que cada nível de dano custa (Forged: `[0.25, 0.5, 0.8, 1.0]`).",
  "How many harms each level holds on a hero (Forged: `[2, 2, 1]`, two lesser, two moderate, one severe). Harm at a level already full is taken one level up, again and again; a level past the list holds any number (the last of `levels`, all of the hit points, is where a full track ends). Without `slots` every harm is taken at the position's level.":
    "Quantos danos cada nível comporta num herói (Forged: `[2, 2, 1]`, dois leves, dois moderados, um grave). Um dano num nível já cheio é levado um nível acima, de novo e de novo; um nível além da lista comporta qualquer número (o último de `levels`, todos os pontos de vida, é onde uma trilha cheia termina). Sem `slots` todo dano é levado no nível da posição.",
  "Track harm is taken from (default `hp`).":
    "Trilha de onde o dano é tirado (padrão `hp`).",
  "Initiative: highest first. Give a `check` to roll or a `deck` to deal (one of them).":
    "Iniciativa: o maior primeiro. Dê um `check` para rolar ou um `deck` para distribuir (um dos dois).",
  "Id of the initiative check (none with a `deck`).":
    "Id do teste de iniciativa (nenhum com um `deck`).",
  "Initiative dealt from a deck of cards instead of rolled (format v1.1): at the start of every round each combatant standing is dealt one card, without replacement (a `draw` event), and the highest card acts first. Cards are valued by rank, then suit (no two equal); jokers come above them all. The deck is shuffled again after a round in which a joker was dealt (`reshuffle`), and whenever it runs out mid-deal (the cards held this round stay out). `@initiative` reads the card's value.":
    "Iniciativa distribuída de um baralho em vez de rolada (formato v1.1): no início de cada rodada cada combatente de pé recebe uma carta, sem reposição (um evento `draw`), e a carta mais alta age primeiro. As cartas valem pelo valor, depois pelo naipe (nenhuma igual a outra); os curingas ficam acima de todas. O baralho é embaralhado de novo depois de uma rodada em que saiu um curinga (`reshuffle`), e sempre que acaba no meio da distribuição (as cartas tidas nesta rodada ficam de fora). `@initiative` lê o valor da carta.",
  "Ranks a suit (default 13: 2 to ace).":
    "Valores por naipe (padrão 13: do 2 ao ás).",
  "Suits (default 4: ♣ ♦ ♥ ♠, lowest to highest on a tie of rank).":
    "Naipes (padrão 4: ♣ ♦ ♥ ♠, do mais baixo ao mais alto num empate de valor).",
  "Jokers, above every other card (default 0).":
    "Curingas, acima de todas as outras cartas (padrão 0).",
  "What a joker does for its holder.":
    "O que um curinga faz pelo seu portador.",
  "Condition ids put on the holder when it is dealt a joker (a bonus to its rolls this round: give the condition `rounds: 1`).":
    "Ids de condições postas no portador quando ele recebe um curinga (um bônus nas suas rolagens nesta rodada: dê à condição `rounds: 1`).",
  "`joker`: shuffled again after a round in which a joker was dealt (the default); `round`: before every round.":
    "`joker`: embaralhado de novo depois de uma rodada em que saiu um curinga (o padrão); `round`: antes de cada rodada.",
  "Turns each combatant takes a round, read as the round starts with its `@initiative` (`1 + floor(@initiative / 10)`): everyone's first pass in turn order, then everyone's second among those with two, and so on (at least 1, at most 10; each pass is a whole turn). Not with `turn.clock`. Default 1.":
    "Turnos que cada combatente faz por rodada, lidos quando a rodada começa com a sua `@initiative` (`1 + floor(@initiative / 10)`): a primeira passada de todos em ordem de turno, depois a segunda de todos entre os que têm duas, e assim por diante (no mínimo 1, no máximo 10; cada passada é um turno inteiro). Não com `turn.clock`. Padrão 1.",
  "`once` (when the first exchange starts; a late arrival rolls when it appears) or every `round`. Default `once`.":
    "`once` (quando a primeira troca começa; quem chega tarde rola quando aparece) ou a cada `round`. Padrão `once`.",
  "Who goes first on a tie. Default `heroes`.":
    "Quem vai primeiro num empate. Padrão `heroes`.",
  "The budget of one turn. Attacks past it are marked NO TIME.":
    "O orçamento de um turno. Ataques além dele são marcados SEM TEMPO.",
  "One kind of action in a turn.":
    "Um tipo de ação num turno.",
  "Action id (`action`, `bonus`), named by abilities' `uses` and `grants`.":
    "Id da ação (`action`, `bonus`), nomeado pelos `uses` e `grants` das habilidades.",
  "How many per turn.":
    "Quantas por turno.",
  "Attacks this action makes: `@class.attacks` (multiclass: the largest, never summed).":
    "Ataques que esta ação faz: `@class.attacks` (multiclasse: o maior, nunca somado).",
  "Speed of the action, read by the clock as `@action.speed`; may read `@clock` (Run: all that is left) and `@clock.next`, the next lower tick this round on which anyone else is to act (the highest clock below the actor's among the others standing; 0 when nobody): Libra's Wait `@clock.next > 0 ? @clock - @clock.next : 0` holds to it.":
    "Velocidade da ação, lida pelo relógio como `@action.speed`; pode ler `@clock` (Correr: tudo o que sobra) e `@clock.next`, o próximo tique mais baixo desta rodada em que outro alguém vai agir (o maior relógio abaixo do de quem age entre os outros de pé; 0 quando ninguém): o Esperar de Libra `@clock.next > 0 ? @clock - @clock.next : 0` se atém a ele.",
  "true: a held action (Libra's Wait). Taking it (with an ability that `uses` it, steered by standing orders) does nothing else and ends the act: the actor's clock drops by the action's `speed` only (none: it stays on the current tick; `turn.clock.cost` is not applied), and at that clock value it acts again after everyone else who is to act there, last on the tick. To hold until a lower initiative number someone else acts on, the speed reads `@clock - @clock.next`. It cannot be taken twice on the same tick. Only in a system with `turn.clock` (the checker warns otherwise: without a clock it only ends the turn).":
    "true: uma ação guardada (o Esperar de Libra). Tomá-la (com uma habilidade que a `uses`, guiada pelas ordens permanentes) não faz mais nada e encerra o ato: o relógio de quem age cai só pela `speed` da ação (nenhuma: fica no tique atual; `turn.clock.cost` não se aplica), e nesse valor de relógio ele age de novo depois de todos os outros que vão agir ali, o último do tique. Para esperar até um número de iniciativa mais baixo em que outro alguém age, a velocidade lê `@clock - @clock.next`. Não pode ser tomada duas vezes no mesmo tique. Só num sistema com `turn.clock` (o verificador avisa do contrário: sem relógio ela só encerra o turno).",
  "How many actions one turn allows, of every kind together (each kind still within its own `per`): Libra's `1` (a turn is one Action, a potion or a power, and its speed is that action's). On a clock, each act is a turn. Default: no limit beyond each kind's `per`.":
    "Quantas ações um turno permite, de todos os tipos juntos (cada tipo ainda dentro do seu próprio `per`): o `1` de Libra (um turno é uma Ação, uma poção ou um poder, e a sua velocidade é a dessa ação). Num relógio, cada ato é um turno. Padrão: sem limite além do `per` de cada tipo.",
};
