// Monaco from its slim entry (core + editor features + JSON language only), with its workers as Vite module workers.
// Since monaco-editor 0.56 the package has an exports map: the old 'monaco-editor/esm/vs/...' paths do not resolve.
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

export { monaco, jsonDefaults };
export type Monaco = typeof monaco;
