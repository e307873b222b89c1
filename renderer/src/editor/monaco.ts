// Monaco from its slim entry (core + the editor features below + JSON language only), with its workers as Vite
// module workers. Since monaco-editor 0.56 the package has an exports map: the old 'monaco-editor/esm/vs/...' paths
// do not resolve; 'monaco-editor/<path>' maps to esm/vs/<path>.js.
// First: Monaco's messages in the studio's language, before any Monaco module computes its words.
import './monacoLocale';
import * as monaco from 'monaco-editor/editor';
// Only the editor features the studio uses. Monaco's JSON language pulls in every contribution through
// internal/common/workers.js; vite.config.ts strips those imports, so this list is what loads (less code to parse at
// first load, and no contributions such as inline completions or sticky scroll listening to every keystroke).
import 'monaco-editor/editor/common/standaloneStrings';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/snippet/browser/snippetController2';
import 'monaco-editor/features/find/register';
import 'monaco-editor/editor/contrib/folding/browser/folding';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
import 'monaco-editor/editor/browser/widget/diffEditor/diffEditor.contribution';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/goToCommands';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/link/goToDefinitionAtPosition';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError';
import 'monaco-editor/editor/contrib/gotoError/browser/markerSelectionStatus';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneGotoLineQuickAccess';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneCommandsQuickAccess';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard';
import 'monaco-editor/editor/contrib/comment/browser/comment';
import 'monaco-editor/editor/contrib/cursorUndo/browser/cursorUndo';
import 'monaco-editor/editor/contrib/format/browser/formatActions';
import 'monaco-editor/editor/contrib/indentation/browser/indentation';
import 'monaco-editor/editor/contrib/linesOperations/browser/linesOperations';
import 'monaco-editor/editor/contrib/lineSelection/browser/lineSelection';
import 'monaco-editor/editor/contrib/multicursor/browser/multicursor';
import 'monaco-editor/editor/contrib/wordOperations/browser/wordOperations';
import 'monaco-editor/editor/contrib/smartSelect/browser/smartSelect';
import 'monaco-editor/editor/contrib/tokenization/browser/tokenization';
import 'monaco-editor/editor/contrib/codeAction/browser/codeActionContributions';
// Ctrl+M: Tab moves focus instead of indenting (the documented way out of the editor; Escape then Tab is ours).
import 'monaco-editor/editor/contrib/toggleTabFocusMode/browser/toggleTabFocusMode';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

// The engine reports JSON and schema problems itself (validation is off in SystemEditor): no diagnostics round trip
// to the JSON worker after each edit; no colour boxes or symbol outline either (nothing in a system is a colour).
// Completion and key hover come from the engine's schema help (editor/schemaHelp.ts), for every system file whatever
// its `$schema` says: Monaco's own would resolve `"../schemas/system.schema.json"` against the model and find nothing.
jsonDefaults.setModeConfiguration({
  ...jsonDefaults.modeConfiguration,
  diagnostics: false,
  colors: false,
  documentSymbols: false,
  completionItems: false,
  hovers: false,
});

// Monaco cancels a request it no longer needs (a code action list asked for twice, a hover moved off) with its own
// `Canceled` error, and a few of its paths leave that promise unhandled (microsoft/monaco-editor#4138, #5135): the
// window would report an uncaught error for work nobody waits on. Only that exact error is dropped; anything else
// still surfaces.
export function isMonacoCancellation(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'Canceled' && reason.message === 'Canceled';
}
self.addEventListener('unhandledrejection', (event) => {
  if (isMonacoCancellation(event.reason)) event.preventDefault();
});

export { monaco, jsonDefaults };
export type Monaco = typeof monaco;
