// Open system documents: text, saved state, diagnostics from the check worker, conflicts and backups.
// Commands are explicit (open, edit, save, saveAs, reload, overwrite, close); components only call them.
import type { Host, OpenedFile, VersionStamp } from '../host/host';
import type { CompletionName, Definition, EditorDiagnostic, FormulaInfo, FormulaToken, LanguageAnswer, LanguageQuery, RulesFieldKind } from '../workers/protocol';
import type { TextCheck, CheckService } from './checkService';
import { t } from '../i18n/index.svelte';

/** What the state layer asks of the editor (the Monaco glue implements it). */
export interface EditorPort {
  openDocument(docId: string, path: string, text: string): void;
  showDocument(docId: string): void;
  closeDocument(docId: string): void;
  replaceText(docId: string, text: string): void;
  /** Replaces a range as if typed: one undo step, and the edit flows back through `onEdit`. */
  replaceRange(docId: string, start: number, end: number, text: string): void;
  setDiagnostics(docId: string, diagnostics: readonly EditorDiagnostic[]): void;
  /** With `range`, only the tokens inside it are replaced (a fast check). */
  setFormulaTokens(docId: string, tokens: readonly FormulaToken[], range?: { readonly start: number; readonly end: number } | null): void;
  setDefinitions(docId: string, definitions: readonly Definition[]): void;
  highlightPointer(docId: string, pointer: string): boolean;
  reveal(docId: string, line: number, column: number): void;
}

export type Conflict = { readonly disk: OpenedFile | null; readonly reason: 'changed-on-disk' | 'save-refused' };

let nextDocId = 1;
const BACKUP_DELAY_MS = 1000;
/** Pause in typing after which a fast (one-formula) check is confirmed by a full one. */
const FULL_CHECK_DELAY_MS = 350;

/** A system file open in the studio: its text, saved text, version and last check (the engine's SystemDocument is the parsed JSON). */
export class OpenDocument {
  readonly id = `doc-${nextDocId++}`;
  path = $state('');
  text = $state.raw('');
  savedText = $state.raw('');
  baseVersion = $state.raw<VersionStamp | null>(null);
  diagnostics = $state.raw<readonly EditorDiagnostic[]>([]);
  definitions = $state.raw<readonly Definition[]>([]);
  /** Formula pointers known from the last check (hover and completion only answer inside these). */
  formulaPointers = $state.raw<ReadonlySet<string>>(new Set());
  /** The last text that checked clean: the sandbox keeps running it while the text has errors. */
  lastValidText = $state.raw<string | null>(null);
  /** The version the diagnostics belong to (-1 before the first check). */
  checkedVersion = $state(-1);
  conflict = $state.raw<Conflict | null>(null);
  /** A save found the file read-only on disk: the question to ask (overwrite / save as / cancel), else null. */
  readOnly = $state<string | null>(null);
  message = $state<string | null>(null);
  lastCheckMillis = $state(0);
  version = 0;
  backupTimer: ReturnType<typeof setTimeout> | null = null;

  readonly dirty = $derived(this.text !== this.savedText);
  readonly errorCount = $derived(this.diagnostics.filter((d) => d.severity === 'error').length);
  readonly warningCount = $derived(this.diagnostics.filter((d) => d.severity === 'warning').length);
  readonly valid = $derived(this.errorCount === 0);
  readonly name = $derived(this.path.split('/').pop() ?? this.path);

  constructor(file: OpenedFile) {
    this.path = file.path;
    this.text = file.text;
    this.savedText = file.text;
    this.baseVersion = file.version;
  }
}

export class DocumentsState {
  documents = $state<OpenDocument[]>([]);
  activeId = $state<string | null>(null);
  /** The defence an attack roll's hover gives the chance to hit against (session setting). */
  defence = $state(13);
  readonly active = $derived(this.documents.find((d) => d.id === this.activeId) ?? null);
  #editor: EditorPort | null = null;
  /** Checks in flight per document: only the newest text is checked next (typing outruns the checker). */
  readonly #checking = new Map<string, boolean>();
  readonly #queued = new Map<string, boolean>();
  readonly #queuedFull = new Set<string>();
  readonly #fullTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Listeners for a document that checked clean (the sandbox re-runs). */
  readonly #validListeners = new Set<(doc: OpenDocument) => void>();
  #marks = 0;
  /** The editor (Monaco, its own chunk) loads after the first check may have answered: its colouring waits here. */
  readonly #tokensBeforeEditor = new Map<string, readonly FormulaToken[]>();
  #editorShown = false;

  constructor(
    private readonly host: Host,
    private readonly checker: CheckService,
    /** A second checker for the full checks that confirm fast ones (optional: tests run with one). */
    private readonly background: CheckService | null = null,
  ) {}

  attachEditor(editor: EditorPort): void {
    this.#editor = editor;
    for (const doc of this.documents) {
      editor.openDocument(doc.id, doc.path, doc.text);
      editor.setDiagnostics(doc.id, doc.diagnostics);
      editor.setDefinitions(doc.id, doc.definitions);
      const tokens = this.#tokensBeforeEditor.get(doc.id);
      if (tokens) editor.setFormulaTokens(doc.id, tokens);
      // Checked before the editor loaded, but without a full set of tokens: one more check colours it.
      else if (doc.checkedVersion >= 0) this.#scheduleCheck(doc, true);
    }
    this.#tokensBeforeEditor.clear();
    if (this.activeId) editor.showDocument(this.activeId);
    if (this.active && this.active.checkedVersion >= 0) this.#markEditorShown();
  }

  onValid(listener: (doc: OpenDocument) => void): () => void {
    this.#validListeners.add(listener);
    return () => this.#validListeners.delete(listener);
  }

  byPath(path: string): OpenDocument | undefined {
    return this.documents.find((d) => d.path === path);
  }

  byId(docId: string): OpenDocument | undefined {
    return this.documents.find((d) => d.id === docId);
  }

  /** Adds an opened file as a document (or shows it when already open) and checks it. */
  add(file: OpenedFile, dirtyText?: string): OpenDocument {
    const existing = this.byPath(file.path);
    if (existing) {
      this.activate(existing.id);
      return existing;
    }
    const doc = new OpenDocument(file);
    this.documents.push(doc);
    const added = this.documents[this.documents.length - 1]!;
    this.#editor?.openDocument(added.id, added.path, added.text);
    this.activate(added.id);
    if (dirtyText !== undefined && dirtyText !== added.text) {
      this.#editor?.replaceText(added.id, dirtyText);
      this.edit(added.id, dirtyText, { backup: false });
    } else {
      this.#scheduleCheck(added, true);
    }
    void this.host.watch(this.documents.map((d) => d.path));
    return added;
  }

  activate(docId: string): void {
    this.activeId = docId;
    this.#editor?.showDocument(docId);
  }

  /**
   * Sets one number of a document (a tune's answer): through the editor when it is up, so Ctrl+Z takes it back; the
   * document then checks and the sandbox re-runs as after typing. The answer is a message when the text has moved.
   */
  async setNumber(docId: string, pointer: string, span: { readonly start: number; readonly end: number } | undefined, now: number, to: number): Promise<string | null> {
    const doc = this.byId(docId);
    if (!doc) return 'no such document';
    // The JSON locator comes with the editor's chunk, not the first screen's.
    const { numberEdit } = await import('../../../engine/index');
    const change = numberEdit(doc.text, pointer, span, now, to);
    if (typeof change === 'string') return change;
    if (this.#editor) this.#editor.replaceRange(docId, change.start, change.end, change.text);
    else this.edit(docId, doc.text.slice(0, change.start) + change.text + doc.text.slice(change.end));
    this.#editor?.highlightPointer(docId, pointer);
    return null;
  }

  /**
   * Pins the sheets of a sample fight's template enemies (`pinned`), as one edit through the editor when it is up (one
   * undo step); the document then checks and the sandbox re-runs as after typing. A message when there is nothing to pin.
   */
  async pinFight(docId: string, fightId: string): Promise<string | null> {
    const doc = this.byId(docId);
    if (!doc) return 'no such document';
    const { pinFightEdit } = await import('../../../engine/index');
    const change = pinFightEdit(doc.text, fightId);
    if (typeof change === 'string') return change;
    this.applyEdit(docId, change);
    return null;
  }

  /** One edit of a document's text: through the editor when it is up (one undo step), else straight to the text. */
  applyEdit(docId: string, change: { readonly start: number; readonly end: number; readonly text: string }): void {
    const doc = this.byId(docId);
    if (!doc) return;
    if (this.#editor) this.#editor.replaceRange(docId, change.start, change.end, change.text);
    else this.edit(docId, doc.text.slice(0, change.start) + change.text + doc.text.slice(change.end));
  }

  /**
   * Sets one value of a document from the Rules outline: through the editor when it is up (one undo step, checked as
   * typing is), else as an edit of the text. The answer is a message when the value cannot be written.
   */
  async setValue(docId: string, pointer: string, kind: RulesFieldKind, value: string | number | boolean): Promise<string | null> {
    const doc = this.byId(docId);
    if (!doc) return 'no such document';
    const { valueEdit } = await import('../../../engine/index');
    const change = valueEdit(doc.text, pointer, kind, value);
    if (change === null || typeof change === 'string') return change;
    this.applyEdit(docId, change);
    return null;
  }

  /** The text changed in the editor. */
  edit(docId: string, text: string, options: { backup?: boolean } = {}): void {
    const doc = this.byId(docId);
    if (!doc) return;
    doc.text = text;
    doc.version += 1;
    // The UI benchmark measures keystroke → markers between these two marks (cleared now and then: no growth).
    if (++this.#marks > 5000) {
      this.#marks = 0;
      performance.clearMarks('rules:edit');
      performance.clearMarks('rules:markers');
    }
    performance.mark('rules:edit', { detail: { docId, version: doc.version } });
    this.#scheduleCheck(doc);
    if (options.backup !== false) this.#scheduleBackup(doc);
  }

  /** `overwriteReadOnly`: the user answered "overwrite" to the read-only question. */
  async save(docId: string, force = false, overwriteReadOnly = false): Promise<boolean> {
    const doc = this.byId(docId);
    if (!doc) return false;
    const text = doc.text;
    const result = await this.host.files.save({ path: doc.path, text, baseVersion: doc.baseVersion, force, ...(overwriteReadOnly ? { overwriteReadOnly } : {}) });
    if (result.kind === 'read-only') {
      doc.readOnly = result.message;
      return false;
    }
    doc.readOnly = null;
    if (result.kind === 'saved') {
      doc.savedText = text;
      doc.baseVersion = result.version;
      doc.conflict = null;
      doc.message = null;
      this.#cancelBackup(doc);
      return true;
    }
    if (result.kind === 'conflict') {
      doc.conflict = { disk: result.disk, reason: 'save-refused' };
      return false;
    }
    doc.message = result.message;
    return false;
  }

  async saveAs(docId: string, path: string, overwrite = false): Promise<boolean> {
    const doc = this.byId(docId);
    if (!doc) return false;
    const text = doc.text;
    const result = await this.host.files.saveAs({ path, text, overwrite });
    if (result.kind !== 'saved') {
      doc.message = result.kind === 'conflict' ? t('status.changedOnDisk') : result.message;
      return false;
    }
    void this.host.backups.discard(doc.path);
    this.savedAs(doc.id, result.path, text, result.version);
    return true;
  }

  /** The document's text `text` is saved at `path` now (a save-as, or a save elsewhere that moved the workspace). */
  savedAs(docId: string, path: string, text: string, version: VersionStamp): void {
    const doc = this.byId(docId);
    if (!doc) return;
    this.#editor?.closeDocument(doc.id);
    doc.path = path;
    doc.savedText = text;
    doc.baseVersion = version;
    doc.message = null;
    doc.readOnly = null;
    doc.conflict = null;
    this.#editor?.openDocument(doc.id, doc.path, doc.text);
    this.#scheduleCheck(doc, true);
    void this.host.watch(this.documents.map((d) => d.path));
  }

  /** An outside change: a clean document reloads; a dirty one enters a conflict. */
  async fileChanged(path: string, kind: 'changed' | 'deleted', version: VersionStamp | null): Promise<void> {
    const doc = this.byPath(path);
    if (!doc) return;
    if (version && doc.baseVersion && version.hash === doc.baseVersion.hash) return;
    if (kind === 'deleted') {
      doc.conflict = { disk: null, reason: 'changed-on-disk' };
      return;
    }
    const opened = await this.host.files.open(path);
    if (opened.kind !== 'opened') return;
    if (opened.text === doc.savedText && opened.version.hash === doc.baseVersion?.hash) return;
    if (!doc.dirty) {
      this.#applyDiskText(doc, opened);
    } else {
      doc.conflict = { disk: opened, reason: 'changed-on-disk' };
    }
  }

  /** Conflict: take the disk's version (the editor's text stays one undo step away). */
  reload(docId: string): void {
    const doc = this.byId(docId);
    const disk = doc?.conflict?.disk;
    if (!doc || !disk) return;
    this.#applyDiskText(doc, disk);
    void this.host.backups.discard(doc.path);
  }

  /** Conflict: write the editor's text over the disk's. */
  overwrite(docId: string): Promise<boolean> {
    return this.save(docId, true);
  }

  close(docId: string): void {
    const index = this.documents.findIndex((d) => d.id === docId);
    if (index < 0) return;
    const doc = this.documents[index]!;
    this.#cancelBackup(doc);
    if (doc.dirty) void this.host.backups.discard(doc.path);
    this.#editor?.closeDocument(docId);
    this.documents.splice(index, 1);
    if (this.activeId === docId) {
      const next = this.documents[Math.min(index, this.documents.length - 1)];
      this.activeId = next?.id ?? null;
      if (next) this.#editor?.showDocument(next.id);
    }
    void this.host.watch(this.documents.map((d) => d.path));
  }

  revealProblem(docId: string, diagnostic: EditorDiagnostic): void {
    this.activate(docId);
    this.#editor?.reveal(docId, diagnostic.line, diagnostic.column);
  }

  highlightPointer(docId: string, pointer: string): boolean {
    this.activate(docId);
    return this.#editor?.highlightPointer(docId, pointer) ?? false;
  }

  /** `tier`: the tier `@tier` and a template's sheet are read at (the dice hover's choice). */
  formulaInfo(docId: string, pointer: string, formula: string, tier = 1, defence = this.defence): Promise<FormulaInfo | null> {
    return this.checker.formulaInfo(docId, pointer, formula, defence, tier);
  }

  completions(docId: string, pointer: string): Promise<readonly CompletionName[]> {
    return this.checker.completions(docId, pointer);
  }

  language(query: LanguageQuery): Promise<LanguageAnswer | null> {
    return this.checker.language(query);
  }

  #applyDiskText(doc: OpenDocument, disk: OpenedFile): void {
    doc.savedText = disk.text;
    doc.baseVersion = disk.version;
    doc.conflict = null;
    this.#editor?.replaceText(doc.id, disk.text);
    doc.text = disk.text;
    doc.version += 1;
    this.#scheduleCheck(doc, true);
  }

  #scheduleCheck(doc: OpenDocument, full = false): void {
    if (full) this.#queuedFull.add(doc.id);
    if (this.#checking.get(doc.id)) {
      this.#queued.set(doc.id, true);
      return;
    }
    void this.#runCheck(doc);
  }

  async #runCheck(doc: OpenDocument): Promise<void> {
    this.#checking.set(doc.id, true);
    const full = this.#queuedFull.delete(doc.id);
    let fast = false;
    try {
      const version = doc.version;
      const text = doc.text;
      const result = await this.checker.check(doc.id, version, text, full);
      if (!result || !this.byId(doc.id)) return;
      fast = result.fast;
      this.#apply(doc, version, text, result);
    } finally {
      this.#checking.set(doc.id, false);
      if (this.#queued.get(doc.id)) {
        this.#queued.set(doc.id, false);
        void this.#runCheck(doc);
      } else if (fast) {
        // The fast answer covered one formula: a full check confirms it once typing pauses, in the background
        // worker, so it never holds up the next keystroke's markers.
        const timer = this.#fullTimers.get(doc.id);
        if (timer) clearTimeout(timer);
        this.#fullTimers.set(
          doc.id,
          setTimeout(() => {
            this.#fullTimers.delete(doc.id);
            void this.#confirm(doc);
          }, FULL_CHECK_DELAY_MS),
        );
      }
    }
  }

  async #confirm(doc: OpenDocument): Promise<void> {
    const version = doc.version;
    const text = doc.text;
    const result = await (this.background ?? this.checker).check(doc.id, version, text, true);
    // Typing went on meanwhile: that version gets its own (fast, then confirmed) check.
    if (!result || version !== doc.version || !this.byId(doc.id) || this.#checking.get(doc.id)) return;
    this.#apply(doc, version, text, result);
  }

  #apply(doc: OpenDocument, version: number, text: string, result: TextCheck): void {
    doc.diagnostics = result.diagnostics;
    if (!result.fast) {
      doc.formulaPointers = result.formulaPointers;
      doc.definitions = result.definitions;
    }
    doc.checkedVersion = version;
    doc.lastCheckMillis = result.millis;
    if (!this.#editor) {
      if (result.fast) this.#tokensBeforeEditor.delete(doc.id);
      else this.#tokensBeforeEditor.set(doc.id, result.tokens);
    }
    this.#editor?.setDiagnostics(doc.id, result.diagnostics);
    this.#editor?.setFormulaTokens(doc.id, result.tokens, result.tokenRange);
    if (!result.fast) this.#editor?.setDefinitions(doc.id, result.definitions);
    if (this.#editor && doc.id === this.activeId) this.#markEditorShown();
    performance.mark('rules:markers', { detail: { docId: doc.id, version, fast: result.fast, workerMillis: result.millis } });
    if (!result.fast && result.valid && version === doc.version) {
      doc.lastValidText = text;
      for (const listener of this.#validListeners) listener(doc);
    }
  }

  /** First load: the editor shows the active document with its markers (the UI benchmark reads this mark). */
  #markEditorShown(): void {
    if (this.#editorShown) return;
    this.#editorShown = true;
    performance.mark('rules:editor');
  }

  #scheduleBackup(doc: OpenDocument): void {
    this.#cancelBackup(doc);
    doc.backupTimer = setTimeout(() => {
      doc.backupTimer = null;
      // Edited back to the saved text: an earlier backup would otherwise come back after a crash (or in a new tab) as
      // unsaved text the user took out.
      if (!doc.dirty) {
        void this.host.backups.discard(doc.path);
        return;
      }
      void this.host.backups.write({ path: doc.path, text: doc.text, baseVersion: doc.baseVersion }).then((r) => {
        if (r.kind === 'error') doc.message = t('status.backupFailed', { message: r.message });
      });
    }, BACKUP_DELAY_MS);
  }

  #cancelBackup(doc: OpenDocument): void {
    if (doc.backupTimer) clearTimeout(doc.backupTimer);
    doc.backupTimer = null;
  }
}
