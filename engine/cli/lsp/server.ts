// The language server's shell (`rules-studio lsp`): LSP 3.17 over a connection, on vscode-languageserver. Everything
// it says about a document comes from engine/editor, the same code the studio's editor runs: diagnostics (the
// engine's checker, with the fast path while typing inside one formula), `@` completion, formula hovers with their
// exact distribution, go to definition, quick fixes and the outline. Here only offsets become LSP positions, and
// every handler is guarded: bad input gets a message and an empty answer, never a stopped server.
import {
  CodeActionKind,
  DiagnosticSeverity,
  SymbolKind,
  TextDocumentSyncKind,
  type CodeAction,
  type CompletionItem,
  type Connection,
  type Diagnostic,
  type DocumentSymbol,
  type InitializeResult,
  type Range,
} from 'vscode-languageserver';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { CompletionItemKind, InsertTextFormat, InsertTextMode, MarkupKind } from 'vscode-languageserver';
import { DocumentSession } from '../../editor/session';
import { referenceAt, referenceItems } from '../../editor/completion';
import { definitionAt, formulaPlace } from '../../editor/places';
import { formulaHoverMarkdown } from '../../editor/hover';
import { quickFixes } from '../../editor/quickFixes';
import { expandSnippet, schemaCompletions, schemaHover, type CompletionKind } from '../../editor/schemaHelp';
import { outline, type OutlineEntry, type OutlineKind } from '../../editor/outline';
import type { OffsetRange } from '../../editor/jsonLocations';
import type { EditorDiagnostic, FormulaTokenKind } from '../../editor/types';
import { isSystemDocument, type SystemFiles } from './documents';

/** Quiet time after the last edit before a full check follows a fast one (the studio waits as long). */
export const FULL_CHECK_DELAY_MS = 300;
/** Longest text the server reads (the checker refuses more, with its own message, at 8 MB). */
export const MAX_DOCUMENT_CHARS = 16 * 1024 * 1024;

export interface ServerSettings {
  /** Globs of files that are system documents even without `formatVersion` and our `$schema`. */
  readonly files: readonly string[];
  /** The defence an attack roll's hover gives the chance to hit against. */
  readonly defence: number;
}

const DEFAULT_SETTINGS: ServerSettings = { files: [], defence: 13 };

interface Open {
  document: TextDocument;
  readonly session: DocumentSession;
  /** Is this a system document (by its content or a configured glob)? Others get no diagnostics or help. */
  system: boolean;
  /** The version whose diagnostics were last published, and whether that check was a fast one. */
  checked: number;
  fast: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  pending: boolean;
}

/** Formula colours as semantic tokens (standard token types, so every theme colours them). */
export const TOKEN_TYPES = ['number', 'enumMember', 'variable', 'function', 'operator', 'string', 'keyword', 'type'] as const;
const TOKEN_INDEX: Readonly<Record<FormulaTokenKind, number>> = { number: 0, dice: 1, ref: 2, function: 3, operator: 4, string: 5, keyword: 6, tag: 7 };

const COMPLETION_KIND: Readonly<Record<CompletionKind, CompletionItemKind>> = {
  property: CompletionItemKind.Property,
  enum: CompletionItemKind.EnumMember,
  boolean: CompletionItemKind.Value,
  id: CompletionItemKind.Reference,
  snippet: CompletionItemKind.Snippet,
  value: CompletionItemKind.Value,
};

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information } as const;

const SYMBOL_KIND: Readonly<Record<OutlineKind, SymbolKind>> = {
  section: SymbolKind.Namespace,
  attribute: SymbolKind.Field,
  derived: SymbolKind.Property,
  track: SymbolKind.Field,
  function: SymbolKind.Function,
  check: SymbolKind.Event,
  condition: SymbolKind.EnumMember,
  ability: SymbolKind.Method,
  template: SymbolKind.Class,
  class: SymbolKind.Class,
  bestiary: SymbolKind.Struct,
  hero: SymbolKind.Object,
  party: SymbolKind.Array,
  fight: SymbolKind.Module,
};

/** The text the engine checks: a byte-order mark becomes a space, so every offset (and position) stays the editor's. */
function checkedText(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text;
}

/** An engine diagnostic (1-based, `check --json`'s numbers) as an LSP diagnostic (0-based). */
export function toLspDiagnostic(d: EditorDiagnostic): Diagnostic {
  return {
    range: { start: { line: d.line - 1, character: d.column - 1 }, end: { line: d.endLine - 1, character: d.endColumn - 1 } },
    severity: SEVERITY[d.severity],
    source: 'rules-studio',
    code: d.source,
    message: d.message,
    data: { pointer: d.pointer },
  };
}

export function attachServer(connection: Connection): void {
  const open = new Map<string, Open>();
  let settings: ServerSettings = DEFAULT_SETTINGS;
  let canPullConfiguration = false;
  let snippets = false;

  const log = (message: string): void => connection.console.error(message);

  /** Runs a handler; a throw becomes a logged message and `fallback`, never a stopped server. */
  function guard<P, R>(name: string, fallback: R, handler: (params: P) => R): (params: P) => R {
    return (params: P) => {
      try {
        return handler(params);
      } catch (error) {
        log(`rules-studio lsp: ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
        return fallback;
      }
    };
  }

  const range = (document: TextDocument, r: OffsetRange): Range => ({ start: document.positionAt(r.start), end: document.positionAt(r.end) });

  function entryOf(params: unknown): Open | undefined {
    const uri = (params as { textDocument?: { uri?: unknown } } | null)?.textDocument?.uri;
    const entry = typeof uri === 'string' ? open.get(uri) : undefined;
    return entry?.system ? entry : undefined;
  }

  function offsetOf(entry: Open, params: unknown): number | undefined {
    const position = (params as { position?: { line?: unknown; character?: unknown } } | null)?.position;
    if (!position || !Number.isInteger(position.line) || !Number.isInteger(position.character)) return undefined;
    return entry.document.offsetAt({ line: Math.max(0, position.line as number), character: Math.max(0, position.character as number) });
  }

  /** The open system document, offset and text a position request is about; null for anything else. */
  function at(params: unknown): { entry: Open; offset: number; text: string } | null {
    const entry = entryOf(params);
    const offset = entry && offsetOf(entry, params);
    if (!entry || offset === undefined) return null;
    return { entry, offset, text: checkedText(entry.document.getText()) };
  }

  function publish(entry: Open, diagnostics: readonly Diagnostic[]): void {
    void connection.sendDiagnostics({ uri: entry.document.uri, version: entry.document.version, diagnostics: [...diagnostics] });
  }

  /** Checks the latest text (fast path allowed unless `full`) and publishes; a fast check schedules a full one. */
  function check(entry: Open, full: boolean): void {
    entry.pending = false;
    if (!entry.system) return;
    const text = entry.document.getText();
    if (text.length > MAX_DOCUMENT_CHARS) {
      publish(entry, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, severity: DiagnosticSeverity.Error, source: 'rules-studio', code: 'json', message: `this file has ${text.length.toLocaleString('en')} characters; a system file may have at most ${MAX_DOCUMENT_CHARS.toLocaleString('en')}: it is not checked` }]);
      return;
    }
    if (text.includes('\u0000')) {
      publish(entry, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, severity: DiagnosticSeverity.Error, source: 'rules-studio', code: 'json', message: 'this file holds NUL characters: it is not a text file, so it is not checked' }]);
      return;
    }
    const { analysis, fast } = entry.session.check(checkedText(text), full);
    entry.checked = entry.document.version;
    entry.fast = fast;
    publish(entry, analysis.diagnostics.map(toLspDiagnostic));
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = fast ? setTimeout(() => { entry.timer = null; guard('check', undefined, () => check(entry, true))(undefined); }, FULL_CHECK_DELAY_MS) : null;
  }

  /** Edits that arrive during a check are coalesced: one check of the newest text follows. */
  function schedule(entry: Open): void {
    if (entry.pending) return;
    entry.pending = true;
    setImmediate(() => guard('check', undefined, () => check(entry, false))(undefined));
  }

  function classify(entry: Open): void {
    const was = entry.system;
    entry.system = isSystemDocument(entry.document.uri, entry.document.getText(), settings as SystemFiles);
    if (was && !entry.system) publish(entry, []);
  }

  connection.onInitialize(
    guard('initialize', { capabilities: {} } as InitializeResult, (params): InitializeResult => {
      settings = readSettings(params.initializationOptions, settings);
      canPullConfiguration = params.capabilities?.workspace?.configuration === true;
      snippets = params.capabilities?.textDocument?.completion?.completionItem?.snippetSupport === true;
      return {
        capabilities: {
          textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
          completionProvider: { triggerCharacters: ['@', '.', '"', ':'], resolveProvider: false },
          hoverProvider: true,
          definitionProvider: true,
          codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
          documentSymbolProvider: true,
          semanticTokensProvider: { legend: { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [] }, full: true },
        },
        serverInfo: { name: 'rules-studio', version: '0.1.0' },
      };
    }),
  );

  connection.onInitialized(() => {
    if (canPullConfiguration) void pullConfiguration();
  });

  async function pullConfiguration(): Promise<void> {
    try {
      const value: unknown = await connection.workspace.getConfiguration('rulesStudio');
      settings = readSettings(value, settings);
      for (const entry of open.values()) {
        classify(entry);
        if (entry.system) schedule(entry);
      }
    } catch (error) {
      log(`rules-studio lsp: cannot read the settings: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  connection.onDidChangeConfiguration(
    guard('didChangeConfiguration', undefined, (params) => {
      const value = (params?.settings as { rulesStudio?: unknown } | undefined)?.rulesStudio;
      if (value !== undefined) {
        settings = readSettings(value, settings);
        for (const entry of open.values()) {
          classify(entry);
          if (entry.system) schedule(entry);
        }
      } else if (canPullConfiguration) void pullConfiguration();
    }),
  );

  connection.onDidOpenTextDocument(
    guard('didOpen', undefined, (params) => {
      const item = params?.textDocument;
      if (!item || typeof item.uri !== 'string' || typeof item.text !== 'string') {
        log('rules-studio lsp: didOpen without a text document (uri and text): ignored');
        return;
      }
      const document = TextDocument.create(item.uri, String(item.languageId ?? 'json'), Number.isInteger(item.version) ? item.version : 0, item.text);
      const previous = open.get(item.uri);
      if (previous?.timer) clearTimeout(previous.timer);
      const entry: Open = { document, session: new DocumentSession(), system: false, checked: -1, fast: false, timer: null, pending: false };
      open.set(item.uri, entry);
      classify(entry);
      if (entry.system) check(entry, true);
    }),
  );

  connection.onDidChangeTextDocument(
    guard('didChange', undefined, (params) => {
      const uri = params?.textDocument?.uri;
      const entry = typeof uri === 'string' ? open.get(uri) : undefined;
      if (!entry) {
        log(`rules-studio lsp: didChange for ${String(uri)}, which is not open: ignored`);
        return;
      }
      const changes = Array.isArray(params.contentChanges) ? (params.contentChanges as TextDocumentContentChangeEvent[]) : [];
      const version = Number.isInteger(params.textDocument.version) ? params.textDocument.version : entry.document.version + 1;
      entry.document = TextDocument.update(entry.document, changes.filter(validChange), version);
      const wasSystem = entry.system;
      classify(entry);
      if (entry.system) {
        if (!wasSystem) entry.checked = -1;
        schedule(entry);
      }
    }),
  );

  connection.onDidCloseTextDocument(
    guard('didClose', undefined, (params) => {
      const uri = params?.textDocument?.uri;
      const entry = typeof uri === 'string' ? open.get(uri) : undefined;
      if (!entry) return;
      if (entry.timer) clearTimeout(entry.timer);
      open.delete(uri);
      void connection.sendDiagnostics({ uri, diagnostics: [] });
    }),
  );

  connection.onCompletion(
    guard('completion', null as CompletionItem[] | null, (params) => {
      const here = at(params);
      if (!here) return null;
      const { entry, offset, text } = here;
      const typed = referenceAt(text, offset, (pointer) => entry.session.isFormula(pointer));
      if (!typed) {
        // Not in a formula's `@` reference: the schema's keys, values, ids and snippets (the studio's same help).
        return schemaCompletions(text, offset).map((item): CompletionItem => {
          const typedText = text.slice(item.start, item.end);
          return {
            label: item.label,
            kind: COMPLETION_KIND[item.kind],
            ...(item.detail ? { detail: item.detail } : {}),
            ...(item.documentation ? { documentation: { kind: MarkupKind.Markdown, value: item.documentation } } : {}),
            sortText: item.sortText,
            filterText: typedText.startsWith('"') && !item.label.startsWith('"') ? `"${item.label}"` : item.label,
            insertTextFormat: snippets ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
            insertTextMode: InsertTextMode.adjustIndentation,
            textEdit: { range: range(entry.document, item), newText: snippets ? item.insertText : expandSnippet(item.insertText) },
          };
        });
      }
      const names = entry.session.tools()?.completions(typed.place.pointer) ?? [];
      const replace = range(entry.document, typed.replace);
      return referenceItems(names, typed).map(
        (item): CompletionItem => ({
          label: item.label,
          labelDetails: { description: item.description },
          kind: CompletionItemKind.Variable,
          detail: item.detail,
          filterText: item.insertText,
          insertTextFormat: InsertTextFormat.PlainText,
          textEdit: { range: replace, newText: item.insertText },
        }),
      );
    }),
  );

  connection.onHover(
    guard('hover', null, (params) => {
      const here = at(params);
      if (!here) return null;
      const { entry, offset, text } = here;
      const place = formulaPlace(text, offset, (pointer) => entry.session.isFormula(pointer));
      if (!place) {
        // A key's description (or an enum value's), from the schema.
        const help = schemaHover(text, offset);
        return help ? { contents: { kind: MarkupKind.Markdown, value: help.markdown }, range: range(entry.document, help) } : null;
      }
      const tools = entry.session.tools();
      const info = tools ? tools.info(place.pointer, place.formula, settings.defence) : { distribution: null, problem: 'The document does not parse yet.', samples: {} };
      const parts = formulaHoverMarkdown(place.formula, info, { chart: 'table' });
      return { contents: { kind: MarkupKind.Markdown, value: parts.map((p) => p.value).join('\n\n') }, range: range(entry.document, place.literal) };
    }),
  );

  connection.onDefinition(
    guard('definition', null, (params) => {
      const here = at(params);
      if (!here) return null;
      const { entry, offset, text } = here;
      const target = definitionAt(text, offset, entry.session.definitions());
      if (!target) return null;
      const start = entry.document.positionAt(target.member.start);
      return { uri: entry.document.uri, range: { start, end: start } };
    }),
  );

  connection.onCodeAction(
    guard('codeAction', null as CodeAction[] | null, (params) => {
      const entry = entryOf(params);
      const analysis = entry?.session.latest;
      const wanted = params?.range;
      if (!entry || !analysis || !wanted?.start || !wanted.end) return null;
      const document = entry.document;
      if (entry.checked !== document.version) return []; // edited since: the next request will see the new check
      const from = document.offsetAt(wanted.start);
      const to = document.offsetAt(wanted.end);
      const text = checkedText(document.getText());
      // The diagnostics of the version last checked, where they touch the asked range.
      const touching = analysis.diagnostics.filter((d) => {
        const r = toLspDiagnostic(d).range;
        return document.offsetAt(r.start) <= to && document.offsetAt(r.end) >= from;
      });
      // The studio's quick fixes (engine/editor/quickFixes.ts), one list per diagnostic.
      return touching.flatMap((d) => {
        const lsp = toLspDiagnostic(d);
        const fixable = { message: d.message, pointer: d.pointer, code: d.source, start: document.offsetAt(lsp.range.start), end: document.offsetAt(lsp.range.end) };
        return quickFixes(text, fixable).map(
          (fix): CodeAction => ({
            title: fix.title,
            kind: CodeActionKind.QuickFix,
            diagnostics: [lsp],
            isPreferred: fix.preferred,
            edit: { changes: { [document.uri]: fix.edits.map((e) => ({ range: range(document, e), newText: e.text })) } },
          }),
        );
      });
    }),
  );

  connection.onDocumentSymbol(
    guard('documentSymbol', null as DocumentSymbol[] | null, (params) => {
      const entry = entryOf(params);
      if (!entry) return null;
      const toSymbol = (o: OutlineEntry): DocumentSymbol => ({
        name: o.name,
        ...(o.detail ? { detail: o.detail } : {}),
        kind: SYMBOL_KIND[o.kind],
        range: range(entry.document, o.range),
        selectionRange: range(entry.document, o.selection),
        children: o.children.map(toSymbol),
      });
      return outline(checkedText(entry.document.getText())).map(toSymbol);
    }),
  );

  // Formula colours: the tokens of the last check (only formula fields, as the checker knows them), LSP-encoded.
  connection.languages.semanticTokens.on(
    guard('semanticTokens', { data: [] as number[] }, (params) => {
      const entry = entryOf(params);
      const analysis = entry?.session.latest;
      if (!entry || !analysis || entry.checked !== entry.document.version) return { data: [] };
      const data: number[] = [];
      let line = 0;
      let character = 0;
      for (const token of [...analysis.tokens].sort((a, b) => a.start - b.start)) {
        const start = entry.document.positionAt(token.start);
        const end = entry.document.positionAt(token.end);
        if (end.line !== start.line || token.end <= token.start) continue;
        data.push(start.line - line, start.line === line ? start.character - character : start.character, end.character - start.character, TOKEN_INDEX[token.kind], 0);
        line = start.line;
        character = start.character;
      }
      return { data };
    }),
  );

  connection.onShutdown(() => {
    for (const entry of open.values()) if (entry.timer) clearTimeout(entry.timer);
    open.clear();
  });
}

/** A content change the text document can apply (a client may send nonsense; that change is dropped). */
function validChange(change: unknown): boolean {
  if (!change || typeof change !== 'object' || typeof (change as { text?: unknown }).text !== 'string') return false;
  const r = (change as { range?: { start?: { line?: unknown; character?: unknown }; end?: { line?: unknown; character?: unknown } } }).range;
  if (r === undefined) return true;
  const ok = (p: { line?: unknown; character?: unknown } | undefined): boolean => !!p && Number.isInteger(p.line) && Number.isInteger(p.character) && (p.line as number) >= 0 && (p.character as number) >= 0;
  return ok(r.start) && ok(r.end);
}

function readSettings(value: unknown, current: ServerSettings): ServerSettings {
  if (!value || typeof value !== 'object') return current;
  const v = value as { files?: unknown; defence?: unknown };
  return {
    files: Array.isArray(v.files) ? v.files.filter((f): f is string => typeof f === 'string') : current.files,
    defence: typeof v.defence === 'number' && Number.isFinite(v.defence) ? v.defence : current.defence,
  };
}
