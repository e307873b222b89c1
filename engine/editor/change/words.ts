// The words of a change asked in words (engine/editor/change/parse.ts), English and Portuguese (pt-BR), after
// normalization: lower case, accents dropped ("difíceis" → "dificeis", "é" → "e"), apostrophes dropped. Each entry is
// a phrase of whole words; longer phrases are tried first. The roles come from the system's own templates (their
// `role` and `name`); the four roles of the spec also answer to their usual words in both languages.

export type Stat = 'hp' | 'defence' | 'attack' | 'damage';
export type Direction = 'up' | 'down';

const split = (phrases: readonly string[]): string[][] => phrases.map((p) => p.split(' '));

/** The numbers a change can name. */
export const STAT_WORDS: Readonly<Record<Stat, readonly string[][]>> = {
  hp: split(['hit points', 'hit point', 'hitpoints', 'hp', 'hps', 'health', 'life', 'pontos de vida', 'ponto de vida', 'pv', 'pvs', 'vida']),
  defence: split(['defence', 'defense', 'armor class', 'armour class', 'ac', 'defesa', 'classe de armadura', 'ca']),
  attack: split(['attack bonus', 'attack', 'to hit', 'accuracy', 'bonus de ataque', 'ataque', 'acerto']),
  damage: split(['damage', 'dano', 'danos']),
};

/** One preset: what a word such as "harder" changes, by the documented default. */
export interface Preset {
  readonly name: string;
  readonly changes: readonly { readonly stat: Stat; readonly op: 'times' | 'plus'; readonly by: number }[];
  readonly direction: Direction;
}

/** "harder" = +25% hit points and +1 defence; "easier" undoes about as much; "hit harder" = +25% damage. */
export const PRESETS: Readonly<Record<string, Preset>> = {
  harder: { name: 'harder', direction: 'up', changes: [{ stat: 'hp', op: 'times', by: 1.25 }, { stat: 'defence', op: 'plus', by: 1 }] },
  easier: { name: 'easier', direction: 'down', changes: [{ stat: 'hp', op: 'times', by: 0.8 }, { stat: 'defence', op: 'plus', by: -1 }] },
  hitHarder: { name: 'hit harder', direction: 'up', changes: [{ stat: 'damage', op: 'times', by: 1.25 }] },
  hitSofter: { name: 'hit softer', direction: 'down', changes: [{ stat: 'damage', op: 'times', by: 0.8 }] },
  accurate: { name: 'hit more often', direction: 'up', changes: [{ stat: 'attack', op: 'plus', by: 1 }] },
  inaccurate: { name: 'hit less often', direction: 'down', changes: [{ stat: 'attack', op: 'plus', by: -1 }] },
};

const HIT_VERBS = ['hit', 'hits', 'strike', 'strikes', 'punch', 'punches'];
const PT_HIT_VERBS = ['batem', 'bate', 'bater', 'batam', 'bata', 'acertam', 'acerta', 'acertar', 'acertem', 'golpeiam', 'golpeia', 'golpear', 'golpeiem'];
const withVerbs = (verbs: readonly string[], tails: readonly string[]): string[] => verbs.flatMap((v) => tails.map((t) => `${v} ${t}`));

export const PRESET_WORDS: Readonly<Record<keyof typeof PRESETS, readonly string[][]>> = {
  harder: split(['harder', 'tougher', 'stronger', 'more difficult', 'more dangerous', 'more challenging', 'mais dificeis', 'mais dificil',
    'mais duros', 'mais duro', 'mais duras', 'mais dura', 'mais fortes', 'mais forte', 'mais perigosos', 'mais perigoso', 'mais perigosas',
    'mais desafiadores', 'mais resistentes', 'mais resistente']),
  easier: split(['easier', 'weaker', 'softer', 'less difficult', 'less dangerous', 'mais faceis', 'mais facil', 'mais fracos', 'mais fraco',
    'mais fracas', 'mais fraca', 'menos dificeis', 'menos dificil', 'menos perigosos', 'menos perigoso']),
  hitHarder: split([...withVerbs(HIT_VERBS, ['harder', 'stronger']), ...withVerbs(PT_HIT_VERBS, ['mais forte', 'com mais forca', 'mais pesado'])]),
  hitSofter: split([...withVerbs(HIT_VERBS, ['softer', 'weaker', 'less hard', 'lighter']),
    ...withVerbs(PT_HIT_VERBS, ['mais fraco', 'menos forte', 'com menos forca', 'mais leve'])]),
  accurate: split([...withVerbs(HIT_VERBS, ['more often']), 'more accurate', 'acertam mais', 'acerta mais', 'acertem mais', 'mais precisos', 'mais preciso', 'mais precisas']),
  inaccurate: split([...withVerbs(HIT_VERBS, ['less often']), 'less accurate', 'acertam menos', 'acerta menos', 'acertem menos', 'menos precisos', 'menos preciso', 'mais imprecisos']),
};

/** Words that say which way a number goes. */
export const DIRECTION_WORDS: Readonly<Record<Direction, readonly string[][]>> = {
  up: split(['more', 'increase', 'increased', 'raise', 'raised', 'boost', 'boosted', 'add', 'higher', 'bigger', 'greater', 'extra', 'mais',
    'aumente', 'aumentar', 'aumenta', 'aumentem', 'aumentado', 'suba', 'subir', 'eleve', 'elevar', 'maior', 'maiores']),
  down: split(['less', 'fewer', 'decrease', 'decreased', 'reduce', 'reduced', 'lower', 'lowered', 'cut', 'smaller', 'menos', 'diminua',
    'diminuir', 'diminui', 'diminuam', 'reduza', 'reduzir', 'reduz', 'reduzam', 'abaixe', 'abaixar', 'menor', 'menores']),
};

/** Factors said in words. */
export const FACTOR_WORDS: readonly { readonly words: readonly string[]; readonly factor: number }[] = [
  ...split(['half', 'halve', 'halved', 'metade', 'pela metade']).map((words) => ({ words, factor: 0.5 })),
  ...split(['double', 'doubled', 'twice', 'dobro', 'dobre', 'dobrar', 'dobrem', 'dobrado']).map((words) => ({ words, factor: 2 })),
  ...split(['triple', 'tripled', 'thrice', 'triplo', 'triplique', 'triplicar', 'triplicado']).map((words) => ({ words, factor: 3 })),
];

/** Numbers said in words (not "one"/"um", which are articles as often as numbers). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10,
};

export const PERCENT_WORDS = split(['%', 'percent', 'per cent', 'pct', 'por cento']);
export const TIMES_WORDS = split(['times', 'x', 'vezes']);
/** After a number: its direction (`2 more`, `2 a mais`). */
export const AFTER_NUMBER: Readonly<Record<Direction, readonly string[][]>> = {
  up: split(['more', 'extra', 'a mais', 'mais']),
  down: split(['less', 'fewer', 'a menos', 'menos']),
};
/** After a percentage: it is a share of the number (`50% of the hit points`, `50% dos pontos de vida`). */
export const SHARE_OF = split(['of', 'of the', 'de', 'do', 'dos', 'da', 'das']);

export const TIER_WORDS = ['tier', 'tiers', 'nivel', 'niveis', 'patamar', 'patamares'];
/** Before the tier words. */
export const TIER_BEFORE = {
  from: split(['from', 'starting at', 'starting from', 'beginning at', 'a partir do', 'a partir de', 'a partir da', 'a partir dos', 'desde o', 'desde']),
  above: split(['above', 'over', 'acima do', 'acima de', 'depois do']),
  upTo: split(['up to', 'until', 'through', 'ate o', 'ate']),
  below: split(['below', 'under', 'abaixo do', 'abaixo de', 'antes do']),
  between: split(['between', 'entre os', 'entre']),
  at: split(['at', 'in', 'on', 'for', 'of', 'no', 'nos', 'na', 'nas', 'em', 'do', 'dos', 'de']),
};
/** After the tier numbers. */
export const TIER_AFTER = {
  from: split(['and up', 'and above', 'and higher', 'and over', 'and beyond', 'or higher', 'or above', 'or more', 'onwards', 'onward', 'up',
    'em diante', 'para cima', 'pra cima', 'ou mais', 'ou acima', 'e acima']),
  upTo: split(['and below', 'and lower', 'and under', 'or lower', 'or below', 'or less', 'down', 'ou menos', 'ou abaixo', 'para baixo',
    'pra baixo', 'e abaixo']),
};
export const LIST_JOINERS = [',', 'and', 'e', '&', 'or', 'ou'];
export const RANGE_JOINERS = ['-', 'to', 'through', 'thru', 'a', 'ao', 'ate'];
export const EVERY_TIER = split(['every tier', 'all tiers', 'each tier', 'at every tier', 'at all tiers', 'in every tier', 'todos os tiers',
  'em todos os tiers', 'cada tier', 'em cada tier', 'todos os niveis']);

/** The spec's four roles in both languages (only read when the system has that role). */
export const ROLE_SYNONYMS: Readonly<Record<string, readonly string[][]>> = {
  minion: split(['minion', 'minions', 'lacaio', 'lacaios', 'capanga', 'capangas', 'asseclas', 'mook', 'mooks']),
  standard: split(['standard', 'standards', 'padrao', 'padroes', 'comum', 'comuns', 'regular', 'regulars', 'normal', 'normais']),
  elite: split(['elite', 'elites']),
  boss: split(['boss', 'bosses', 'chefe', 'chefes', 'chefao', 'chefoes', 'chefona', 'chefonas']),
};
/** Every role at once. */
export const ALL_ROLES = split(['all enemies', 'every enemy', 'enemies', 'all templates', 'every template', 'templates', 'all monsters', 'monsters',
  'everyone', 'todos os inimigos', 'inimigos', 'todos os templates', 'todos os monstros', 'monstros', 'todo inimigo']);

export const GRID_WORDS: Readonly<Record<'gridless' | 'grid', readonly string[][]>> = {
  gridless: split(['gridless', 'no grid', 'without a grid', 'without grid', 'without a battle map', 'without a map', 'not on a grid',
    'not played on a grid', 'sem grade', 'sem grid', 'sem mapa', 'sem grade de batalha', 'sem mapa de batalha', 'nao usa grade', 'nao tem grade']),
  grid: split(['uses a grid', 'use a grid', 'on a grid', 'grid based', 'with a grid', 'has a grid', 'square based', 'on squares', 'com grade',
    'usa grade', 'usa uma grade', 'em grade', 'tem grade', 'usa grid', 'com grid', 'com mapa de batalha', 'em quadrados']),
};

/** Words that carry no meaning of their own here (articles, verbs like "make", "have"). */
export const FILLERS: ReadonlySet<string> = new Set([
  // English
  'make', 'makes', 'made', 'let', 'lets', 'the', 'a', 'an', 'have', 'has', 'had', 'get', 'gets', 'give', 'gives', 'with', 'for', 'every', 'their',
  'them', 'they', 'to', 'of', 'our', 'my', 'please', 'should', 'be', 'are', 'is', 'now', 'so', 'that', 'by', 'at', 'in', 'on', 'and', 'this',
  'system', 'these', 'those', 'fights', 'fight', 'played', 'play', 'it', 'its', 'i', 'want', 'would', 'like', 'can', 'you', 'deal', 'deals',
  'do', 'does', 'all', 'enemy', 'enemies', 'template', 'templates', 'role', 'roles', 'just', 'only', 'each', 'one', 'little', 'bit', 'much',
  'here', 'we', 'us', 'them', 'than', 'now', 'game', 'rules',
  // Português
  'deixe', 'deixa', 'deixar', 'deixem', 'faca', 'faz', 'fazer', 'facam', 'torne', 'tornar', 'torna', 'tornem', 'os', 'as', 'o', 'um', 'uma',
  'que', 'tenham', 'tem', 'ter', 'tenha', 'ganhem', 'ganham', 'ganhe', 'recebam', 'com', 'de', 'do', 'da', 'dos', 'das', 'para', 'pra', 'por',
  'favor', 'todos', 'todas', 'sejam', 'seja', 'fiquem', 'ficam', 'fique', 'ficar', 'sao', 'agora', 'e', 'sua', 'seu', 'suas', 'seus', 'nos',
  'no', 'na', 'nas', 'em', 'esse', 'este', 'esta', 'essa', 'sistema', 'lutas', 'luta', 'combates', 'combate', 'jogadas', 'jogado', 'jogo',
  'eu', 'quero', 'gostaria', 'voce', 'pode', 'deem', 'de', 'causem', 'causam', 'causa', 'cause', 'inimigo', 'inimigos', 'so', 'apenas',
  'cada', 'pouco', 'ao', 'pelos', 'pelas', 'pelo', 'pela', 'regras', 'ja', 'aqui',
  // punctuation
  ',', '.', '!', '?', ';', ':', '"', '(', ')',
]);
