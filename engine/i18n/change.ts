// What a change asked in words understood, what it misses and its notes (engine/editor/change/: parse.ts, plan.ts), in
// another language: a translation layer over the English the parser writes, as messages.ts is for the checker.
// English stays the parser's language (`rules-studio change`, its tests); the studio passes each line through
// `translateChangeText(line, 'pt-BR')`. Roles, formulas, numbers and what the user typed are kept as written; a line
// no rule knows is returned unchanged.
// This file imports nothing: every layer may use it.
import type { MessageLocale } from './messages';

const STATS: Readonly<Record<string, string>> = { 'hit points': 'pontos de vida', defence: 'defesa', attack: 'ataque', damage: 'dano' };
const STAT = '(hit points|defence|attack|damage)';
/** How a preset or an amount was said (words.ts PRESETS' names, parse.ts's `said`). */
const SAID: Readonly<Record<string, string>> = {
  harder: 'mais difícil', easier: 'mais fácil', 'hit harder': 'batem mais forte', 'hit softer': 'batem mais fraco',
  'hit more often': 'acertam mais', 'hit less often': 'acertam menos', 'more (+25%)': 'mais (+25%)', 'less (−20%)': 'menos (−20%)',
  'more (+1)': 'mais (+1)', 'less (−1)': 'menos (−1)', half: 'metade', halve: 'metade', halved: 'metade', double: 'dobro',
  doubled: 'dobro', twice: 'dobro', triple: 'triplo', tripled: 'triplo', thrice: 'triplo',
};
const tiersPt = (list: string): string => list.replace(/, /g, ', ');
const statPt = (s: string): string => STATS[s] ?? s;
/** A leading number name in Portuguese (`defence 2` → `defesa 2`). */
const lead = (s: string): string => s.replace(new RegExp(`^${STAT}`), (name) => statPt(name));

type Rule = readonly [RegExp, (m: RegExpExecArray) => string];

const RULES: readonly Rule[] = [
  // Understood
  [/^role (.+)$/, (m) => `papel ${m[1]}`],
  [/^roles (.+)$/, (m) => `papéis ${m[1]}`],
  [/^every role$/, () => 'todos os papéis'],
  [/^every tier$/, () => 'todos os tiers'],
  [/^tier (\S+)$/, (m) => `tier ${m[1]}`],
  [/^tiers (.+)$/, (m) => `tiers ${tiersPt(m[1]!)}`],
  [/^fights on a grid$/, () => 'lutas em grade'],
  [/^fights without a grid$/, () => 'lutas sem grade'],
  [new RegExp(`^${STAT} (\\S+(?: \\(×[\\d.]+\\))?)(?: \\((.+)\\))?$`), (m) => `${statPt(m[1]!)} ${m[2]}${m[3] ? ` (${SAID[m[3]] ?? m[3].replace(/ of$/, ' de')})` : ''}`],
  // Missing
  [/^which enemies \(roles: (.+)\)\?$/, (m) => `quais inimigos (papéis: ${m[1]})?`],
  [/^this system has no enemy templates$/, () => 'este sistema não tem templates de inimigos'],
  [/^what to change \(harder, easier, hit harder, or a number and an amount: `half the hit points`\)$/,
    () => 'o que mudar (mais difíceis, mais fáceis, batem mais forte, ou um número e uma quantidade: `metade dos pontos de vida`)'],
  [new RegExp(`^by how much should ${STAT} change\\?$`), (m) => `quanto ${statPt(m[1]!)} deve mudar?`],
  [/^(.+): of which number \(hit points, defence, attack or damage\)\?$/, (m) => `${m[1]}: de qual número (pontos de vida, defesa, ataque ou dano)?`],
  [/^(.+): more or less \((.+) or (.+)\)\?$/, (m) => `${lead(m[1]!)}: mais ou menos (${m[2]} ou ${m[3]})?`],
  [/^(.+): more or less\?$/, (m) => `${lead(m[1]!)}: mais ou menos?`],
  [/^(.+): a factor must be above 0 and at most (\d+)$/, (m) => `${lead(m[1]!)}: um fator deve ser maior que 0 e no máximo ${m[2]}`],
  [/^(.+) is out of reach \(at most (.+), less than (.+)\)$/, (m) => `${lead(m[1]!)} está fora de alcance (no máximo ${m[2]}; menos de ${m[3]} não dá)`],
  [new RegExp(`^${STAT} is changed twice: one change of each number at a time$`), (m) => `${statPt(m[1]!)} muda duas vezes: uma mudança de cada número por vez`],
  [/^one request at a time: either the grid or a template change$/, () => 'um pedido por vez: ou a grade ou uma mudança de template'],
  [/^tier (\d+) is outside this system's tiers (\d+)–(\d+)$/, (m) => `o tier ${m[1]} está fora dos tiers deste sistema, ${m[2]}–${m[3]}`],
  [/^tiers (\d+) to (\d+) run backwards$/, (m) => `os tiers ${m[1]} a ${m[2]} estão de trás para a frente`],
  [/^a request is at most (\d+) characters$/, (m) => `um pedido tem no máximo ${m[1]} caracteres`],
  [/^a request: say who changes and how \(`make bosses harder from tier 3`\)$/, () => 'um pedido: diga quem muda e como (`deixe os chefes mais difíceis a partir do tier 3`)'],
  // Notes of a plan
  [/^the system already says "grid": (true|false); nothing to change$/, (m) => `o sistema já diz "grid": ${m[1]}; nada a mudar`],
  [/^the simulator places combatants in bands with or without a grid \(spec §2\.9\): no fight changes$/,
    () => 'o simulador põe os combatentes em faixas com ou sem grade (spec §2.9): nenhuma luta muda'],
  [/^(.+): (.+) does not parse as a formula; left as it is$/, (m) => `${m[1]}: ${m[2]} não é uma fórmula válida; ficou como estava`],
  [/^(.+): (.+) stays (.+) \((.+), rounded\)$/, (m) => `${m[1]}: ${m[2]} continua ${m[3]} (${translateChangeText(m[4]!, 'pt-BR')}, arredondado)`],
];

/** A line of the change box (understood, missing, a note) in `locale`; English and unknown lines as they are. */
export function translateChangeText(line: string, locale: MessageLocale): string {
  if (locale === 'en') return line;
  for (const [pattern, build] of RULES) {
    const m = pattern.exec(line);
    if (m) return build(m);
  }
  return line;
}

/** Whether a rule knows the line (change.test.ts checks every line its requests give). */
export function isChangeTextTranslated(line: string): boolean {
  return RULES.some(([pattern]) => pattern.test(line));
}
