// The settings as reactive state (see settings.ts), saved to localStorage on each change.
import { DEFAULT_SETTINGS, FONT_SIZES, SETTINGS_KEY, readSettings, type LanguageChoice, type SettingsValues, type Theme, type ThemeChoice } from './settings';
import { localeFromTag, setLocale, type Locale } from '../i18n/index.svelte';

export { FONT_SIZES, type LanguageChoice, type ThemeChoice };

export interface SettingsEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** `matchMedia('(prefers-color-scheme: dark)')`, or null where there is none. */
  darkQuery: Pick<MediaQueryList, 'matches' | 'addEventListener'> | null;
  /** The OS's language (navigator.language), or null where there is none. */
  language?: string | null;
}

export class Settings {
  theme = $state<ThemeChoice>(DEFAULT_SETTINGS.theme);
  language = $state<LanguageChoice>(DEFAULT_SETTINGS.language);
  /** The language the OS asks for. */
  systemLocale = $state<Locale>('en');
  readonly resolvedLocale: Locale = $derived(this.language === 'system' ? this.systemLocale : this.language);
  editorFontSize = $state(DEFAULT_SETTINGS.editorFontSize);
  uiFontSize = $state(DEFAULT_SETTINGS.uiFontSize);
  wordWrap = $state(DEFAULT_SETTINGS.wordWrap);
  sidebarCollapsed = $state<boolean | null>(DEFAULT_SETTINGS.sidebarCollapsed);
  /** What the OS asks for (prefers-color-scheme), followed live. */
  systemDark = $state(true);
  readonly resolvedTheme: Theme = $derived(this.theme === 'system' ? (this.systemDark ? 'dark' : 'light') : this.theme);
  readonly #storage: SettingsEnvironment['storage'];

  constructor(env: SettingsEnvironment) {
    this.#storage = env.storage;
    let stored: string | null = null;
    try {
      stored = env.storage?.getItem(SETTINGS_KEY) ?? null;
    } catch {
      stored = null;
    }
    const values = readSettings(stored);
    this.theme = values.theme;
    this.language = values.language;
    this.systemLocale = localeFromTag(env.language);
    this.editorFontSize = values.editorFontSize;
    this.uiFontSize = values.uiFontSize;
    this.wordWrap = values.wordWrap;
    this.sidebarCollapsed = values.sidebarCollapsed;
    this.systemDark = env.darkQuery?.matches ?? true;
    env.darkQuery?.addEventListener('change', (event) => (this.systemDark = (event as MediaQueryListEvent).matches));
  }

  values(): SettingsValues {
    return { theme: this.theme, language: this.language, editorFontSize: this.editorFontSize, uiFontSize: this.uiFontSize, wordWrap: this.wordWrap, sidebarCollapsed: this.sidebarCollapsed };
  }

  /** Writes the settings (call after a change; a full or refused storage only loses persistence). */
  save(): void {
    try {
      this.#storage?.setItem(SETTINGS_KEY, JSON.stringify(this.values()));
    } catch {
      // private mode or quota: the settings hold for this session only
    }
  }

  setFontSize(which: 'editorFontSize' | 'uiFontSize', size: number): void {
    this[which] = Math.round(Math.min(FONT_SIZES.max, Math.max(FONT_SIZES.min, size)));
    this.save();
  }
}

/** Puts the theme, language and panel text size on the page (<html data-theme lang> and --ui-font-size). */
export function applySettings(settings: Settings, root: HTMLElement): void {
  setLocale(settings.resolvedLocale);
  root.lang = settings.resolvedLocale;
  root.dataset.theme = settings.resolvedTheme;
  root.style.setProperty('--ui-font-size', `${settings.uiFontSize}px`);
}
