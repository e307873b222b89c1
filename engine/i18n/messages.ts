// The checker's messages in another language: a translation layer over the English message templates. Every
// diagnostic is built in English where the mistake is found (schema-errors.ts, json.ts, meaning.ts, formula/check.ts,
// formula/parser.ts, ...), and English stays the engine's language: the CLI, the language server and every test read
// it. A caller that wants Portuguese (the studio, the CLI under LANG=pt_BR) passes each message through
// `translateMessage(message, 'pt-BR')`: the first rule whose pattern matches the whole message rebuilds it from its
// parts (names, values and pointers are kept as they are; the English phrases inside, such as "the document" or
// "a whole number", go through `phrase`). A message no rule knows is returned unchanged, so a new English message
// is never lost, only not yet translated (`isTranslated` tells which; messages.test.ts lists the covered ones).
// This file imports nothing: every layer may use it.

export type MessageLocale = 'en' | 'pt-BR';

/** The locale of a POSIX environment (LC_ALL, then LC_MESSAGES, then LANG): `pt_BR.UTF-8` → pt-BR, else English. */
export function localeFromEnvironment(env: Readonly<Record<string, string | undefined>>): MessageLocale {
  const tag = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^pt([_-]|$|\.)/i.test(tag) ? 'pt-BR' : 'en';
}

/** Short English phrases that appear inside messages (types, values, places), and their Portuguese. */
const PHRASES: Readonly<Record<string, string>> = {
  'the document': 'o documento',
  'a list': 'uma lista',
  'an object': 'um objeto',
  'text (in double quotes)': 'texto (entre aspas duplas)',
  'a number': 'um número',
  'a whole number': 'um número inteiro',
  'true or false': 'true ou false',
  'a list [ ... ]': 'uma lista [ ... ]',
  'an object { ... }': 'um objeto { ... }',
  'a formula string': 'uma fórmula (texto)',
  'a formula string (true or false)': 'uma fórmula (texto) que dá true ou false',
  'something else': 'outra coisa',
  'a boolean (true or false)': 'um booleano (true ou false)',
  'a string': 'um texto',
  'any value': 'qualquer valor',
  'the number of dice': 'o número de dados',
  'the size of a die': 'o tamanho de um dado',
  "the test of '? :'": "o teste de '? :'",
  'the end of the formula': 'o fim da fórmula',
  "a number, a reference or '('": "um número, uma referência ou '('",
  'this field': 'este campo',
};

/** Where a formula context's names are readable (engine/schema/contexts.ts CONTEXTS[].where), in Portuguese. */
export const CONTEXT_PLACES: Readonly<Record<string, string>> = {
  'derived values, track maxima, hero numbers, action counts, condition edges and mods':
    'valores derivados, máximos de trilhas, números de heróis, contagens de ações, vantagens e modificadores de condições',
  'enemy templates': 'templates de inimigos',
  classes: 'classes',
  'user function bodies': 'corpos de funções do usuário',
  "a check's `roll`": 'o `roll` de um teste',
  "a check's outcomes (`when`, `degree`)": 'os resultados de um teste (`when`, `degree`)',
  "an outcome's `gain` amounts": 'as quantidades de `gain` de um resultado',
  'attack damage (`combat.attack.damage`, weapons, creature attacks)': 'dano de ataque (`combat.attack.damage`, armas, ataques de criaturas)',
  "an ability's damage": 'o dano de uma habilidade',
  "an enemy template's damage": 'o dano de um template de inimigo',
  '`combat.damage.steps`': '`combat.damage.steps`',
  '`combat.attack.defence`': '`combat.attack.defence`',
  '`combat.sustain.dc`': '`combat.sustain.dc`',
  "a condition's save `dc`": 'a `dc` do teste de resistência de uma condição',
  "an ability's save `dc`": 'a `dc` do teste de resistência de uma habilidade',
  'healing amounts': 'quantidades de cura',
  '`turn.clock` and `turn.initiative.passes`': '`turn.clock` e `turn.initiative.passes`',
  '`combat.targeting.canTarget`': '`combat.targeting.canTarget`',
  '`encounters.budget` (the difficulty budget of one enemy)': '`encounters.budget` (o orçamento de dificuldade de um inimigo)',
  "a reaction's `react.when`": 'o `react.when` de uma reação',
  "a card's `when` and the amounts of its `do`": 'o `when` de uma carta e as quantidades do seu `do`',
  "a hero's or an enemy's standing orders": 'as ordens permanentes de um herói ou de um inimigo',
};

/** The things an id names (meaning.ts `what`), in Portuguese, with the gender of "desconhecido/a". */
const THINGS: Readonly<Record<string, readonly [string, 'm' | 'f', string]>> = {
  check: ['teste', 'm', 'testes'],
  condition: ['condição', 'f', 'condições'],
  ability: ['habilidade', 'f', 'habilidades'],
  hero: ['herói', 'm', 'heróis'],
  creature: ['criatura', 'f', 'criaturas'],
  fight: ['luta', 'f', 'lutas'],
  action: ['ação', 'f', 'ações'],
  track: ['trilha', 'f', 'trilhas'],
  attribute: ['atributo', 'm', 'atributos'],
  list: ['lista', 'f', 'listas'],
  role: ['papel', 'm', 'papéis'],
  class: ['classe', 'f', 'classes'],
  template: ['template', 'm', 'templates'],
  'template role': ['papel de template', 'm', 'papéis de template'],
  party: ['grupo', 'm', 'grupos'],
  outcome: ['resultado', 'm', 'resultados'],
  attack: ['ataque', 'm', 'ataques'],
  'damage step': ['passo de dano', 'm', 'passos de dano'],
  position: ['posição', 'f', 'posições'],
  tag: ['tag', 'f', 'tags'],
  encounter: ['encontro', 'm', 'encontros'],
};
const THING_WORDS = Object.keys(THINGS).sort((a, b) => b.length - a.length).join('|');

/** A phrase of a message in Portuguese: a known phrase, one of `a or b`, a value, or (names, numbers) itself. */
function phrase(text: string): string {
  const known = PHRASES[text];
  if (known !== undefined) return known;
  let m = /^the text "(.*)"$/s.exec(text);
  if (m) return `o texto "${m[1]}"`;
  m = /^the number (.+)$/.exec(text);
  if (m) return `o número ${m[1]}`;
  m = /^argument (\d+) of (.+)$/.exec(text);
  if (m) return `o argumento ${m[1]} de ${m[2]}`;
  m = /^the tag (\[.*\])$/.exec(text);
  if (m) return `a tag ${m[1]}`;
  if (text.includes(' or ')) {
    const parts = splitAlternatives(text);
    if (parts.length > 1 && parts.every((p) => p !== text)) return parts.map(phrase).join(' ou ');
  }
  return text;
}

/** `a, b or c` → [a, b, c], keeping `true or false` and bracketed parts whole. */
function splitAlternatives(text: string): string[] {
  const protectedText = text.replace(/true or false/g, 'true\u0000false');
  return protectedText
    .split(/, | or /)
    .map((p) => p.replace(/\u0000/g, ' or '));
}

/** "in the document" / "in `x`": `no documento` / `em \`x\``. */
const inPlace = (where: string): string => (where === 'the document' ? 'no documento' : `em ${phrase(where)}`);

const CHARACTER_HINTS: Readonly<Record<string, string>> = {
  "use '==' to compare": "use '==' para comparar",
  "use 'and' (or '&&')": "use 'and' (ou '&&')",
  "use 'or' (or '||')": "use 'or' (ou '||')",
  "strings use single quotes: 'fire'": "textos usam aspas simples: 'fire'",
  "numbers need a digit before the point: '0.5'": "números precisam de um dígito antes do ponto: '0.5'",
};

/** `` `a`, `b` or `c` `` → `` `a`, `b` ou `c` ``. */
const orList = (list: string): string => list.replace(/` or `/g, '` ou `').replace(/' or '/g, "' ou '");

const didYouMean = (suggestion: string | undefined): string => (suggestion ? `; você quis dizer ${orList(suggestion)}?` : '');

type Rule = readonly [RegExp, (m: RegExpExecArray) => string];

/** Whole messages that are always the same words. */
const FIXED: Readonly<Record<string, string>> = {
  'a movement policy is `protect` (stay beside an ally) or `policy` (close, distance, hold), not both':
    'uma política de movimento é `protect` (ficar ao lado de um aliado) ou `policy` (close, distance, hold), não as duas',
  "`dash` needs the system's Dash: `map.dash`, an ability id (the Action spent to walk its speed again)":
    '`dash` precisa da Disparada do sistema: `map.dash`, um id de habilidade (a Ação gasta para andar o seu deslocamento de novo)',
  'this is not JSON here: expected a value, a key in double quotes, or punctuation':
    'isto não é JSON aqui: era esperado um valor, uma chave entre aspas duplas ou pontuação',
  'this number is not written as JSON writes numbers': 'este número não está escrito como o JSON escreve números',
  'expected a key in double quotes (is there a comma too many before this?)':
    'era esperada uma chave entre aspas duplas (há uma vírgula a mais antes daqui?)',
  'expected a value (a number, "text", true, false, null, an object or a list)':
    'era esperado um valor (um número, "texto", true, false, null, um objeto ou uma lista)',
  'expected a colon (:) after the key': 'eram esperados dois-pontos (:) depois da chave',
  'expected a comma (,) between the entries': 'era esperada uma vírgula (,) entre as entradas',
  'expected } to close the object': 'era esperado } para fechar o objeto',
  'expected ] to close the list': 'era esperado ] para fechar a lista',
  'expected the end of the file: there is text after the document': 'era esperado o fim do arquivo: há texto depois do documento',
  'comments are not allowed in JSON; put notes in a "description"': 'comentários não são permitidos em JSON; escreva notas em uma "description"',
  'this comment never ends; comments are not allowed in JSON anyway': 'este comentário nunca termina; de todo modo, comentários não são permitidos em JSON',
  'this text never ends: a closing double quote is missing': 'este texto nunca termina: falta a aspa dupla de fechamento',
  'this number ends too early': 'este número termina cedo demais',
  'invalid \\u escape: it needs four hex digits': 'escape \\u inválido: ele precisa de quatro dígitos hexadecimais',
  'invalid escape: use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX': 'escape inválido: use \\" \\\\ \\/ \\b \\f \\n \\r \\t ou \\uXXXX',
  'this character is not allowed inside JSON text (a line break or tab must be written \\n or \\t)':
    'este caractere não é permitido dentro de um texto JSON (uma quebra de linha ou tab se escreve \\n ou \\t)',
  'the file is empty: a system is one JSON object { ... }': 'o arquivo está vazio: um sistema é um objeto JSON { ... }',
  'the file ends before the document is complete: a closing } or ] is missing':
    'o arquivo termina antes de o documento estar completo: falta um } ou ] de fechamento',
  'this is not valid JSON': 'isto não é JSON válido',
  "found ')' without a matching '('": "há um ')' sem o '(' correspondente",
  "found '=' alone: use '==' to compare ('=' only follows the name of a 'let')":
    "há um '=' sozinho: use '==' para comparar ('=' só vem depois do nome de um 'let')",
  "expected the number of sides after 'd' (like 'd20', 'd%', 'dF' or 'd(@size)')":
    "era esperado o número de lados depois de 'd' (como 'd20', 'd%', 'dF' ou 'd(@size)')",
};

const WHERE = '(the document|`[^`]*`)';
const NAMES = '((?:`[^`]*`(?:, | or )?)+)';

/** One pattern a message template gives, and the Portuguese built from its parts. Order matters: first match wins. */
const RULES: readonly Rule[] = [
  // Rarer ones: a newer format, names, arity, recursion, limits, modes, mods, orders, fight ids, attribute bounds.
  [/^this file is written in rules format (\d+), newer than this app reads \((\d+)\); it is shown read-only: update Rules Studio to edit it$/,
    (m) => `este arquivo está no formato de regras ${m[1]}, mais novo do que o que este app lê (${m[2]}); ele é mostrado só para leitura: atualize o Rules Studio para editá-lo`],
  [/^`(.+)` is not a valid name in `(.+)`: A name read in formulas as `@name`: letters, digits and `_`, not starting with a digit\.$/,
    (m) => `\`${m[1]}\` não é um nome válido em \`${m[2]}\`: um nome lido nas fórmulas como \`@nome\`: letras, dígitos e \`_\`, sem começar por um dígito.`],
  [/^`(.+)` is not a valid name in `(.+)`: (.+)$/s, (m) => `\`${m[1]}\` não é um nome válido em \`${m[2]}\`: ${m[3]}`],
  [/^(\S+)\((.*)\) takes (\d+) arguments?, but got (\d+)$/, (m) => `${m[1]}(${m[2]}) recebe ${m[3]} argumento${m[3] === '1' ? '' : 's'}, mas recebeu ${m[4]}`],
  [/^function `(.+)` calls itself \((.+)\); recursion is not allowed$/, (m) => `a função \`${m[1]}\` chama a si mesma (${m[2]}); recursão não é permitida`],
  [/^a die of ([\d,]+) sides is over the limit of ([\d,]+)$/, (m) => `um dado de ${m[1]!.replace(/,/g, '.')} faces passa do limite de ${m[2]!.replace(/,/g, '.')}`],
  [/^`combat\.mode` is `consequences` but there is no `combat\.consequences`$/, () => '`combat.mode` é `consequences`, mas não há `combat.consequences`'],
  [/^no condition declares a mod `(.+)` \(conditions' `mods` name them\)$/, (m) => `nenhuma condição declara um mod \`${m[1]}\` (os \`mods\` das condições os nomeiam)`],
  [/^this order uses `(.+)`, which is not among the hero's `abilities`$/, (m) => `esta ordem usa \`${m[1]}\`, que não está entre as \`abilities\` do herói`],
  [/^`(.+)` is not a hero or enemy id of this fight(?:; did you mean `(.+)`\?)?$/, (m) => `\`${m[1]}\` não é id de um herói ou inimigo desta luta${m[2] ? `; você quis dizer \`${m[2]}\`?` : ''}`],
  [/^`(.+)` \((.+)\) is (.+) here, below its lowest allowed value (.+) \(`(.+)`\)$/, (m) => `\`${m[1]}\` (${m[2]}) vale ${m[3]} aqui, abaixo do menor valor permitido, ${m[4]} (\`${m[5]}\`)`],
  [/^`(.+)` \((.+)\) is (.+) here, above its highest allowed value (.+) \(`(.+)`\)$/, (m) => `\`${m[1]}\` (${m[2]}) vale ${m[3]} aqui, acima do maior valor permitido, ${m[4]} (\`${m[5]}\`)`],
  [/^`(.+)` \((.+)\) is (.+) here, but only whole numbers are allowed \(`(.+)`\)$/, (m) => `\`${m[1]}\` (${m[2]}) vale ${m[3]} aqui, mas só números inteiros são permitidos (\`${m[4]}\`)`],
  [/^the highest allowed value of `(.+)` \((.+)\) is below its lowest \((.+)\)$/, (m) => `o maior valor permitido de \`${m[1]}\` (${m[2]}) está abaixo do menor (${m[3]})`],
  [/^a card's effect does exactly one thing: one of (.+) \(this one has none\)$/, (m) => `o efeito de uma carta faz exatamente uma coisa: um de ${m[1]} (este não faz nenhuma)`],
  [/^unknown effect `(.+)` in `(.+)` \(there are no effects yet: add them under `(.+)`\)$/, (m) => `efeito desconhecido \`${m[1]}\` em \`${m[2]}\` (ainda não há efeitos: adicione-os em \`${m[3]}\`)`],
  [/^unknown effect `(.+)` in `(.+)`$/, (m) => `efeito desconhecido \`${m[1]}\` em \`${m[2]}\``],
  [/^`@roll\.(.+)` needs a tagged term in the check's roll, like `(.+)`$/, (m) => `\`@roll.${m[1]}\` precisa de um termo marcado na rolagem do teste, como \`${m[2]}\``],
  [/^no reaction ability has the id `(.+)`$/, (m) => `nenhuma habilidade de reação tem o id \`${m[1]}\``],
  [/^`(.+)` the text "(.*)" is not valid: An id: letters, digits, `_`, `-` and `\.`, starting with a letter or digit\.$/s,
    (m) => `\`${m[1]}\`: o texto "${m[2]}" não é válido: um id: letras, dígitos, \`_\`, \`-\` e \`.\`, começando por uma letra ou um dígito.`],
  [/^`combat\.mode` is `numbers` but there is no `combat\.attack` \(which check, what damage, what defence\)$/,
    () => '`combat.mode` é `numbers`, mas não há `combat.attack` (qual teste, que dano, que defesa)'],
  [/^this order uses `(.+)`, which is not among its `abilities`$/, (m) => `esta ordem usa \`${m[1]}\`, que não está entre as suas \`abilities\``],
  // The sheet a formula hover reads (editor/formulaTools.ts sheetLabel), as the hover's "Lido {sheet}:" puts it.
  [/^the (.+) template at tier (\d+)$/, (m) => `no template ${m[1]} no tier ${m[2]}`],
  [/^(.+)'s sheet$/, (m) => `na ficha de ${m[1]}`],
  // JSON syntax
  [/^a comma before (.) is not allowed in JSON \(remove the trailing comma\)$/, (m) => `uma vírgula antes de ${m[1]} não é permitida em JSON (tire a vírgula final)`],
  [/^JSON syntax error \((.+)\)$/, (m) => `erro de sintaxe JSON (${m[1]})`],
  [/^could not read this file as JSON: (.*)$/s, (m) => `não foi possível ler este arquivo como JSON: ${m[1]}`],
  [/^the key "(.*)" appears twice in this object; JSON keeps only the last one$/, (m) => `a chave "${m[1]}" aparece duas vezes neste objeto; o JSON guarda só a última`],
  [/^this file is (\d+) MB; a system file may be at most (\d+) MB$/, (m) => `este arquivo tem ${m[1]} MB; um arquivo de sistema pode ter no máximo ${m[2]} MB`],
  [/^nesting is deeper than (\d+) levels of objects and lists$/, (m) => `o aninhamento passa de ${m[1]} níveis de objetos e listas`],
  // Unknown keys, did you mean
  [
    new RegExp(`^unknown key \`([^\`]*)\` in ${WHERE}(?:; did you mean \`([^\`]*)\`\\?)? \\(any other key here must be (.+); got (.+)\\)$`),
    (m) => `chave desconhecida \`${m[1]}\` ${inPlace(m[2]!)}${didYouMean(m[3] && `\`${m[3]}\``)} (qualquer outra chave aqui deve ser ${phrase(m[4]!)}, mas é ${phrase(m[5]!)})`,
  ],
  [
    new RegExp(`^unknown key \`([^\`]*)\` in ${WHERE}(?:; did you mean \`([^\`]*)\`\\?|; known keys: (.*))?$`),
    (m) => `chave desconhecida \`${m[1]}\` ${inPlace(m[2]!)}${m[3] ? didYouMean(`\`${m[3]}\``) : m[4] ? `; chaves conhecidas: ${m[4]}` : ''}`,
  ],
  // Missing required fields
  [new RegExp(`^${WHERE} is missing ${NAMES}(?: \\((.*)\\))?$`, 's'), (m) => `${/`, `|` or `/.test(m[2]!) ? 'faltam' : 'falta'} ${m[2]!.replace(/` or `/g, '` e `')} ${inPlace(m[1]!)}`],
  [new RegExp(`^${WHERE} needs one of ${NAMES}$`), (m) => `${phrase(m[1]!)} precisa de um destes: ${orList(m[2]!)}`],
  [new RegExp(`^${WHERE} has \`([^\`]*)\` but no \`([^\`]*)\`$`), (m) => `${phrase(m[1]!)} tem \`${m[2]}\`, mas não tem \`${m[3]}\``],
  // Wrong types and values
  [
    new RegExp(`^${WHERE} must be one of (.+); got (.+?)(?: \\(did you mean \`([^\`]*)\`\\?\\))?$`),
    (m) => `${phrase(m[1]!)} deve ser um destes: ${m[2]}, mas é ${phrase(m[3]!)}${m[4] ? ` (você quis dizer \`${m[4]}\`?)` : ''}`,
  ],
  [new RegExp(`^${WHERE} must be at least (\\S+); got (.+)$`), (m) => `${phrase(m[1]!)} deve ser no mínimo ${m[2]}, mas é ${m[3]}`],
  [new RegExp(`^${WHERE} must be at most (\\S+); got (.+)$`), (m) => `${phrase(m[1]!)} deve ser no máximo ${m[2]}, mas é ${m[3]}`],
  [new RegExp(`^${WHERE} must be (.+); got (.+)$`), (m) => `${phrase(m[1]!)} deve ser ${phrase(m[2]!)}, mas é ${phrase(m[3]!)}`],
  [new RegExp(`^${WHERE} must not be empty$`), (m) => `${phrase(m[1]!)} não pode ficar vazio`],
  [new RegExp(`^${WHERE} may hold at most (\\d+) entries; it has (\\S+)$`), (m) => `${phrase(m[1]!)} pode ter no máximo ${m[2]} entradas; tem ${m[3]}`],
  [new RegExp(`^${WHERE} needs at least (\\d+) entries$`), (m) => `${phrase(m[1]!)} precisa de pelo menos ${m[2]} entradas`],
  [new RegExp(`^${WHERE} lists the same entry twice$`), (m) => `${phrase(m[1]!)} lista a mesma entrada duas vezes`],
  // Formulas: references, functions, types
  [/^unknown reference `([^`]*)`(?:; did you mean (.+)\?)?$/, (m) => `referência desconhecida \`${m[1]}\`${didYouMean(m[2])}`],
  [/^unknown function `([^`]*)`(?:; did you mean (.+)\?)?$/, (m) => `função desconhecida \`${m[1]}\`${didYouMean(m[2])}`],
  [/^this field needs (.+), but the formula gives (.+)$/, (m) => `este campo precisa de ${phrase(m[1]!)}, mas a fórmula dá ${phrase(m[2]!)}`],
  [/^(.+) is (a number|a boolean \(true or false\)|a string|a list|any value), but (.+) needs (.+)$/, (m) => `${m[1]} é ${phrase(m[2]!)}, mas ${phrase(m[3]!)} precisa de ${phrase(m[4]!)}`],
  [/^(division|remainder) by zero: (.+)$/, (m) => `${m[1] === 'division' ? 'divisão' : 'resto de divisão'} por zero: ${m[2]}`],
  [/^in (`[^`]*`): (.+)$/s, (m) => `em ${m[1]}: ${translateMessage(m[2]!, 'pt-BR')}`],
  [/^long range \((\d+) squares\) is short of the normal range `squares` \((\d+)\): give long from (\d+) on, or leave it out \(no long range\)$/,
    (m) => `o alcance longo (${m[1]} quadrados) é menor que o alcance normal \`squares\` (${m[2]}): dê long a partir de ${m[3]}, ou tire-o (sem alcance longo)`],
  // Meaning: ids
  [
    new RegExp(`^unknown (${THING_WORDS}) \`([^\`]*)\` in \`([^\`]*)\`(?:; did you mean \`([^\`]*)\`\\?| \\(there are no (?:${THING_WORDS})s(?: yet)?: add them under \`([^\`]*)\`\\))?$`),
    (m) => {
      const [word, gender, plural] = THINGS[m[1]!]!;
      const none = m[5] ? ` (ainda não há ${plural}: acrescente em \`${m[5]}\`)` : '';
      return `${word} ${gender === 'f' ? 'desconhecida' : 'desconhecido'} \`${m[2]}\` em \`${m[3]}\`${didYouMean(m[4] && `\`${m[4]}\``)}${none}`;
    },
  ],
  [
    new RegExp(`^the (${THING_WORDS}) id \`([^\`]*)\` is used twice in \`([^\`]*)\`$`),
    (m) => `o id de ${THINGS[m[1]!]![0]} \`${m[2]}\` aparece duas vezes em \`${m[3]}\``,
  ],
  [/^derived values read each other in a circle: (.+)$/, (m) => `valores derivados leem uns aos outros em círculo: ${m[1]}`],
  [/^a template for the role `([^`]*)` is already defined; each role has one template$/, (m) => `já existe um template para o papel \`${m[1]}\`; cada papel tem um template`],
  [/^(`@[^`]*`) is only readable in (.+?)(; \.\.\.)?$/, (m) => `${m[1]} só pode ser lido em ${m[2]!.split('; ').map((place) => CONTEXT_PLACES[place] ?? place).join('; ')}${m[3] ?? ''}`],
  // Formula syntax
  [/^unexpected characters? '(.*?)'(?:; (.+))?$/s, (m) => `caractere inesperado '${m[1]}'${m[2] ? `; ${CHARACTER_HINTS[m[2]] ?? m[2]}` : ''}`],
  [/^expected '\)' to close '\('(?: after (.+?))?, but found (.+)$/, (m) => `era esperado ')' para fechar '('${m[1] ? ` depois de ${phrase(m[1])}` : ''}, mas veio ${phrase(m[2]!)}`],
  [/^expected an operator or the end of the formula, but found (.+)$/, (m) => `era esperado um operador ou o fim da fórmula, mas veio ${phrase(m[1]!)}`],
  [/^'([^']*)' is not a value: write '@([^']*)' for a reference or '([^']*)\(…\)' to call a function$/, (m) => `'${m[1]}' não é um valor: escreva '@${m[2]}' para uma referência ou '${m[3]}(…)' para chamar uma função`],
  [/^expected (.+?)(?: after (.+?))?, but found (.+)$/, (m) => `era esperado ${phrase(m[1]!)}${m[2] ? ` depois de ${phrase(m[2])}` : ''}, mas veio ${phrase(m[3]!)}`],
];

/** The message in `locale`: unchanged in English or when no rule knows it. */
export function translateMessage(message: string, locale: MessageLocale): string {
  if (locale === 'en') return message;
  const fixed = FIXED[message];
  if (fixed !== undefined) return fixed;
  for (const [pattern, build] of RULES) {
    const m = pattern.exec(message);
    if (m) return build(m);
  }
  return message;
}

/** Whether the layer knows this message (a rule or a fixed text matches it). */
export function isTranslated(message: string): boolean {
  return FIXED[message] !== undefined || RULES.some(([pattern]) => pattern.test(message));
}
