// The studio's look and layout settings (theme, language, type sizes, word wrap, the sidebar): one per user of this browser
// profile or desktop install, kept in localStorage (not per workspace, never in a system document). A stored value
// that is not one of the allowed ones is ignored (the default is used), so a hand-edited or old entry cannot break
// the page. The reactive holder is settings.svelte.ts.
export type ThemeChoice = 'system' | 'light' | 'dark';
/** The interface language: the OS's (navigator.language; Electron gives its app locale there), or one chosen. */
export type LanguageChoice = 'system' | 'en' | 'pt-BR';
export type Theme = 'light' | 'dark';

export interface SettingsValues {
  theme: ThemeChoice;
  language: LanguageChoice;
  /** Editor text in CSS pixels. */
  editorFontSize: number;
  /** Panel text (toolbar, sidebar, sandbox, problems) in CSS pixels. */
  uiFontSize: number;
  wordWrap: boolean;
  /** null: folded in a narrow window, open in a wide one. */
  sidebarCollapsed: boolean | null;
}

export const FONT_SIZES = { min: 10, max: 24 } as const;
export const DEFAULT_SETTINGS: SettingsValues = { theme: 'system', language: 'system', editorFontSize: 14, uiFontSize: 13, wordWrap: false, sidebarCollapsed: null };
export const SETTINGS_KEY = 'rules-studio-settings';

const fontSize = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= FONT_SIZES.min && value <= FONT_SIZES.max ? value : fallback;

/** The settings in a stored string, each field checked on its own (unknown or bad fields fall back to the default). */
export function readSettings(stored: string | null): SettingsValues {
  let raw: unknown = null;
  try {
    raw = stored === null ? null : JSON.parse(stored);
  } catch {
    raw = null;
  }
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    theme: r.theme === 'light' || r.theme === 'dark' || r.theme === 'system' ? r.theme : DEFAULT_SETTINGS.theme,
    language: r.language === 'system' || r.language === 'en' || r.language === 'pt-BR' ? r.language : DEFAULT_SETTINGS.language,
    editorFontSize: fontSize(r.editorFontSize, DEFAULT_SETTINGS.editorFontSize),
    uiFontSize: fontSize(r.uiFontSize, DEFAULT_SETTINGS.uiFontSize),
    wordWrap: typeof r.wordWrap === 'boolean' ? r.wordWrap : DEFAULT_SETTINGS.wordWrap,
    sidebarCollapsed: typeof r.sidebarCollapsed === 'boolean' || r.sidebarCollapsed === null ? r.sidebarCollapsed : DEFAULT_SETTINGS.sidebarCollapsed,
  };
}
