// The editor (Monaco and its glue, most of the studio's code) and the system schema are their own chunks.
// main.ts starts loading them before the shell mounts (index.html also modulepreloads them, see vite.config.ts),
// and EditorPane awaits the same promises: one download, started as early as the page can.
type EditorModule = typeof import('./systemEditor');

let editorModule: Promise<EditorModule> | null = null;
let systemSchema: Promise<object | null> | null = null;

export function loadEditorModule(): Promise<EditorModule> {
  return (editorModule ??= import('./systemEditor'));
}

/** The system schema for Monaco's hover help and key completion. */
export function loadSystemSchema(): Promise<object | null> {
  return (systemSchema ??= import('../../../schemas/system.schema.json').then((module) => (module.default ?? null) as object | null));
}
