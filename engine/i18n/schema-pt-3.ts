// The schema's help in Portuguese, part of SCHEMA_PT_BR (schema.ts merges it): the clock, conditions (their effects
// against the holder, saves, durations, charges), abilities (costs, reactions, targets, attacks, heals, moves,
// challenges), an enemy template's numbers, classes, damage parts and a creature's attacks and orders.
// English (as schemas/system.schema.json writes it) -> Brazilian Portuguese; backticked spans are kept as written.
// This file imports nothing.
export const SCHEMA_PT_BR_3: Readonly<Record<string, string>> = {
  "Turns the round into ticks, for speed systems. The highest clock acts next.":
    "Transforma a rodada em tiques, para sistemas de velocidade. O relógio mais alto age em seguida.",
  "What each action takes off the actor's clock: `@action.speed`.":
    "O que cada ação tira do relógio de quem age: `@action.speed`.",
  "True while the actor may act again: `@clock >= 1`.":
    "Verdadeiro enquanto quem age pode agir de novo: `@clock >= 1`.",
  "What each act after the actor's first one of a round costs, paid from its own tracks when that act begins (each payment a `gain` event): live action's `[{ \"track\": \"blood\", \"amount\": \"1\" }]`, a blood point for every Celerity action. One who cannot pay all of it acts no more that round, whatever `while` says. Amounts read what `while` reads (`@clock`, `@initiative`). Default: acting again is free.":
    "O que cada ato depois do primeiro de quem age numa rodada custa, pago das suas próprias trilhas quando esse ato começa (cada pagamento um evento `gain`): o `[{ \"track\": \"blood\", \"amount\": \"1\" }]` do live action, um ponto de sangue por ação de Celeridade. Quem não pode pagar tudo não age mais nessa rodada, diga o `while` o que disser. As quantidades leem o que o `while` lê (`@clock`, `@initiative`). Padrão: agir de novo é de graça.",
  "Track id paid from (`blood`).":
    "Id da trilha de onde se paga (`blood`).",
  "How much of the track, on the actor's sheet: `1`.":
    "Quanto da trilha, na ficha de quem age: `1`.",
  "A condition with an edge on its holder's checks for a few rounds.":
    "Uma condição com uma vantagem nos testes do seu portador por algumas rodadas.",
  "A condition: edges and mods on checks, no actions, a save that ends it.":
    "Uma condição: vantagens e modificadores nos testes, nenhuma ação, um teste de resistência que a encerra.",
  "How much.":
    "Quanto.",
  "One effect on checks against the holder.":
    "Um efeito nos testes contra o portador.",
  "Edge for the attacker: `1` is advantage.":
    "Vantagem para o atacante: `1` é vantagem.",
  "Added to the attacker's `@mods.<name>`.":
    "Somado aos `@mods.<name>` do atacante.",
  "Added to the number the attacker's check must meet (`@vs`: the defence, a DC), on the holder: cover's `2`. The chip names it (`Half cover: vs +2`).":
    "Somado ao número que o teste do atacante precisa alcançar (`@vs`: a defesa, uma CD), no portador: o `2` da cobertura. A ficha do registro o nomeia (`Half cover: vs +2`).",
  "true: a hit becomes a crit. The check then reads as its first success outcome marked `crit` (its event, tally and chip), when it has one, and the chip says which condition did it (`Paralyzed (near): crit`).":
    "true: um acerto vira um crítico. O teste então é lido como o seu primeiro resultado de sucesso marcado `crit` (o seu evento, contagem e ficha do registro), quando tem um, e a ficha do registro diz que condição o fez (`Paralyzed (near): crit`).",
  "Only for attacks from this band or row (`near`, `far`).":
    "Só para ataques desta faixa ou fileira (`near`, `far`).",
  "Only for these checks against the holder (format v1.1; default every check whose target it is): its edge and mods, and a charge of the condition, are taken only by them. Fate's free invoke on a consequence helps the foe's `attack`, not the roll that holder itself makes against it (an opposed check's defence is rolled against the attacker, so it too is a check against the attacker).":
    "Só para estes testes contra o portador (formato v1.1; padrão todo teste de que ele é o alvo): a sua vantagem e os seus modificadores, e uma carga da condição, são tomados só por eles. A invocação grátis de Fate numa consequência ajuda o `attack` do inimigo, não a rolagem que o próprio portador faz contra ele (a defesa de um teste resistido é rolada contra o atacante, então também é um teste contra o atacante).",
  "true: its holder cannot act: no blows, no abilities, potions included, on its turn, and no reactions either (a reaction is an ability: the seed's one who cannot act \"neither strikes nor uses abilities\"), unless `noReactions` is `false`.":
    "true: o seu portador não pode agir: nenhum golpe, nenhuma habilidade, poções incluídas, no seu turno, e nenhuma reação também (uma reação é uma habilidade: quem não pode agir na semente \"nem golpeia nem usa habilidades\"), a menos que `noReactions` seja `false`.",
  "true: its holder is running away. At the start of its next turn, if it still stands and holds this condition, it leaves the fight (a `flee` event): it no longer acts, reacts or can be targeted, rows close up behind it, and it counts neither as standing nor as down (the statistics count it as fled). A side with nobody left standing in the fight, down or fled, has lost it. One brought down while running stays in the fight, down. Put it on with an ability (Libra's Run: `applies` it to `self`, with `noActions` so the runner cannot act, Dodge or Resist meanwhile). Default false.":
    "true: o seu portador está fugindo. No início do seu próximo turno, se ainda estiver de pé e tiver esta condição, ele sai da luta (um evento `flee`): não age mais, não reage nem pode ser alvo, as fileiras se fecham atrás dele, e ele não conta nem como de pé nem como caído (as estatísticas o contam como fugido). Um lado sem ninguém de pé na luta, caídos ou fugidos, a perdeu. Quem é derrubado enquanto foge fica na luta, caído. Ponha-a com uma habilidade (o Correr de Libra: a `applies` a `self`, com `noActions` para que quem foge não possa agir, Esquivar ou Resistir nesse meio-tempo). Padrão false.",
  "true: any damage its holder takes (more than 0, after the damage steps) ends it (Asleep: a blow wakes the sleeper; the blow itself still has the advantage and crit Asleep gives).":
    "true: qualquer dano que o seu portador leve (mais de 0, depois dos passos de dano) a encerra (Adormecido: um golpe acorda quem dorme; o próprio golpe ainda tem a vantagem e o crítico que Adormecido dá).",
  "Whether its holder's reactions are taken away (Shield, a dodge, a soak, an opportunity attack). Default: what `noActions` says. `true` alone takes only the reactions (a shocking grasp); `false` with `noActions` keeps them (stunned on its turn, still dodging).":
    "Se as reações do seu portador são tiradas (Escudo, uma esquiva, uma absorção, um ataque de oportunidade). Padrão: o que `noActions` diz. `true` sozinho tira só as reações (um toque chocante); `false` com `noActions` as mantém (atordoado no seu turno, ainda se esquivando).",
  "The holder rolls again at the end of each of its turns; a success ends the condition. When a save applied the condition (a spell's `save`, a creature attack's `save`: a ghoul's DC 10 Constitution save), the repeat is that same check against that same DC; `check` and `dc` here serve when no save applied it (a fight's starting conditions, an outcome's `inflicts`).":
    "O portador rola de novo no fim de cada um dos seus turnos; um sucesso encerra a condição. Quando um teste de resistência aplicou a condição (o `save` de uma magia, o `save` do ataque de uma criatura: o teste de Constituição CD 10 de um carniçal), a repetição é esse mesmo teste contra essa mesma CD; `check` e `dc` aqui servem quando nenhum teste de resistência a aplicou (as condições iniciais de uma luta, o `inflicts` de um resultado).",
  "Check id rolled (`save.con`).":
    "Id do teste rolado (`save.con`).",
  "DC, computed when the condition is applied: `@source.spell.dc`.":
    "CD, calculada quando a condição é aplicada: `@source.spell.dc`.",
  "When the save is rolled. Default `turnEnd`.":
    "Quando o teste de resistência é rolado. Padrão `turnEnd`.",
  "Rounds it lasts (none: until something ends it): it ends at the end of its holder's `rounds`-th turn after the one in progress, whoever put it on. `1`, put on by a foe or by the holder itself during its own turn, lasts to the end of the holder's next turn; `0` put on during the holder's own turn ends at the end of that turn (a boost to this turn's rolls only), and off its turn means the same as `1`. With `ends: turnStart`, at the start of its holder's `rounds`-th turn from now instead.":
    "Rodadas que ela dura (nenhuma: até que algo a encerre): termina no fim do `rounds`-ésimo turno do seu portador depois do que está em curso, seja quem for que a pôs. `1`, posta por um inimigo ou pelo próprio portador durante o seu turno, dura até o fim do próximo turno do portador; `0` posta durante o próprio turno do portador termina no fim desse turno (um reforço só às rolagens deste turno), e fora do seu turno significa o mesmo que `1`. Com `ends: turnStart`, no início do `rounds`-ésimo turno do seu portador a partir de agora.",
  "Checks it lasts (a penalty until used): each check it takes part in uses one, either as its holder's own check (its `edge` or `mods`, within `checks`) or as a foe's check against the holder (an `against` entry that applies); when none is left it ends after that check (a `condition` event, `ended`). A check not attempted (`requires`) uses none. With `rounds` too, whichever runs out first. Live action's botch: `\"charges\": 1` lasts to the botcher's next challenge, whenever it comes. Default: not counted.":
    "Testes que ela dura (uma penalidade até ser usada): cada teste de que ela participa gasta um, seja como teste do próprio portador (a sua `edge` ou os seus `mods`, dentro de `checks`) ou como teste de um inimigo contra o portador (uma entrada de `against` que se aplica); quando não sobra nenhum ela termina depois desse teste (um evento `condition`, `ended`). Um teste não tentado (`requires`) não gasta nenhum. Com `rounds` também, o que acabar primeiro. A falha crítica do live action: `\"charges\": 1` dura até o próximo desafio de quem falhou, quando quer que ele venha. Padrão: não contado.",
  "When its `rounds` run out: `turnEnd` (default) at the end of its holder's `rounds`-th turn after the one in progress; `turnStart` at the start of its holder's `rounds`-th turn from now, whoever put it on and when (`\"rounds\": 1, \"ends\": \"turnStart\"`: until the start of its holder's next turn, as a dodge or a full defence lasts). `sourceTurnEnd` (format v1.1) at the end of the `rounds`-th turn of the one who put it on, after the one in progress (`\"rounds\": 1`: until the end of the caster's next turn); with no source, or once the source is down or gone, its holder's turns count instead. With `rounds` 0 it means 1. Without `rounds`, nothing.":
    "Quando as suas `rounds` acabam: `turnEnd` (padrão) no fim do `rounds`-ésimo turno do seu portador depois do que está em curso; `turnStart` no início do `rounds`-ésimo turno do seu portador a partir de agora, seja quem for que a pôs e quando (`\"rounds\": 1, \"ends\": \"turnStart\"`: até o início do próximo turno do seu portador, como dura uma esquiva ou uma defesa total). `sourceTurnEnd` (formato v1.1) no fim do `rounds`-ésimo turno de quem a pôs, depois do que está em curso (`\"rounds\": 1`: até o fim do próximo turno de quem lançou); sem origem, ou quando a origem cai ou sai, contam os turnos do seu portador. Com `rounds` 0 significa 1. Sem `rounds`, nada.",
  "true: put on again while its holder holds it, it starts over (its `rounds`, its `charges` and its save's DC counted anew, the new source its source), with a `condition` event `refreshed`: a mark renewed by every hit lasts as long as the hits keep coming. Default false: a condition held is not put on again (its first application keeps counting down).":
    "true: posta de novo enquanto o seu portador a tem, ela recomeça (as suas `rounds`, as suas `charges` e a CD do seu teste de resistência contadas de novo, a nova origem como sua origem), com um evento `condition` `refreshed`: uma marca renovada a cada acerto dura enquanto os acertos continuarem vindo. Padrão false: uma condição que já se tem não é posta de novo (a sua primeira aplicação continua a contagem).",
  "A saving throw each target rolls against the user's DC.":
    "Um teste de resistência que cada alvo rola contra a CD de quem usa.",
  "Check id each target rolls (`save.wis`).":
    "Id do teste que cada alvo rola (`save.wis`).",
  "DC, on the user's sheet: `@spell.dc`.":
    "CD, na ficha de quem usa: `@spell.dc`.",
  "true: half damage on a successful save.":
    "true: metade do dano num teste de resistência bem-sucedido.",
  "An ability of its own attack: one roll and its damage.":
    "Uma habilidade com ataque próprio: uma rolagem e o seu dano.",
  "An ability, spell, reaction or potion.":
    "Uma habilidade, magia, reação ou poção.",
  "Ability id, named by heroes and orders.":
    "Id da habilidade, nomeado pelos heróis e pelas ordens.",
  "Kind, for people (`Spell`, `Feature`, `Potion`).":
    "Tipo, para pessoas (`Spell`, `Feature`, `Potion`).",
  "Spell level or tier.":
    "Nível ou tier da magia.",
  "What it takes: an action id of `turn.actions` (`action`, `bonus`), `reaction`, or `free`.":
    "O que ela exige: um id de ação de `turn.actions` (`action`, `bonus`), `reaction` ou `free`.",
  "Resources paid; an ability whose cost cannot be paid is not used.":
    "Recursos pagos; uma habilidade cujo custo não pode ser pago não é usada.",
  "A spell slot (`{ \"slot\": 1 }`) or an amount of a track (`{ \"track\": \"tp\", \"amount\": \"1\" }`).":
    "Um espaço de magia (`{ \"slot\": 1 }`) ou uma quantidade de uma trilha (`{ \"track\": \"tp\", \"amount\": \"1\" }`).",
  "Spell slot level spent.":
    "Nível do espaço de magia gasto.",
  "Track paid from.":
    "Trilha de onde se paga.",
  "How much of the track.":
    "Quanto da trilha.",
  "Tracks that fill when it is used (a builder).":
    "Trilhas que se enchem quando ela é usada (uma que acumula).",
  "For a reaction: when it fires and what it does.":
    "Para uma reação: quando ela dispara e o que faz.",
  "`hit` (being hit), `spell` (a spell), `leave` (an enemy leaving reach), `roll` (a decision after one of its holder's own checks is rolled and before its outcome is final: `reroll`, `keep` or `bonus`, format v1.1; taking it gives its holder the ability's `gain` and `applies` first, so the new roll and the outcome read them).":
    "`hit` (ser acertado), `spell` (uma magia), `leave` (um inimigo saindo do alcance), `roll` (uma decisão depois de um dos testes do próprio portador ser rolado e antes de o seu resultado ser final: `reroll`, `keep` ou `bonus`, formato v1.1; tomá-la dá primeiro ao seu portador o `gain` e os `applies` da habilidade, para que a nova rolagem e o resultado os leiam).",
  "`roll` reactions: the check ids it answers (default: every check of its holder's).":
    "Reações `roll`: os ids dos testes a que ela responde (padrão: todo teste do seu portador).",
  "`roll` reactions: true, the whole check is rolled again and the new roll stands (a benny, a push). Its standing order's `when` reads the first roll (`@total`, `@vs`, `@natural`, `@roll.*`).":
    "Reações `roll`: true, o teste inteiro é rolado de novo e a nova rolagem vale (um benny, um forçar). O `when` da sua ordem permanente lê a primeira rolagem (`@total`, `@vs`, `@natural`, `@roll.*`).",
  "`roll` reactions: added to the check's total before its outcome is read again (an invoke's +2).":
    "Reações `roll`: somado ao total do teste antes de o seu resultado ser lido de novo (o +2 de uma invocação).",
  "`roll` reactions (format v1.1, a partial reroll): the check is rolled again, but each die of the first roll whose face is one of an entry's `faces` keeps that face, in its place in the pool (`@roll.dice` order); every other die is rolled anew (a push: `[{ \"faces\": [6] }, { \"tag\": \"Base\", \"faces\": [1] }]` rerolls all but the sixes and the base dice's ones). An entry with `tag` keeps only dice of the term so tagged in the roll (`(@body)d6[Base]`). Implies `reroll`. The `reaction` event lists the first roll's `dice` and which were `kept`.":
    "Reações `roll` (formato v1.1, uma rerrolagem parcial): o teste é rolado de novo, mas cada dado da primeira rolagem cuja face é uma das `faces` de uma entrada mantém essa face, no seu lugar na parada (ordem de `@roll.dice`); todos os outros dados são rolados de novo (um forçar: `[{ \"faces\": [6] }, { \"tag\": \"Base\", \"faces\": [1] }]` rerrola todos menos os seis e os uns dos dados base). Uma entrada com `tag` mantém só dados do termo assim marcado na rolagem (`(@body)d6[Base]`). Implica `reroll`. O evento `reaction` lista os `dice` da primeira rolagem e quais foram `kept`.",
  "Faces that stay: `[6]`; a Fate die's `[1]` keeps its pluses.":
    "Faces que ficam: `[6]`; o `[1]` de um dado Fate mantém os seus mais.",
  "Only dice of the term with this tag in the check's roll (`Base` for `(@body)d6[Base]`); default every die. A tag no answered check's roll has is an error.":
    "Só dados do termo com esta marca na rolagem do teste (`Base` para `(@body)d6[Base]`); padrão todo dado. Uma marca que a rolagem de nenhum teste respondido tem é um erro.",
  "Added to the defence against the triggering attack (Shield: `5`).":
    "Somado à defesa contra o ataque que a dispara (Escudo: `5`).",
  "A check rolled to react; its success is read by damage steps as `@reaction.<ability id>`.":
    "Um teste rolado para reagir; o seu sucesso é lido pelos passos de dano como `@reaction.<ability id>`.",
  "`spell` reactions: true, a successful one undoes the ability on the one reacting: no attack roll, save, damage or condition for it (Counterspell; the others an area spell reaches still suffer it). Default false: the ability goes on, and damage steps may read `@reaction.<id>`.":
    "Reações `spell`: true, uma bem-sucedida desfaz a habilidade em quem reage: nenhuma rolagem de ataque, teste de resistência, dano ou condição para ele (Contramágica; os outros que uma magia de área alcança ainda a sofrem). Padrão false: a habilidade segue, e os passos de dano podem ler `@reaction.<id>`.",
  "`spell` reactions: the ability kinds (an ability's `kind`, compared exactly) it answers; an ability of another kind aimed at the holder does not trigger it (classic-d20's Counterspell `[\"Spell\"]`: a fighter's manoeuvre goes on). Default: every ability aimed at the holder.":
    "Reações `spell`: os tipos de habilidade (o `kind` de uma habilidade, comparado exatamente) a que ela responde; uma habilidade de outro tipo dirigida ao portador não a dispara (a Contramágica de classic-d20 `[\"Spell\"]`: a manobra de um guerreiro segue). Padrão: toda habilidade dirigida ao portador.",
  "True when it answers this trigger at all; false: it is not taken (no check rolled, nothing paid, no reaction used). Reads the reactor's sheet, the triggering blow's `@damageType` and `@attack.melee`, and `@attacker.*` (the one it answers): Libra's Dodge `@damageType == 'physical'`, Resist `@damageType != 'physical'`. A `spell` trigger reads the ability's damage type; a `leave` trigger has none (`''`). Default: always.":
    "Verdadeiro quando ela responde a este gatilho; falso: não é tomada (nenhum teste rolado, nada pago, nenhuma reação gasta). Lê a ficha de quem reage, o `@damageType` e o `@attack.melee` do golpe que a dispara, e `@attacker.*` (aquele a quem responde): o Esquivar de Libra `@damageType == 'physical'`, o Resistir `@damageType != 'physical'`. Um gatilho `spell` lê o tipo de dano da habilidade; um gatilho `leave` não tem nenhum (`''`). Padrão: sempre.",
  "true: its effects last while its user sustains it (one at a time).":
    "true: os seus efeitos duram enquanto quem a usa a sustenta (uma de cada vez).",
  "Who it is aimed at: one `enemy`, all `enemies`, an `ally`, all `allies`, or `self`.":
    "A quem ela é dirigida: um `enemy`, todos os `enemies`, um `ally`, todos os `allies`, ou `self`.",
  "Condition ids put on the targets (on a failed save, when there is one).":
    "Ids de condições postas nos alvos (num teste de resistência falho, quando há um).",
  "An attack of its own: an attack spell rolls its own attack and dice.":
    "Um ataque próprio: uma magia de ataque rola o seu próprio ataque e os seus dados.",
  "Check id rolled (`attack`).":
    "Id do teste rolado (`attack`).",
  "The number the blow is struck with, `@stat`: `@spell.mod`.":
    "O número com que o golpe é feito, `@stat`: `@spell.mod`.",
  "Damage: `(@level >= 5 ? 2 : 1)d10`. An `enemies` ability strikes each target in turn: `@attack.targets` is how many it aims at, `@attack.hits` how many were hit before this blow (a spray's extra damage split between them).":
    "Dano: `(@level >= 5 ? 2 : 1)d10`. Uma habilidade `enemies` golpeia cada alvo por vez: `@attack.targets` é quantos ela mira, `@attack.hits` quantos foram acertados antes deste golpe (o dano extra de uma rajada dividido entre eles).",
  "Damage type (`fire`).":
    "Tipo de dano (`fire`).",
  "`near` or `far` (or a row).":
    "`near` ou `far` (ou uma fileira).",
  "On a battle map: the squares this blow reaches at its normal range, instead of what `map.reach` gives its reach word. A reach weapon (a glaive, a whip) is `near` with `squares: 2`; a longbow `far` with `squares: 30` and `long: 120`. A `near` blow is a melee one whatever its squares: walking out of them provokes its opportunity attack.":
    "Num mapa de batalha: os quadrados que este golpe alcança na distância normal, no lugar do que `map.reach` dá à sua palavra de alcance. Uma arma de haste (uma glaive, um chicote) é `near` com `squares: 2`; um arco longo `far` com `squares: 30` e `long: 120`. Um golpe `near` é corpo a corpo, sejam quais forem os seus quadrados: sair deles provoca o seu ataque de oportunidade.",
  "On a battle map: the squares it reaches at long range, from its `squares` on (the attacker holds the system's `map.longRange` condition for such a blow: the long-range disadvantage). With `squares` and no `long` it has no long range; with neither, its reach word's `map.reach` holds.":
    "Num mapa de batalha: os quadrados que ele alcança em longa distância, a partir dos seus `squares` (o atacante tem a condição `map.longRange` do sistema num golpe assim: a desvantagem de longa distância). Com `squares` e sem `long` ele não tem longa distância; sem nenhum dos dois, vale o `map.reach` da sua palavra de alcance.",
  "Damage of a saving-throw ability, rolled once for all targets.":
    "Dano de uma habilidade com teste de resistência, rolado uma vez para todos os alvos.",
  "Damage type.":
    "Tipo de dano.",
  "Healing, never above the maximum.":
    "Cura, nunca acima do máximo.",
  "How much: `1d10 + @level`.":
    "Quanto: `1d10 + @level`.",
  "Track healed (`hp`).":
    "Trilha curada (`hp`).",
  "More actions this turn (Action Surge): their attacks are really rolled.":
    "Mais ações neste turno (Surto de Ação): os seus ataques são rolados de verdade.",
  "Extra actions of one kind.":
    "Ações extras de um tipo.",
  "Action id of `turn.actions`.":
    "Id de ação de `turn.actions`.",
  "How many more this turn.":
    "Quantas a mais neste turno.",
  "Speed, read by the clock as `@action.speed`.":
    "Velocidade, lida pelo relógio como `@action.speed`.",
  "Recharge (a breath weapon): usable again at the start of a turn when its die (a d6 unless `die` says) shows at least `min`.":
    "Recarga (um sopro): pode ser usada de novo no início de um turno quando o seu dado (um d6, a menos que `die` diga outro) mostra pelo menos `min`.",
  "Lowest face of the die that recharges it (5 on a d6: on 5-6); at most the die's faces.":
    "Menor face do dado que a recarrega (5 num d6: em 5-6); no máximo as faces do dado.",
  "Faces of the recharge die (default 6: a d6).":
    "Faces do dado de recarga (padrão 6: um d6).",
  "Where using it moves its user (a band such as `far`, or a row). Leaving a place where foes stand lets them react (`react.on: leave`, or the opportunity attack of `combat.reaction.opportunity`), unless it is a teleport or a disengage (`disengage`).":
    "Para onde usá-la move quem a usa (uma faixa como `far`, ou uma fileira). Sair de um lugar onde há inimigos os deixa reagir (`react.on: leave`, ou o ataque de oportunidade de `combat.reaction.opportunity`), a menos que seja um teleporte ou um desengajar (`disengage`).",
  "A teleport (Misty Step): its `move` never provokes a reaction.":
    "Um teleporte (Passo Nebuloso): o seu `move` nunca provoca uma reação.",
  "Its `move` to a row switches places: the first ally standing in that row takes the mover's row (a `move` event), as one standing one behind the other must (Libra's row formation); with nobody there it is a plain move. Needs `move`. Without it, while rows close up (`positions.advance`), a move back out of a row its user alone holds is not taken (the rows would move it straight back).":
    "O seu `move` para uma fileira troca de lugar: o primeiro aliado de pé nessa fileira fica com a fileira de quem se move (um evento `move`), como precisam os que estão um atrás do outro (a formação em fileiras de Libra); sem ninguém lá é um movimento simples. Precisa de `move`. Sem ele, enquanto as fileiras se fecham (`positions.advance`), um recuo para fora de uma fileira que só quem a usa ocupa não é feito (as fileiras o trariam de volta na hora).",
  "Its `move` disengages: leaving never provokes an opportunity attack or a `leave` reaction. When absent, the words of `combat.disengage` found in its id or name decide.":
    "O seu `move` desengaja: sair nunca provoca um ataque de oportunidade nem uma reação `leave`. Quando ausente, decidem as palavras de `combat.disengage` achadas no seu id ou nome.",
  "A check its user rolls on its own, against a number rather than a foe (an unopposed challenge: picking a lock, breaking a ward). The outcome's `applies` and `gain` take effect as for any check, so an extended challenge adds its `@degree` to a progress track (and a botch may empty it); standing orders read the track to know when it is done.":
    "Um teste que quem a usa rola sozinho, contra um número e não contra um inimigo (um desafio sem oposição: abrir uma fechadura, quebrar uma proteção). O `applies` e o `gain` do resultado têm efeito como em qualquer teste, de modo que um desafio estendido soma o seu `@degree` a uma trilha de progresso (e uma falha crítica pode esvaziá-la); as ordens permanentes leem a trilha para saber quando acabou.",
  "Check id rolled (`challenge`).":
    "Id do teste rolado (`challenge`).",
  "The user's number for the check, `@stat` (an ability total: `@wits + @streetwise - @wound`). Default: the check's own `stat`, else 0.":
    "O número de quem usa para o teste, `@stat` (o total de uma habilidade: `@wits + @streetwise - @wound`). Padrão: o próprio `stat` do teste, senão 0.",
  "The number to meet, `@vs` (a difficulty), on the user's sheet.":
    "O número a alcançar, `@vs` (uma dificuldade), na ficha de quem usa.",
  "Condition ids taken off its targets (breaking a ward, a cure). An ability that does nothing else is not used while none of its targets holds one of them.":
    "Ids de condições tiradas dos seus alvos (quebrar uma proteção, uma cura). Uma habilidade que não faz mais nada não é usada enquanto nenhum dos seus alvos tiver uma delas.",
  "Condition ids: it is aimed only at a foe holding one of them that its user put on (a bite at the one it grapples: `[\"grappled\"]`), the first such foe in reach (`enemies`: every one); not used while there is none.":
    "Ids de condições: ela é dirigida só a um inimigo que tenha uma delas posta por quem a usa (uma mordida em quem ele agarra: `[\"grappled\"]`), o primeiro inimigo assim ao alcance (`enemies`: todos); não é usada enquanto não houver nenhum.",
  "An enemy role whose numbers grow with `@tier`.":
    "Um papel de inimigo cujos números crescem com `@tier`.",
  "An enemy template: formulas of `@tier` (the system's `tiers`, 1..6 by default) that build an enemy's sheet.":
    "Um template de inimigo: fórmulas de `@tier` (os `tiers` do sistema, 1..6 por padrão) que montam a ficha de um inimigo.",
  "Every attribute not given in `attributes`: `min(5, floor((@tier + 1) / 2))`.":
    "Todo atributo não dado em `attributes`: `min(5, floor((@tier + 1) / 2))`.",
  "A formula of `@tier` and `@role`.":
    "Uma fórmula de `@tier` e `@role`.",
  "A formula of `@tier`, `@role` and the sheet.":
    "Uma fórmula de `@tier`, `@role` e da ficha.",
  "Defence: `12 + @tier`.":
    "Defesa: `12 + @tier`.",
  "The number its blows are struck with, `@stat` in the attack check.":
    "O número com que os seus golpes são feitos, `@stat` no teste de ataque.",
  "Damage of its blows: `(@tier)d6 + @tier`. Reads `@tier`, `@role`, the sheet, and the attack roll's `@roll.*`, `@crit`.":
    "Dano dos seus golpes: `(@tier)d6 + @tier`. Lê `@tier`, `@role`, a ficha, e o `@roll.*` e o `@crit` da rolagem de ataque.",
  "Attacks its attack action makes (`\"2\"`; `\"0\"`: it never strikes with its blows, its abilities still act). When given, this is the count whatever the turn's attack action says (`turn.actions[].attacks`, even a constant `\"1\"`); when absent the action's count holds, and `@class.attacks` reads 1.":
    "Ataques que a sua ação de ataque faz (`\"2\"`; `\"0\"`: ele nunca golpeia com os seus golpes, as suas habilidades ainda agem). Quando dado, esta é a contagem diga o que disser a ação de ataque do turno (`turn.actions[].attacks`, mesmo uma constante `\"1\"`); quando ausente vale a contagem da ação, e `@class.attacks` lê 1.",
  "Damage type of its blows.":
    "Tipo de dano dos seus golpes.",
  "Id of one of the system's abilities.":
    "Id de uma das habilidades do sistema.",
  "A class.":
    "Uma classe.",
  "Attacks an Action makes; `@level` is the level in this class. Read as `@class.attacks` (the largest over a hero's classes).":
    "Ataques que uma Ação faz; `@level` é o nível nesta classe. Lido como `@class.attacks` (o maior entre as classes de um herói).",
  "A further part of a blow's damage with a type of its own (an adult red dragon's bite: piercing, plus `{ \"damage\": \"2d6\", \"type\": \"fire\" }`). Rolled with the blow's own damage (its dice doubled on a crit under `crit: dice`, x2 under `total`), then run through `combat.damage.steps` on its own with `@damageType` set to its type (resisted, doubled or ignored separately); the parts' results are added up on the target, one damage event each, and one sustain roll covers the whole blow.":
    "Mais uma parte do dano de um golpe, com um tipo próprio (a mordida de um dragão vermelho adulto: perfurante, mais `{ \"damage\": \"2d6\", \"type\": \"fire\" }`). Rolada com o próprio dano do golpe (os seus dados dobrados num crítico sob `crit: dice`, x2 sob `total`), depois passada por `combat.damage.steps` sozinha com `@damageType` igual ao seu tipo (resistida, dobrada ou ignorada à parte); os resultados das partes são somados no alvo, um evento de dano cada, e uma rolagem de sustentar cobre o golpe inteiro.",
  "Damage of this part: `2d6`.":
    "Dano desta parte: `2d6`.",
  "Damage type of this part (`fire`).":
    "Tipo de dano desta parte (`fire`).",
  "One attack of a creature.":
    "Um ataque de uma criatura.",
  "Attack id, named by `multiattack`.":
    "Id do ataque, nomeado por `multiattack`.",
  "Display name; its words type the damage (`Claw` slashes).":
    "Nome exibido; as suas palavras dão o tipo do dano (`Claw` corta).",
  "Attack bonus: the number the blow is struck with (`@stat`). A number, or a formula over the creature's own sheet, evaluated at each blow: `\"@melee.total\"` or `\"4 - @wound\"` reads its wounds as they are then.":
    "Bônus de ataque: o número com que o golpe é feito (`@stat`). Um número, ou uma fórmula sobre a própria ficha da criatura, avaliada a cada golpe: `\"@melee.total\"` ou `\"4 - @wound\"` lê os seus ferimentos como estão naquele momento.",
  "The bonus: `4`.":
    "O bônus: `4`.",
  "A formula over the creature's own sheet (its attributes, derived values and tracks), evaluated at each blow: `@melee.total`.":
    "Uma fórmula sobre a própria ficha da criatura (os seus atributos, valores derivados e trilhas), avaliada a cada golpe: `@melee.total`.",
  "Damage: `2d6 + 3`.":
    "Dano: `2d6 + 3`.",
  "`near` or `far`.":
    "`near` ou `far`.",
  "Condition ids a hit puts on the target (after its save, when there is one).":
    "Ids de condições que um acerto põe no alvo (depois do seu teste de resistência, quando há um).",
  "Further damage of the same blow, each part with its own type (a dragon's bite: `damage` piercing, plus a fire part).":
    "Mais dano do mesmo golpe, cada parte com o seu próprio tipo (a mordida de um dragão: `damage` perfurante, mais uma parte de fogo).",
  "Standing orders of an enemy, tried in order like a hero's: other abilities before its attacks (a war cry, running away), reactions when the moment comes. `use` names one of its own `abilities`. Each reaction it has that no order names is used whenever the moment comes, as without orders.":
    "Ordens permanentes de um inimigo, tentadas em ordem como as de um herói: outras habilidades antes dos seus ataques (um grito de guerra, fugir), reações quando chega o momento. `use` nomeia uma das suas próprias `abilities`. Cada reação que ele tem e que nenhuma ordem nomeia é usada sempre que chega o momento, como sem ordens.",
  "One standing order.":
    "Uma ordem permanente.",
  "Id of one of its abilities.":
    "Id de uma das suas habilidades.",
};
