// The studio's language: one message catalog (en.ts, and pt-BR.ts with the same keys), the locale as reactive state
// (so every `t()` read in a template follows a switch), and the checker's messages through the engine's translation
// layer (engine/i18n). English is the source; a key is a dotted place in the interface ('toolbar.save').
import { en, type MessageKey } from './en';
import { ptBR } from './pt-BR';
import { ENGLISH_HOVER_WORDS, translateChangeText, translateChip, translateMessage, type HoverWords, type MessageLocale } from '../../../engine/index';

export type Locale = MessageLocale;
export type { MessageKey };
export const LOCALES: readonly Locale[] = ['en', 'pt-BR'];
export const CATALOGS: Record<Locale, Record<MessageKey, string>> = { en, 'pt-BR': ptBR };

// The state lives in a class made on first use: importing this module runs no rune (node tests import modules that
// import it, such as state/sandbox.svelte.ts, without the Svelte compiler).
class LocaleState {
  locale = $state<Locale>('en');
}
let made: LocaleState | null = null;
const state = (): LocaleState => (made ??= new LocaleState());

/** The studio's locale for a BCP 47 tag (navigator.language, Electron's app locale): Portuguese or English. */
export function localeFromTag(tag: string | null | undefined): Locale {
  return /^pt(\b|[-_])/i.test(tag ?? '') ? 'pt-BR' : 'en';
}

export function setLocale(locale: Locale): void {
  state().locale = locale;
}

export function locale(): Locale {
  return state().locale;
}

/** `{name}` in a message is replaced by params.name. */
export function format(template: string, params?: Readonly<Record<string, string | number>>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The message `key` in the current language, its `{params}` filled in. */
export function t(key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  return format(CATALOGS[state().locale][key] ?? en[key], params);
}

/** A number written the way the current language writes it (1,000 / 1.000). */
export function num(n: number, options?: Intl.NumberFormatOptions): string {
  return n.toLocaleString(state().locale === 'pt-BR' ? 'pt-BR' : 'en-US', options);
}

/** A count with its noun: `key.one` for 1, `key.other` otherwise ('1 error', '2 erros'). */
export function tn(key: 'count.error' | 'count.warning' | 'count.fight' | 'count.run' | 'count.version' | 'count.event', n: number): string {
  return t(`${key}.${n === 1 ? 'one' : 'other'}` as MessageKey, { n: num(n) });
}

/** A checker (engine) message in the current language; English ones the layer does not know stay as they are. */
export function checkerMessage(message: string): string {
  return translateMessage(message, state().locale);
}

/** The dice hover's words (engine/editor/hover.ts) in the current language. */
export function hoverWords(): HoverWords {
  return Object.fromEntries(Object.keys(ENGLISH_HOVER_WORDS).map((k) => [k, t(`hover.${k}` as MessageKey)])) as unknown as HoverWords;
}

/** A line of a change asked in words (what it understood, what it misses, a note) in the current language. */
export function changeText(line: string): string {
  return translateChangeText(line, state().locale);
}

/** A fight log chip (the engine's English words in it) in the current language; the document's words stay. */
export function chipText(chip: string): string {
  return translateChip(chip, state().locale);
}

/** The message's text before and after the parameter `slot`, for markup around a value (`<b>{path}</b> was …`). */
export function around(key: MessageKey, slot: string, params?: Readonly<Record<string, string | number>>): readonly [string, string] {
  const [before = '', after = ''] = t(key, { ...params, [slot]: '\u0000' }).split('\u0000');
  return [before, after];
}

/** The number fields' problem sentence in the current language (state/inputs.ts InputWords). */
export function inputWords(): { wholeNumber: string; empty: string; not: string; seed: string; number: (n: number) => string } {
  return { wholeNumber: t('input.wholeNumber'), empty: t('input.empty'), not: t('input.not'), seed: t('input.seed'), number: (n) => num(n) };
}
