// The Monaco glue for system files: one model per open document (undo survives tab switches), the engine's
// diagnostics as markers, formula colouring, go to definition, formula hovers and `@` completions.
// Knows nothing of Svelte: the state layer drives it through these methods and the callbacks it is given.
import { jsonDefaults, monaco } from './monaco';
import { JsonLocator } from '../../../engine/index';
import { definitionAt, formulaPlace } from '../../../engine/index';
import { referenceAt, referenceItems } from '../../../engine/index';
import type { CompletionName, Definition, EditorDiagnostic, FormulaInfo, FormulaToken, LanguageAnswer, LanguageQuery } from '../workers/protocol';
import { registerSchemaHelp } from './schemaHelp';
import { formulaHoverMarkdown } from '../../../engine/index';
import type { StudioCommand } from '../state/commands';
import type { SessionFile } from '../host/host';
import { keybindingOf, leaveOnTabAfterEscape } from './keyboard';
import { setHoverDelegateFactory } from 'monaco-editor/base/browser/ui/hover/hoverDelegateFactory';
import { StandaloneServices } from 'monaco-editor/editor/standalone/browser/standaloneServices';
import { WorkbenchHoverDelegate } from 'monaco-editor/platform/hover/browser/hover';
import { checkerMessage, hoverWords } from '../i18n/index.svelte';

type ITextModel = monaco.editor.ITextModel;

export interface SystemEditorCallbacks {
  /** The text of a document changed (typing, undo, paste). */
  onEdit(docId: string, text: string): void;
  /** Distribution and range of the formula at `pointer`, `@tier` and a template read at `tier` (in the check worker). */
  formulaInfo(docId: string, pointer: string, formula: string, tier: number): Promise<FormulaInfo | null>;
  /** The `@` names readable at `pointer`. */
  completions(docId: string, pointer: string): Promise<readonly CompletionName[]>;
  /** Is the string at `pointer` a formula? (known from the last check) */
  isFormula(docId: string, pointer: string): boolean;
  /** Schema completion, key hover and quick fixes (engine/editor/schemaHelp.ts and quickFixes.ts, in the check worker). */
  language?(query: LanguageQuery): Promise<LanguageAnswer | null>;
}

interface OpenModel {
  readonly model: ITextModel;
  definitions: readonly Definition[];
  /** The diagnostics shown as markers (quick fixes need their JSON pointers). */
  diagnostics: readonly EditorDiagnostic[];
  formulaDecorations: Set<string>;
  highlightDecorations: string[];
  viewState: monaco.editor.ICodeEditorViewState | null;
  /** A cursor and scroll from the last session, applied when the document is first shown. */
  pendingPosition: Omit<SessionFile, 'path'> | null;
  /** Set while the state layer replaces the text, so that is not reported back as an edit. */
  applyingExternal: boolean;
}

const MARKER_OWNER = 'rules-studio';
/** The dice hover's tier links run this command: [tier, line, column] (the formula's place, to show it again). */
const HOVER_TIER_COMMAND = 'rules-studio.diceHoverTier';
const SEVERITY = { error: 8, warning: 4, info: 2 } as const;

export class SystemEditor {
  readonly editor: monaco.editor.IStandaloneCodeEditor;
  readonly #models = new Map<string, OpenModel>();
  readonly #byUri = new Map<string, string>();
  #current: string | null = null;
  readonly #disposables: monaco.IDisposable[] = [];
  #appearance: EditorAppearance;
  /** The tier the dice hover reads `@tier` and templates at (its tier links choose it; it stays for later hovers). */
  #hoverTier = 1;

  constructor(
    container: HTMLElement,
    private readonly callbacks: SystemEditorCallbacks,
    schema: object | null,
    appearance: EditorAppearance = { theme: 'dark', fontSize: 13, wordWrap: false },
  ) {
    this.#appearance = appearance;
    defineThemes();
    if (schema) {
      jsonDefaults.setDiagnosticsOptions({
        // The engine reports JSON and schema problems itself (with pointers and its own words): no duplicates.
        validate: false,
        allowComments: false,
        enableSchemaRequest: false,
        schemas: [{ uri: 'rules-studio://schemas/system.schema.json', fileMatch: ['*.json'], schema }],
      });
    }
    this.editor = monaco.editor.create(container, {
      model: null,
      automaticLayout: true,
      minimap: { enabled: false },
      ...appearanceOptions(appearance),
      fontFamily: "'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, monospace",
      scrollBeyondLastLine: false,
      renderLineHighlight: 'line',
      tabSize: 2,
      insertSpaces: true,
      fixedOverflowWidgets: true,
      // The context menu in the page, not in a shadow root of its own under <body>: there it is outside every
      // `.monaco-editor`, where the theme's colours are set, and showed with no background.
      useShadowDOM: false,
      hover: { delay: 250 },
      quickSuggestions: { strings: true, other: true, comments: false },
      suggest: { showWords: false },
      glyphMargin: false,
      folding: true,
      stickyScroll: { enabled: false },
    });
    this.#registerProviders();
    this.#disposables.push(leaveOnTabAfterEscape(this.editor, container));
    // JSON's word pattern makes '@' a word, so Monaco leaves it to quick suggestions, which do not open inside
    // JSON strings: open the suggestions ourselves when a reference starts.
    this.#disposables.push(
      this.editor.onDidChangeModelContent((event) => {
        const change = event.changes.length === 1 ? event.changes[0] : undefined;
        if (change?.text === '@' && !event.isUndoing && !event.isRedoing) this.editor.trigger('formula', 'editor.action.triggerSuggest', {});
      }),
    );
  }

  /** Opens (or re-shows) a document; its model lives until closeDocument. */
  openDocument(docId: string, path: string, text: string): void {
    if (!this.#models.has(docId)) {
      const uri = monaco.Uri.from({ scheme: 'file', path: '/' + path.replace(/^\/+/, '') + `#${docId}` });
      const model = monaco.editor.createModel(text, 'json', uri);
      const entry: OpenModel = {
        model,
        definitions: [],
        diagnostics: [],
        formulaDecorations: new Set(),
        highlightDecorations: [],
        viewState: null,
        pendingPosition: null,
        applyingExternal: false,
      };
      model.onDidChangeContent(() => {
        if (!entry.applyingExternal) this.callbacks.onEdit(docId, model.getValue());
      });
      this.#models.set(docId, entry);
      this.#byUri.set(uri.toString(), docId);
    }
    this.showDocument(docId);
  }

  showDocument(docId: string): void {
    const entry = this.#models.get(docId);
    if (!entry || this.#current === docId) return;
    const previous = this.#current ? this.#models.get(this.#current) : undefined;
    if (previous) {
      previous.viewState = this.editor.saveViewState();
      // A chip's highlight belongs to the document it was shown in, while it is shown.
      previous.highlightDecorations = previous.model.deltaDecorations(previous.highlightDecorations, []);
    }
    this.editor.setModel(entry.model);
    if (entry.viewState) this.editor.restoreViewState(entry.viewState);
    this.#current = docId;
    if (entry.pendingPosition) {
      this.#applyPosition(entry.pendingPosition);
      entry.pendingPosition = null;
    }
  }

  /** The cursor and scroll of a document (the live editor's for the one shown), for the session. */
  positionOf(docId: string): Omit<SessionFile, 'path'> | null {
    const entry = this.#models.get(docId);
    if (!entry) return null;
    if (this.#current === docId) {
      const p = this.editor.getPosition();
      return { line: p?.lineNumber ?? 1, column: p?.column ?? 1, scrollTop: this.editor.getScrollTop(), scrollLeft: this.editor.getScrollLeft() };
    }
    if (entry.pendingPosition) return entry.pendingPosition;
    const view = entry.viewState;
    const cursor = view?.cursorState[0]?.position;
    return { line: cursor?.lineNumber ?? 1, column: cursor?.column ?? 1, scrollTop: view?.viewState.scrollTop ?? 0, scrollLeft: view?.viewState.scrollLeft ?? 0 };
  }

  /** Puts a session's cursor and scroll back (now if the document is shown, else when it is). */
  restorePosition(docId: string, position: Omit<SessionFile, 'path'>): void {
    const entry = this.#models.get(docId);
    if (!entry) return;
    if (this.#current === docId) this.#applyPosition(position);
    else entry.pendingPosition = position;
  }

  #applyPosition(position: Omit<SessionFile, 'path'>): void {
    this.editor.setPosition(this.editor.getModel()?.validatePosition({ lineNumber: position.line, column: position.column }) ?? { lineNumber: 1, column: 1 });
    this.editor.setScrollPosition({ scrollTop: position.scrollTop, scrollLeft: position.scrollLeft });
  }

  /** Theme, type size and word wrap (the settings). */
  setAppearance(appearance: EditorAppearance): void {
    this.#appearance = appearance;
    this.editor.updateOptions(appearanceOptions(appearance));
  }

  /** The studio's commands as editor actions: in the command palette (F1) and on their keys while typing. */
  /** Adds the studio's commands to the palette and their keys; the returned function takes them off again (a change
   * of language puts them back with their new labels). */
  addCommands(commands: readonly StudioCommand[]): () => void {
    const added = commands.map((command) =>
      this.editor.addAction({
        id: command.id,
        label: command.label,
        keybindings: command.keys ? [keybindingOf(command.keys)] : [],
        run: () => command.run(),
      }),
    );
    this.#disposables.push(...added);
    return () => {
      for (const action of added) action.dispose();
    };
  }

  /** Formats the shown document (Monaco's JSON formatter). */
  formatDocument(): void {
    this.editor.focus();
    void this.editor.getAction('editor.action.formatDocument')?.run();
  }

  /** Opens the command palette (F1 pressed outside the editor). */
  openCommandPalette(): void {
    this.editor.focus();
    this.editor.trigger('studio', 'editor.action.quickCommand', null);
  }

  closeDocument(docId: string): void {
    const entry = this.#models.get(docId);
    if (!entry) return;
    if (this.#current === docId) {
      this.editor.setModel(null);
      this.#current = null;
    }
    this.#byUri.delete(entry.model.uri.toString());
    entry.model.dispose();
    this.#models.delete(docId);
  }

  /** Replaces the text from outside (reload from disk, restore a backup); it stays one undo step. */
  replaceText(docId: string, text: string): void {
    const entry = this.#models.get(docId);
    if (!entry || entry.model.getValue() === text) return;
    entry.applyingExternal = true;
    try {
      entry.model.pushStackElement();
      entry.model.pushEditOperations([], [{ range: entry.model.getFullModelRange(), text }], () => null);
      entry.model.pushStackElement();
    } finally {
      entry.applyingExternal = false;
    }
  }

  replaceRange(docId: string, start: number, end: number, text: string): void {
    const entry = this.#models.get(docId);
    if (!entry) return;
    const model = entry.model;
    const from = model.getPositionAt(start);
    const to = model.getPositionAt(end);
    model.pushStackElement();
    model.pushEditOperations([], [{ range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column), text }], () => null);
    model.pushStackElement();
  }

  modelOf(docId: string): ITextModel | undefined {
    return this.#models.get(docId)?.model;
  }

  getText(docId: string): string | undefined {
    return this.#models.get(docId)?.model.getValue();
  }

  versionOf(docId: string): number {
    return this.#models.get(docId)?.model.getVersionId() ?? -1;
  }

  setDiagnostics(docId: string, diagnostics: readonly EditorDiagnostic[]): void {
    const entry = this.#models.get(docId);
    if (!entry) return;
    entry.diagnostics = diagnostics;
    monaco.editor.setModelMarkers(
      entry.model,
      MARKER_OWNER,
      diagnostics.map((d) => ({
        severity: SEVERITY[d.severity],
        message: checkerMessage(d.message),
        source: d.source,
        startLineNumber: d.line,
        startColumn: d.column,
        endLineNumber: d.endLine,
        endColumn: Math.max(d.endColumn, d.endLine === d.line ? d.column + 1 : d.endColumn),
      })),
    );
  }

  /** Puts every document's markers back in the current language (after a switch). */
  relocalizeDiagnostics(): void {
    for (const [docId, entry] of this.#models) this.setDiagnostics(docId, entry.diagnostics);
  }

  /** The markers shown on a document (tests and the UI benchmark read them). */
  markersOf(docId: string): monaco.editor.IMarker[] {
    const entry = this.#models.get(docId);
    return entry ? monaco.editor.getModelMarkers({ resource: entry.model.uri, owner: MARKER_OWNER }) : [];
  }

  setFormulaTokens(docId: string, tokens: readonly FormulaToken[], range?: { readonly start: number; readonly end: number } | null): void {
    const entry = this.#models.get(docId);
    if (!entry) return;
    const model = entry.model;
    const length = model.getValueLength();
    const decorations = tokens
      .filter((t) => t.end <= length)
      .map((t) => ({
        range: monaco.Range.fromPositions(model.getPositionAt(t.start), model.getPositionAt(t.end)),
        options: { inlineClassName: `fx-${t.kind}`, stickiness: 1 as const },
      }));
    if (!range) {
      entry.formulaDecorations = new Set(model.deltaDecorations([...entry.formulaDecorations], decorations));
      return;
    }
    // A fast check: replace only the decorations of the edited formula; the others moved with the edit.
    const within = monaco.Range.fromPositions(model.getPositionAt(range.start), model.getPositionAt(Math.min(range.end, length)));
    const old = model.getDecorationsInRange(within).map((d) => d.id).filter((id) => entry.formulaDecorations.has(id));
    for (const id of old) entry.formulaDecorations.delete(id);
    for (const id of model.deltaDecorations(old, decorations)) entry.formulaDecorations.add(id);
  }

  setDefinitions(docId: string, definitions: readonly Definition[]): void {
    const entry = this.#models.get(docId);
    if (entry) entry.definitions = definitions;
  }

  /** The JSON pointer of the value under the cursor of the shown document (the Rules outline follows it). */
  pointerAtCursor(): { docId: string; pointer: string } | null {
    const model = this.editor.getModel();
    const position = this.editor.getPosition();
    if (!model || !position || !this.#current) return null;
    const pointer = new JsonLocator(model.getValue()).pointerAt(model.getOffsetAt(position));
    return pointer === undefined ? null : { docId: this.#current, pointer };
  }

  /** Highlights the rule at a JSON pointer (a chip's origin) and scrolls it into view. */
  highlightPointer(docId: string, pointer: string): boolean {
    const entry = this.#models.get(docId);
    if (!entry) return false;
    this.showDocument(docId);
    const model = entry.model;
    const range = new JsonLocator(model.getValue()).memberRangeOfPointer(pointer);
    if (!range) return false;
    const start = model.getPositionAt(range.start);
    const end = model.getPositionAt(range.end);
    const lines = new monaco.Range(start.lineNumber, 1, end.lineNumber, model.getLineMaxColumn(end.lineNumber));
    entry.highlightDecorations = model.deltaDecorations(entry.highlightDecorations, [
      { range: lines, options: { isWholeLine: true, className: 'rule-highlight', linesDecorationsClassName: 'rule-highlight-gutter' } },
    ]);
    this.editor.revealRangeInCenterIfOutsideViewport(lines, 0);
    return true;
  }

  clearHighlight(docId: string): void {
    const entry = this.#models.get(docId);
    if (entry) entry.highlightDecorations = entry.model.deltaDecorations(entry.highlightDecorations, []);
  }

  /** Jumps to a 1-based line and column (a problem in the list was clicked). */
  reveal(docId: string, line: number, column: number): void {
    this.showDocument(docId);
    this.editor.setPosition({ lineNumber: line, column });
    this.editor.revealPositionInCenterIfOutsideViewport({ lineNumber: line, column });
    this.editor.focus();
  }

  layout(): void {
    this.editor.layout();
  }

  dispose(): void {
    for (const d of this.#disposables) d.dispose();
    for (const id of [...this.#models.keys()]) this.closeDocument(id);
    this.editor.dispose();
  }

  #docOf(model: ITextModel): string | undefined {
    return this.#byUri.get(model.uri.toString());
  }

  #registerProviders(): void {
    // Providers are global to the 'json' language; they answer only for this editor's models and go with it.
    this.#disposables.push(
      monaco.editor.registerCommand(HOVER_TIER_COMMAND, (_accessor, tier: unknown, line: unknown, column: unknown) => this.#chooseHoverTier(tier, line, column)),
      monaco.languages.registerDefinitionProvider('json', {
        provideDefinition: (model, position) => this.#definitionAt(model, position),
      }),
      monaco.languages.registerHoverProvider('json', {
        provideHover: (model, position) => this.#formulaHover(model, position),
      }),
      monaco.languages.registerCompletionItemProvider('json', {
        triggerCharacters: ['@', '.'],
        provideCompletionItems: (model, position) => this.#formulaCompletions(model, position),
      }),
    );
    const language = this.callbacks.language;
    if (language) {
      this.#disposables.push(
        ...registerSchemaHelp({
          owns: (model) => this.#docOf(model) !== undefined,
          diagnosticsOf: (model) => {
            const docId = this.#docOf(model);
            return (docId && this.#models.get(docId)?.diagnostics) || [];
          },
          ask: language,
        }),
      );
    }
  }

  // The providers are a thin shell: engine/editor finds what is at an offset (the language server uses the same
  // functions); here offsets become Monaco ranges.
  #definitionAt(model: ITextModel, position: monaco.Position): monaco.languages.Definition | null {
    const docId = this.#docOf(model);
    const entry = docId ? this.#models.get(docId) : undefined;
    if (!entry) return null;
    const target = definitionAt(model.getValue(), model.getOffsetAt(position), entry.definitions);
    if (!target) return null;
    const start = model.getPositionAt(target.member.start);
    return { uri: model.uri, range: new monaco.Range(start.lineNumber, start.column, start.lineNumber, start.column) };
  }

  async #formulaHover(model: ITextModel, position: monaco.Position): Promise<monaco.languages.Hover | null> {
    const docId = this.#docOf(model);
    if (!docId) return null;
    const place = formulaPlace(model.getValue(), model.getOffsetAt(position), (pointer) => this.callbacks.isFormula(docId, pointer));
    if (!place) return null;
    const info = await this.callbacks.formulaInfo(docId, place.pointer, place.formula, this.#hoverTier);
    // The tab may have closed while the worker answered: a disposed model has no positions (Monaco throws).
    if (!info || model.isDisposed()) return null;
    const start = model.getPositionAt(place.literal.start);
    const end = model.getPositionAt(place.literal.end);
    // The tier links show this hover again at the formula's start (inside its quotes), whatever was hovered.
    const at = model.getPositionAt(place.literal.start + 1);
    const uri = (tier: number) => `command:${HOVER_TIER_COMMAND}?${encodeURIComponent(JSON.stringify([tier, at.lineNumber, at.column]))}`;
    return {
      range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column),
      contents: formulaHoverMarkdown(place.formula, info, { theme: this.#appearance.theme, tierLink: { command: HOVER_TIER_COMMAND, uri }, words: hoverWords(), message: checkerMessage }) as monaco.IMarkdownString[],
    };
  }

  /**
   * A tier link of the dice hover: read at that tier from now on, and show the hover again on the same formula (the
   * cursor goes there). A hover that had the keyboard focus gets it back, so Tab reaches the next tier.
   */
  #chooseHoverTier(tier: unknown, line: unknown, column: unknown): void {
    if (typeof tier !== 'number' || typeof line !== 'number' || typeof column !== 'number' || !this.editor.getModel()) return;
    const focused = !!document.activeElement?.closest('.monaco-hover');
    this.#hoverTier = tier;
    const position = { lineNumber: line, column };
    // After the click or key that ran the link has run its course (the old hover goes with it).
    setTimeout(() => {
      if (!this.editor.getModel()) return;
      this.editor.setPosition(position);
      this.editor.revealPositionInCenterIfOutsideViewport(position);
      this.editor.focus();
      const hover = this.editor.getContribution('editor.contrib.contentHover') as ContentHoverController | null;
      hover?.hideContentHover?.();
      if (hover?.showContentHover) {
        // Immediately, as from the keyboard (Monaco's HoverStartMode.Immediate = 1, HoverStartSource.Keyboard = 2).
        hover.showContentHover(new monaco.Range(line, column, line, column), 1, 2, focused);
      } else {
        this.editor.trigger('tier', 'editor.action.showHover', { focus: focused });
      }
    }, 0);
  }

  async #formulaCompletions(model: ITextModel, position: monaco.Position): Promise<monaco.languages.CompletionList | null> {
    const docId = this.#docOf(model);
    if (!docId) return null;
    const typed = referenceAt(model.getValue(), model.getOffsetAt(position), (pointer) => this.callbacks.isFormula(docId, pointer));
    if (!typed) return null;
    const names = await this.callbacks.completions(docId, typed.place.pointer);
    if (model.isDisposed()) return null;
    const from = model.getPositionAt(typed.replace.start);
    const range = new monaco.Range(from.lineNumber, from.column, position.lineNumber, position.column);
    return {
      suggestions: referenceItems(names, typed).map((item) => ({
        label: { label: item.label, description: item.description },
        kind: monaco.languages.CompletionItemKind.Variable,
        insertText: item.insertText,
        filterText: item.insertText,
        detail: item.detail,
        range,
      })),
      incomplete: false,
    };
  }
}

/** What the dice hover's tier links use of Monaco's hover controller (editor.contrib.contentHover). */
interface ContentHoverController {
  showContentHover?(range: monaco.Range, mode: number, source: number, focus: boolean): void;
  hideContentHover?(): void;
}

export interface EditorAppearance {
  readonly theme: 'light' | 'dark';
  readonly fontSize: number;
  readonly wordWrap: boolean;
}

function appearanceOptions(a: EditorAppearance): monaco.editor.IEditorOptions & { theme: string } {
  return { theme: a.theme === 'light' ? 'rules-light' : 'rules-dark', fontSize: a.fontSize, lineHeight: Math.round(a.fontSize * 1.45), wordWrap: a.wordWrap ? 'on' : 'off' };
}

function defineThemes(): void {
  monaco.editor.defineTheme('rules-light', {
    base: 'vs',
    inherit: true,
    rules: [
      { token: 'string.key.json', foreground: '0b4f8a' },
      { token: 'string.value.json', foreground: '8f2f12' },
    ],
    colors: {
      'editor.background': '#ffffff',
      'editor.lineHighlightBackground': '#f1f4f8',
      'editorLineNumber.foreground': '#5f6673',
      'editorLineNumber.activeForeground': '#1c2027',
      'focusBorder': '#1d5796',
    },
  });
  monaco.editor.defineTheme('rules-dark', {
    base: 'vs-dark',
    inherit: true,
    rules: [
      { token: 'string.key.json', foreground: '9cdcfe' },
      { token: 'string.value.json', foreground: 'ce9178' },
    ],
    colors: {
      'editor.background': '#1b1d23',
      'editor.lineHighlightBackground': '#23262e',
      'editorGutter.background': '#1b1d23',
      'editorLineNumber.foreground': '#8a92a3',
      'editorLineNumber.activeForeground': '#9aa3b5',
      'editorWidget.background': '#22252c',
      'editorHoverWidget.background': '#22252c',
      'editorHoverWidget.border': '#3a3f4b',
      'focusBorder': '#79b8ff',
    },
  });
}

/**
 * A side-by-side view of the file on disk (left) and the editor's text (right), for a conflict. The returned function
 * closes it: the diff editor goes first (it cancels its pending diff and layout and lets go of both models), then the
 * disk text's model, which only it used; the right side is the document's own model and stays.
 */
export function createCompareView(container: HTMLElement, editor: SystemEditor, docId: string, diskText: string): () => void {
  const modified = editor.modelOf(docId);
  if (!modified) return () => {};
  const original = monaco.editor.createModel(diskText, 'json');
  const diff = monaco.editor.createDiffEditor(container, {
    automaticLayout: true,
    readOnly: false,
    renderSideBySide: true,
    minimap: { enabled: false },
    fontSize: 13,
    originalEditable: false,
  });
  // Each code editor Monaco creates makes its own instantiation service the source of every later default hover
  // (tooltips of lists and toolbars); the diff's two inner editors hand over the diff's, which dies with it, and the
  // next tooltip anywhere then fails ("InstantiationService has been disposed", and in a list "Got bad scroll
  // event"). Give that role back to the editors' shared, lasting service at once.
  restoreHoverDelegates();
  diff.setModel({ original, modified });
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    diff.dispose();
    original.dispose();
    restoreHoverDelegates();
  };
}

/** Default hovers come from the standalone editors' global instantiation service (see createCompareView). */
function restoreHoverDelegates(): void {
  const services = StandaloneServices.initialize({});
  setHoverDelegateFactory((placement, instantHover) => services.createInstance(WorkbenchHoverDelegate, placement, { instantHover }, {}));
}
