// The schema's help in Portuguese, part of SCHEMA_PT_BR (schema.ts merges it): the bestiary, weapons, heroes
// (classes, orders, arrivals), a fight's enemies and their pinned sheets, the battle map of a fight (walls, cover,
// starts, movement policies) and cards (issue 23).
// English (as schemas/system.schema.json writes it) -> Brazilian Portuguese; backticked spans are kept as written.
// This file imports nothing.
export const SCHEMA_PT_BR_4: Readonly<Record<string, string>> = {
  "True when to use it, on its own sheet: `@hp < @hp.max / 2`.":
    "Verdadeiro quando usá-la, na sua própria ficha: `@hp < @hp.max / 2`.",
  "Any other list of words the system reads (`has(@target.conditionImmune, 'charmed')`).":
    "Qualquer outra lista de palavras que o sistema lê (`has(@target.conditionImmune, 'charmed')`).",
  "A bestiary creature with one attack.":
    "Uma criatura do bestiário com um ataque.",
  "A creature of the bestiary: it fights with its own numbers.":
    "Uma criatura do bestiário: ela luta com os seus próprios números.",
  "Cards this creature holds besides the system's (issue 23).":
    "Cartas que esta criatura tem além das do sistema (issue 23).",
  "Creature id, named by fights (`goblin`).":
    "Id da criatura, nomeado pelas lutas (`goblin`).",
  "Size, for people.":
    "Tamanho, para pessoas.",
  "Creature type (`undead`).":
    "Tipo de criatura (`undead`).",
  "Challenge rating or level.":
    "Nível de desafio ou nível.",
  "Defence (armour class): a number, or a formula over its own sheet evaluated whenever it is attacked (`\"@dodge.total\"`, `\"12 - @wound\"`: wounds lower it as they are taken).":
    "Defesa (classe de armadura): um número, ou uma fórmula sobre a sua própria ficha avaliada sempre que ela é atacada (`\"@dodge.total\"`, `\"12 - @wound\"`: os ferimentos a baixam à medida que são sofridos).",
  "The defence: `12`.":
    "A defesa: `12`.",
  "A formula over its own sheet (attributes, derived values, tracks), evaluated whenever it is attacked.":
    "Uma fórmula sobre a sua própria ficha (atributos, valores derivados, trilhas), avaliada sempre que ela é atacada.",
  "Hit points.":
    "Pontos de vida.",
  "Attribute values by id.":
    "Valores dos atributos por id.",
  "Value.":
    "Valor.",
  "Other track maxima by id.":
    "Máximos das outras trilhas por id.",
  "Maximum.":
    "Máximo.",
  "Bonuses by check id (`save.dex`: 5), replacing the sheet's own.":
    "Bônus por id de teste (`save.dex`: 5), no lugar dos da própria ficha.",
  "Bonus.":
    "Bônus.",
  "Its attacks.":
    "Os seus ataques.",
  "Attack ids made in one attack action, in order (`[\"bite\", \"claw\", \"claw\"]`). Without one, a creature makes one attack an action and uses its attacks in turn: the first, then the second, and so on round the list, each fight starting from the first (an attack that reaches no foe is passed over for the next). The SRD ghoul bites, then claws (paralysing), then bites again.":
    "Ids dos ataques feitos numa ação de ataque, em ordem (`[\"bite\", \"claw\", \"claw\"]`). Sem isso, uma criatura faz um ataque por ação e usa os seus ataques por vez: o primeiro, depois o segundo, e assim por diante dando a volta na lista, cada luta começando do primeiro (um ataque que não alcança nenhum inimigo é pulado para o próximo). O carniçal do SRD morde, depois arranha (paralisando), depois morde de novo.",
  "Damage type of its blows when an attack names none.":
    "Tipo de dano dos seus golpes quando um ataque não nomeia nenhum.",
  "Hit points regained at the start of each of its turns.":
    "Pontos de vida recuperados no início de cada um dos seus turnos.",
  "Hit points regained.":
    "Pontos de vida recuperados.",
  "Damage types that stop it for a turn (`fire`, `acid`).":
    "Tipos de dano que a interrompem por um turno (`fire`, `acid`).",
  "Abilities of its own (a breath weapon, a saving throw the hero rolls) or ids of the system's abilities.":
    "Habilidades próprias (um sopro, um teste de resistência que o herói rola) ou ids das habilidades do sistema.",
  "Where it stands by default (`near`, `far`, a row).":
    "Onde ela fica por padrão (`near`, `far`, uma fileira).",
  "Free tags (`undead`, `flying`).":
    "Tags livres (`undead`, `flying`).",
  "Display name; its words type the damage.":
    "Nome exibido; as suas palavras dão o tipo do dano.",
  "Damage: `1d8 + @str.mod`.":
    "Dano: `1d8 + @str.mod`.",
  "The number the blow is struck with, `@stat`: `@str.mod`.":
    "O número com que o golpe é feito, `@stat`: `@str.mod`.",
  "Damage type (`slashing`).":
    "Tipo de dano (`slashing`).",
  "What this weapon's attacks read, winning over `combat.attack.reads` name by name: `{ \"second\": \"@willpower\" }`.":
    "O que os ataques desta arma leem, valendo sobre `combat.attack.reads` nome a nome: `{ \"second\": \"@willpower\" }`.",
  "Computed on the wielder's sheet.":
    "Calculado na ficha de quem a empunha.",
  "Speed, `@action.speed`.":
    "Velocidade, `@action.speed`.",
  "Free tags (`finesse`).":
    "Tags livres (`finesse`).",
  "Values of the system's declared lists by name (`{ \"wields\": [\"sword\"] }`); a list declared `weapon: true` joins the wielder's (Libra's weapon type and killers). A name the system does not declare is an error.":
    "Valores das listas declaradas do sistema por nome (`{ \"wields\": [\"sword\"] }`); uma lista declarada `weapon: true` se junta à de quem a empunha (o tipo de arma e os killers de Libra). Um nome que o sistema não declara é um erro.",
  "Further damage of the same blow, each part with its own type (a flame tongue: slashing, plus a fire part).":
    "Mais dano do mesmo golpe, cada parte com o seu próprio tipo (uma língua de fogo: cortante, mais uma parte de fogo).",
  "A hero with attributes and a weapon.":
    "Um herói com atributos e uma arma.",
  "A hero for the sandbox.":
    "Um herói para a área de testes.",
  "Level in this class.":
    "Nível nesta classe.",
  "Formula over the hero's sheet.":
    "Fórmula sobre a ficha do herói.",
  "Starting value.":
    "Valor inicial.",
  "Slots of this level.":
    "Espaços deste nível.",
  "Ability id to use.":
    "Id da habilidade a usar.",
  "True when to use it: `@hp < @hp.max / 2`, or for a reaction `@total - @vs < 5`. A reaction to a hit reads the blow's `@total`, `@vs`, `@natural`, `@degree`, `@roll.*` and its own `@damage` (an order that reads `@damage` has the blow's damage rolled before the reactions, and that roll is the one dealt).":
    "Verdadeiro quando usá-la: `@hp < @hp.max / 2`, ou para uma reação `@total - @vs < 5`. Uma reação a um acerto lê o `@total`, o `@vs`, o `@natural`, o `@degree` e o `@roll.*` do golpe e o seu próprio `@damage` (uma ordem que lê `@damage` faz o dano do golpe ser rolado antes das reações, e essa rolagem é a que é causada).",
  "`attack` (one weapon attack) or an ability id.":
    "`attack` (um ataque com arma) ou um id de habilidade.",
  "A hero id.":
    "Um id de herói.",
  "A hero with a position and conditions for this fight.":
    "Um herói com uma posição e condições para esta luta.",
  "Where the hero stands (`near`, `far`, a row).":
    "Onde o herói fica (`near`, `far`, uma fileira).",
  "Condition ids applied when the fight starts (a late arrival: when it arrives).":
    "Ids de condições aplicadas quando a luta começa (quem chega tarde: quando chega).",
  "The round the hero enters the fight (default 1: from the start). Until then it neither acts nor can be targeted, and a side is not beaten while someone of it is still to come; on arriving it rolls initiative (the seed: a fighter who enters later rolls when first seen), takes its turn in that round by it, and its starting `conditions` land then. An `arrive` event says so.":
    "A rodada em que o herói entra na luta (padrão 1: desde o início). Até lá ele não age nem pode ser alvo, e um lado não é vencido enquanto alguém dele ainda está por vir; ao chegar ele rola iniciativa (a semente: um lutador que entra depois rola quando é visto pela primeira vez), faz o seu turno nessa rodada por ela, e as suas `conditions` iniciais chegam então. Um evento `arrive` o diz.",
  "An enemy written out with its own numbers.":
    "Um inimigo escrito com os seus próprios números.",
  "Defence: a number, or a formula over its own sheet evaluated whenever it is attacked (`\"@dodge.total\"`, `\"12 - @wound\"`: wounds lower it as they are taken).":
    "Defesa: um número, ou uma fórmula sobre a sua própria ficha avaliada sempre que ele é atacado (`\"@dodge.total\"`, `\"12 - @wound\"`: os ferimentos a baixam à medida que são sofridos).",
  "Attack ids made in one turn, in order.":
    "Ids dos ataques feitos num turno, em ordem.",
  "Consequences mode: harm levels before it falls.":
    "Modo consequências: níveis de dano antes de cair.",
  "A number of the sheet as it was given: a number, or the template's formula as it was (kept when it reads what changes in a fight, such as wounds).":
    "Um número da ficha como foi dado: um número, ou a fórmula do template como era (mantida quando lê o que muda numa luta, como os ferimentos).",
  "The number it was given: `130`.":
    "O número que foi dado: `130`.",
  "The template's formula as it was (`max(0, 5 + @tier - @wound)`), read at the entry's tier.":
    "A fórmula do template como era (`max(0, 5 + @tier - @wound)`), lida no tier da entrada.",
  "The sheet these template enemies were given when brought in (a saved roster, spec §2.6: an enemy keeps the sheet it was given when the template later changes). What it names wins over the template's formulas, so a change of the template does not rewrite them; what it leaves out (abilities, orders, lists, a number not named) still follows the template. Only with `template`. `rules-studio change` lists the pinned enemies it leaves untouched, and the sandbox marks them.":
    "A ficha que estes inimigos de template receberam quando foram trazidos (um elenco salvo, spec §2.6: um inimigo mantém a ficha que recebeu quando o template muda depois). O que ela nomeia vale sobre as fórmulas do template, então uma mudança do template não as reescreve; o que ela deixa de fora (habilidades, ordens, listas, um número não nomeado) ainda segue o template. Só com `template`. `rules-studio change` lista os inimigos fixados que deixa intactos, e a área de testes os marca.",
  "Attribute values by id, as given.":
    "Valores dos atributos por id, como dados.",
  "Track maxima by id, as given (`{ \"hp\": 130 }`).":
    "Máximos das trilhas por id, como dados (`{ \"hp\": 130 }`).",
  "The fighting numbers, as given.":
    "Os números de luta, como dados.",
  "Defence, as given.":
    "Defesa, como dada.",
  "The number its blows are struck with, as given.":
    "O número com que os seus golpes são feitos, como dado.",
  "Damage of its blows, as given: the template's formula as it was (it is rolled), or a number.":
    "Dano dos seus golpes, como dado: a fórmula do template como era (ela é rolada), ou um número.",
  "Fixed damage.":
    "Dano fixo.",
  "The damage formula as it was: `(@tier + 1)d8 + 2 * @tier`.":
    "A fórmula de dano como era: `(@tier + 1)d8 + 2 * @tier`.",
  "Attacks its attack action makes, as given.":
    "Ataques que a sua ação de ataque faz, como dados.",
  "Harm levels before it falls (consequences mode), as given.":
    "Níveis de dano antes de cair (modo consequências), como dados.",
  "Enemies of one kind: from a template, the bestiary, or numbers written out.":
    "Inimigos de um tipo: de um template, do bestiário, ou com os números escritos.",
  "From a template: `{ \"role\": \"minion\", \"tier\": 1 }`.":
    "De um template: `{ \"role\": \"minion\", \"tier\": 1 }`.",
  "Template role.":
    "Papel do template.",
  "Tier, inside the system's `tiers` (1..6 by default).":
    "Tier, dentro dos `tiers` do sistema (1..6 por padrão).",
  "Creature id from the bestiary.":
    "Id da criatura do bestiário.",
  "How many (default 1, at most 1000).":
    "Quantos (padrão 1, no máximo 1000).",
  "Name prefix: enemies are `<id>-1`, `<id>-2`, ... (default: the role or creature).":
    "Prefixo do nome: os inimigos são `<id>-1`, `<id>-2`, ... (padrão: o papel ou a criatura).",
  "Where they stand.":
    "Onde eles ficam.",
  "Condition ids applied to each when the fight starts (late arrivals: when they arrive).":
    "Ids de condições aplicadas a cada um quando a luta começa (quem chega tarde: quando chega).",
  "The round they enter the fight (default 1: from the start). Until then they neither act nor can be targeted, and a side is not beaten while someone of it is still to come; on arriving they roll initiative (the seed: a fighter who enters later rolls when first seen), take their turn in that round by it, and their starting `conditions` land then. An `arrive` event says so.":
    "A rodada em que eles entram na luta (padrão 1: desde o início). Até lá eles não agem nem podem ser alvo, e um lado não é vencido enquanto alguém dele ainda está por vir; ao chegar eles rolam iniciativa (a semente: um lutador que entra depois rola quando é visto pela primeira vez), fazem o seu turno nessa rodada por ela, e as suas `conditions` iniciais chegam então. Um evento `arrive` o diz.",
  "A sample fight: heroes against enemies from a template.":
    "Uma luta de exemplo: heróis contra inimigos de um template.",
  "A fight: heroes against enemies.":
    "Uma luta: heróis contra inimigos.",
  "Band or row.":
    "Faixa ou fileira.",
  "Squares across.":
    "Quadrados na largura.",
  "Squares down.":
    "Quadrados na altura.",
  "A square `[x, y]` or a rectangle `[x1, y1, x2, y2]`, corners included.":
    "Um quadrado `[x, y]` ou um retângulo `[x1, y1, x2, y2]`, cantos incluídos.",
  "Walls: nobody stands or walks there, a line through one is blocked, and one it grazes gives cover.":
    "Paredes: ninguém fica nem anda ali, uma linha que atravessa uma é bloqueada, e uma que ela raspa dá cobertura.",
  "Difficult terrain: a step into it costs `map.difficult` times.":
    "Terreno difícil: um passo nele custa `map.difficult` vezes.",
  "Cover squares (a low wall, a barricade): a blow whose line crosses one gives the target the system's `map.cover` condition.":
    "Quadrados de cobertura (um muro baixo, uma barricada): um golpe cuja linha cruza um dá ao alvo a condição `map.cover` do sistema.",
  "Start squares by combatant id or fight entry id (an entry of several takes them in turn); the others start on free squares, heroes from the left edge, enemies from the right.":
    "Quadrados iniciais por id de combatente ou id de entrada da luta (uma entrada de vários os ocupa por vez); os outros começam em quadrados livres, os heróis pela borda esquerda, os inimigos pela direita.",
  "Its start squares.":
    "Os seus quadrados iniciais.",
  "How each moves in its turn, by combatant id or entry id: `close` (to the nearest foe it can strike; the default for a melee first attack), `distance` (out of the foes' melee reach, in range: the default for a ranged one), `hold` (never walks), or `{ \"protect\": \"<ally id>\" }` (stays beside that ally); the object form `{ \"policy\": ..., \"dash\": true }` adds the Dash (the system's `map.dash`).":
    "Como cada um se move no seu turno, por id de combatente ou id de entrada: `close` (até o inimigo mais próximo que pode golpear; o padrão para um primeiro ataque corpo a corpo), `distance` (fora do alcance corpo a corpo dos inimigos, à distância: o padrão para um à distância), `hold` (nunca anda), ou `{ \"protect\": \"<ally id>\" }` (fica ao lado desse aliado); a forma de objeto `{ \"policy\": ..., \"dash\": true }` acrescenta a Disparada (o `map.dash` do sistema).",
  "A movement policy.":
    "Uma política de movimento.",
  "Close in, keep distance, or hold the square.":
    "Aproximar-se, manter distância ou segurar o quadrado.",
  "A policy with its options: `{ \"protect\": \"<ally id>\" }` stays beside that ally; `{ \"policy\": \"distance\", \"dash\": true }` keeps its distance and dashes.":
    "Uma política com as suas opções: `{ \"protect\": \"<ally id>\" }` fica ao lado desse aliado; `{ \"policy\": \"distance\", \"dash\": true }` mantém a sua distância e dispara.",
  "The ally's id: stay beside it (not with `policy`).":
    "O id do aliado: ficar ao lado dele (não com `policy`).",
  "Close in, keep distance, or hold the square (default: by its first attack, as when it is not named).":
    "Aproximar-se, manter distância ou segurar o quadrado (padrão: pelo seu primeiro ataque, como quando não é nomeado).",
  "true: it uses the system's `map.dash` ability when walking its speed once is not enough: closing in, when no foe is within reach of any of its blows after its walk; keeping distance, when it still stands in a foe's melee reach (it dashes out, to a square no foe reaches, instead of attacking) or no foe is in range; protecting, when it is not beside its ward. Default false.":
    "true: ele usa a habilidade `map.dash` do sistema quando andar o seu deslocamento uma vez não basta: ao se aproximar, quando nenhum inimigo está ao alcance de nenhum dos seus golpes depois da caminhada; ao manter distância, quando ainda está no alcance corpo a corpo de um inimigo (ele dispara para fora, para um quadrado que nenhum inimigo alcança, em vez de atacar) ou nenhum inimigo está ao alcance; ao proteger, quando não está ao lado do protegido. Padrão false.",
  "A card (issue 23): a rule its holder carries that fires when its event happens to it, and does what its `do` says. A system's cards are held by every combatant; a hero's, a creature's or a template's by that one only. Each firing is a `card` event in the log, before what its effects do. Cards that fire one another may nest 8 deep; deeper stops the fight with an error, and the checker refuses a card whose effect can fire its own event again.":
    "Uma carta (issue 23): uma regra que o seu portador tem e que dispara quando o seu evento acontece com ele, e faz o que o seu `do` diz. As cartas de um sistema são de todo combatente; as de um herói, de uma criatura ou de um template, só desse. Cada disparo é um evento `card` no registro, antes do que os seus efeitos fazem. Cartas que disparam umas às outras podem se aninhar 8 níveis; mais fundo para a luta com um erro, e o verificador recusa uma carta cujo efeito pode disparar de novo o seu próprio evento.",
  "Card id, unique in its list (named by the log's `card` event).":
    "Id da carta, único na sua lista (nomeado pelo evento `card` do registro).",
  "Display name, on its chip (default: the id in title case).":
    "Nome exibido, na sua ficha do registro (padrão: o id com iniciais maiúsculas).",
  "The event it fires on, for its holder: `fightStart` and `fightEnd` (the fight starting, after the starting conditions; ending, before the `fightEnd` event), `roundStart` (after late arrivals enter), `turnStart` and `turnEnd` (its own turn's start, just after the `turn` event; its end, before its conditions' saves and durations), `damageDealt` and `damageTaken` (damage of more than 0 after the steps it dealt or took: the target's cards first), `enemyDefeated` (a foe of its went down, whoever felled it), `down` (it went down itself), `conditionApplied` (a condition put on it, not one refreshed). A holder that is down fires nothing but its `down` cards.":
    "O evento em que ela dispara, para o seu portador: `fightStart` e `fightEnd` (a luta começando, depois das condições iniciais; terminando, antes do evento `fightEnd`), `roundStart` (depois de entrarem os que chegam tarde), `turnStart` e `turnEnd` (o início do seu próprio turno, logo depois do evento `turn`; o seu fim, antes dos testes de resistência e das durações das suas condições), `damageDealt` e `damageTaken` (dano de mais de 0 depois dos passos que ele causou ou sofreu: as cartas do alvo primeiro), `enemyDefeated` (um inimigo seu caiu, seja quem for que o derrubou), `down` (ele mesmo caiu), `conditionApplied` (uma condição posta nele, não uma renovada). Um portador caído não dispara nada além das suas cartas `down`.",
  "True when it fires; default always. Context `card`: the holder's sheet and the event's facts, `@event.amount` (the damage dealt or taken, else 0), `@event.source` (the id of the one who caused it, `''` if none), `@event.target` (the id of the one it happened to), `@event.type` (the damage type, the condition id, or how one fell: `dead`, `down`, `stable`; else `''`). `@event.amount >= 5`, `@event.type == 'fire'`, `@event.source == @id`.":
    "Verdadeiro quando ela dispara; padrão sempre. Contexto `card`: a ficha do portador e os fatos do evento, `@event.amount` (o dano causado ou sofrido, senão 0), `@event.source` (o id de quem o causou, `''` se ninguém), `@event.target` (o id daquele com quem aconteceu), `@event.type` (o tipo de dano, o id da condição, ou como alguém caiu: `dead`, `down`, `stable`; senão `''`). `@event.amount >= 5`, `@event.type == 'fire'`, `@event.source == @id`.",
  "What it does, in order, each on whom its `to` says.":
    "O que ela faz, em ordem, cada coisa em quem o seu `to` diz.",
  "What it does in words, the first half of its chip (`+1 damage until the end of the turn`); default: worded from `do`.":
    "O que ela faz em palavras, a primeira metade da sua ficha do registro (`+1 damage until the end of the turn`); padrão: redigido a partir de `do`.",
  "One effect of a card: exactly one of `apply`, `remove`, `gain`, `spend`, `heal`, `damage`, `grant`, on whom `to` says (its holder by default). Nobody down is affected.":
    "Um efeito de uma carta: exatamente um de `apply`, `remove`, `gain`, `spend`, `heal`, `damage`, `grant`, em quem `to` diz (o seu portador por padrão). Ninguém caído é afetado.",
  "On whom: `self` (the holder, default), the event's `source` or `target`, the holder's `allies` (the others of its side standing) or `enemies` (every foe standing).":
    "Em quem: `self` (o portador, padrão), a `source` ou o `target` do evento, os `allies` do portador (os outros do seu lado de pé) ou os `enemies` (todo inimigo de pé).",
  "Condition id put on (its source is the holder).":
    "Id da condição posta (a sua origem é o portador).",
  "Condition id taken off.":
    "Id da condição tirada.",
  "A track that fills, kept within 0 and its maximum (a `gain` event).":
    "Uma trilha que se enche, mantida entre 0 e o seu máximo (um evento `gain`).",
  "Track id (`rage`).":
    "Id da trilha (`rage`).",
  "How much, evaluated on the holder. Context `card`: the holder's sheet and the event's facts, `@event.amount` (the damage dealt or taken, else 0), `@event.source` (the id of the one who caused it, `''` if none), `@event.target` (the id of the one it happened to), `@event.type` (the damage type, the condition id, or how one fell: `dead`, `down`, `stable`; else `''`).":
    "Quanto, avaliado no portador. Contexto `card`: a ficha do portador e os fatos do evento, `@event.amount` (o dano causado ou sofrido, senão 0), `@event.source` (o id de quem o causou, `''` se ninguém), `@event.target` (o id daquele com quem aconteceu), `@event.type` (o tipo de dano, o id da condição, ou como alguém caiu: `dead`, `down`, `stable`; senão `''`).",
  "A track that empties by `amount`, never below 0 (a `gain` event with a negative amount; emptied hit points put it down).":
    "Uma trilha que se esvazia em `amount`, nunca abaixo de 0 (um evento `gain` com uma quantidade negativa; pontos de vida esvaziados o derrubam).",
  "Healing, never above the maximum (a `heal` event).":
    "Cura, nunca acima do máximo (um evento `heal`).",
  "How much, rolled on the holder's sheet: `1d4 + @level`. Context `card`: the holder's sheet and the event's facts, `@event.amount` (the damage dealt or taken, else 0), `@event.source` (the id of the one who caused it, `''` if none), `@event.target` (the id of the one it happened to), `@event.type` (the damage type, the condition id, or how one fell: `dead`, `down`, `stable`; else `''`).":
    "Quanto, rolado na ficha do portador: `1d4 + @level`. Contexto `card`: a ficha do portador e os fatos do evento, `@event.amount` (o dano causado ou sofrido, senão 0), `@event.source` (o id de quem o causou, `''` se ninguém), `@event.target` (o id daquele com quem aconteceu), `@event.type` (o tipo de dano, o id da condição, ou como alguém caiu: `dead`, `down`, `stable`; senão `''`).",
  "Track healed (default: the hit-point track).":
    "Trilha curada (padrão: a trilha de pontos de vida).",
  "Damage dealt by the holder, through the damage steps (a `damage` event); it may fire `damageDealt` and `damageTaken` cards.":
    "Dano causado pelo portador, pelos passos de dano (um evento `damage`); pode disparar cartas `damageDealt` e `damageTaken`.",
  "How much, rolled on the holder's sheet: `1d6`, `@event.amount / 2`. Context `card`: the holder's sheet and the event's facts, `@event.amount` (the damage dealt or taken, else 0), `@event.source` (the id of the one who caused it, `''` if none), `@event.target` (the id of the one it happened to), `@event.type` (the damage type, the condition id, or how one fell: `dead`, `down`, `stable`; else `''`).":
    "Quanto, rolado na ficha do portador: `1d6`, `@event.amount / 2`. Contexto `card`: a ficha do portador e os fatos do evento, `@event.amount` (o dano causado ou sofrido, senão 0), `@event.source` (o id de quem o causou, `''` se ninguém), `@event.target` (o id daquele com quem aconteceu), `@event.type` (o tipo de dano, o id da condição, ou como alguém caiu: `dead`, `down`, `stable`; senão `''`).",
  "Damage type (default: `combat.damage.types.default`).":
    "Tipo de dano (padrão: `combat.damage.types.default`).",
  "More actions of one kind for the recipient's act: this act when it is acting now, else its next one (a `turnStart` card's extra attack).":
    "Mais ações de um tipo para o ato de quem recebe: este ato quando está agindo agora, senão o seu próximo (o ataque extra de uma carta `turnStart`).",
  "How many (default 1). Context `card`: the holder's sheet and the event's facts, `@event.amount` (the damage dealt or taken, else 0), `@event.source` (the id of the one who caused it, `''` if none), `@event.target` (the id of the one it happened to), `@event.type` (the damage type, the condition id, or how one fell: `dead`, `down`, `stable`; else `''`).":
    "Quantas (padrão 1). Contexto `card`: a ficha do portador e os fatos do evento, `@event.amount` (o dano causado ou sofrido, senão 0), `@event.source` (o id de quem o causou, `''` se ninguém), `@event.target` (o id daquele com quem aconteceu), `@event.type` (o tipo de dano, o id da condição, ou como alguém caiu: `dead`, `down`, `stable`; senão `''`).",
};
