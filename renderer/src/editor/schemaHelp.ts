// The Monaco side of schema help: key and value completion, key hover and quick fixes, each a thin wrapper over the
// engine's plain functions (engine/editor/schemaHelp.ts, quickFixes.ts) answered in the check worker. They answer for every
// system file, whatever its `$schema` says: Monaco's own JSON completion and hover are off (editor/monaco.ts),
// since Monaco resolves a relative `$schema` against the model's URI and then finds no schema at all.
import { monaco } from './monaco';
import type { EditorDiagnostic, LanguageAnswer, LanguageQuery } from '../workers/protocol';
import type { CompletionKind } from '../../../engine/index';
import { checkerMessage, locale } from '../i18n/index.svelte';

type ITextModel = monaco.editor.ITextModel;

export interface SchemaHelpHost {
  /** Only this editor's models are answered for. */
  owns(model: ITextModel): boolean;
  diagnosticsOf(model: ITextModel): readonly EditorDiagnostic[];
  ask(query: LanguageQuery): Promise<LanguageAnswer | null>;
}

const KINDS: Record<CompletionKind, monaco.languages.CompletionItemKind> = {
  property: monaco.languages.CompletionItemKind.Property,
  enum: monaco.languages.CompletionItemKind.EnumMember,
  boolean: monaco.languages.CompletionItemKind.Value,
  id: monaco.languages.CompletionItemKind.Reference,
  snippet: monaco.languages.CompletionItemKind.Snippet,
  value: monaco.languages.CompletionItemKind.Value,
};

function rangeOf(model: ITextModel, start: number, end: number): monaco.Range {
  return monaco.Range.fromPositions(model.getPositionAt(start), model.getPositionAt(end));
}

export function registerSchemaHelp(host: SchemaHelpHost): monaco.IDisposable[] {
  return [
    monaco.languages.registerCompletionItemProvider('json', {
      triggerCharacters: ['"', ':'],
      provideCompletionItems: async (model, position) => {
        if (!host.owns(model)) return null;
        const text = model.getValue();
        const answer = await host.ask({ kind: 'complete', text, offset: model.getOffsetAt(position), locale: locale() });
        // The tab may have closed while the worker answered: a disposed model has no ranges (Monaco throws).
        if (model.isDisposed() || answer?.kind !== 'complete' || answer.items.length === 0) return null;
        return {
          suggestions: answer.items.map((item) => {
            const typed = text.slice(item.start, item.end);
            return {
              label: item.label,
              kind: KINDS[item.kind],
              detail: item.detail,
              documentation: item.documentation ? { value: item.documentation } : undefined,
              insertText: item.insertText,
              insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
              // Inside a quoted key the typed text starts with its quote: so must what it is matched against.
              filterText: typed.startsWith('"') && !item.label.startsWith('"') ? `"${item.label}"` : item.label,
              sortText: item.sortText,
              range: rangeOf(model, item.start, item.end),
            };
          }),
        };
      },
    }),
    monaco.languages.registerHoverProvider('json', {
      provideHover: async (model, position) => {
        if (!host.owns(model)) return null;
        const answer = await host.ask({ kind: 'hover', text: model.getValue(), offset: model.getOffsetAt(position), locale: locale() });
        if (model.isDisposed() || answer?.kind !== 'hover' || !answer.hover) return null;
        return { range: rangeOf(model, answer.hover.start, answer.hover.end), contents: [{ value: answer.hover.markdown }] };
      },
    }),
    monaco.languages.registerCodeActionProvider('json', {
      provideCodeActions: async (model, _range, context) => {
        if (!host.owns(model)) return null;
        // Only our markers match one of the engine's diagnostics.
        const markers = context.markers;
        const diagnostics = host.diagnosticsOf(model);
        const asked = markers
          .map((marker) => {
            const d = diagnostics.find((x) => checkerMessage(x.message) === marker.message && x.line === marker.startLineNumber && x.column === marker.startColumn);
            if (!d) return null;
            return {
              marker,
              diagnostic: {
                message: d.message,
                pointer: d.pointer,
                start: model.getOffsetAt({ lineNumber: d.line, column: d.column }),
                end: model.getOffsetAt({ lineNumber: d.endLine, column: d.endColumn }),
              },
            };
          })
          .filter((x): x is NonNullable<typeof x> => x !== null);
        if (asked.length === 0) return null;
        const version = model.getVersionId();
        const answer = await host.ask({ kind: 'fixes', text: model.getValue(), diagnostics: asked.map((a) => a.diagnostic) });
        if (model.isDisposed() || answer?.kind !== 'fixes' || model.getVersionId() !== version) return null;
        const actions: monaco.languages.CodeAction[] = [];
        answer.fixes.forEach((fixes, i) => {
          for (const fix of fixes) {
            actions.push({
              title: fix.title.replace(/`/g, ''),
              kind: 'quickfix',
              diagnostics: [asked[i]!.marker],
              isPreferred: fix.preferred,
              edit: {
                edits: fix.edits.map((e) => ({
                  resource: model.uri,
                  versionId: version,
                  textEdit: { range: rangeOf(model, e.start, e.end), text: e.text },
                })),
              },
            });
          }
        });
        return { actions, dispose: () => {} };
      },
    }),
  ];
}
