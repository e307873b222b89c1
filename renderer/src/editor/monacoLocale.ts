// Monaco's language, set before Monaco loads (editor/monaco.ts imports this first): Monaco reads its messages from
// `globalThis._VSCODE_NLS_MESSAGES` (index → message; an index left out keeps its English), and computes most of them
// once, as its modules load, so the table must be in place before the first one does. The studio's language is read
// from the saved settings and the OS, as main.ts reads it; Monaco's words then follow a switch at the next start
// (SettingsPanel says so). The Portuguese table: i18n/monaco.pt-BR.ts, built by scripts/build-monaco-nls.ts.
import table from '../i18n/generated/monaco-nls.pt-BR.json';
import { localeFromTag, type Locale } from '../i18n/index.svelte';
import { readSettings, SETTINGS_KEY } from '../state/settings';

function startLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = globalThis.localStorage?.getItem(SETTINGS_KEY) ?? null;
  } catch {
    stored = null;
  }
  const { language } = readSettings(stored);
  return language === 'system' ? localeFromTag(globalThis.navigator?.language) : language;
}

/** The language Monaco's own menus, find widget and hovers are in for this start of the studio. */
export const monacoLocale: Locale = startLocale();

if (monacoLocale === 'pt-BR') {
  const messages: string[] = [];
  for (const [index, message] of Object.entries(table as Record<string, string>)) messages[Number(index)] = message;
  Object.assign(globalThis, { _VSCODE_NLS_MESSAGES: messages, _VSCODE_NLS_LANGUAGE: 'pt-br' });
}
