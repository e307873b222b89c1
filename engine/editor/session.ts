// One open system document, as both editor shells keep it: the studio's check worker and the language server.
// Checks each version (the fast path while typing inside one formula), and keeps what hovers, completions and go to
// definition need from the last check: the formula places, the definitions and the formula tools of the last
// version that parsed (they keep working while the JSON is broken mid-edit).
import { SystemChecker, type AnalyzedSystem } from './analyze';
import { FormulaTools } from './formulaTools';
import type { Definition } from './types';

interface Known {
  readonly analysis: AnalyzedSystem;
  tools: FormulaTools | null;
  pointers: ReadonlySet<string> | null;
}

export interface SessionCheck {
  readonly analysis: AnalyzedSystem;
  /** Only the edited formula was checked again: a full check should follow when typing pauses. */
  readonly fast: boolean;
  /** On a fast check, the range of the text whose formula tokens changed. */
  readonly tokenRange: { readonly start: number; readonly end: number } | null;
}

export class DocumentSession {
  readonly #checker = new SystemChecker();
  #known: Known | null = null;
  #lastParsed: Known | null = null;
  #latest: AnalyzedSystem | null = null;

  check(text: string, full: boolean): SessionCheck {
    const result = this.#checker.check(text, full);
    this.#latest = result.analysis;
    if (!result.fast) {
      const entry: Known = { analysis: result.analysis, tools: null, pointers: null };
      this.#known = entry;
      if (result.analysis.document != null) this.#lastParsed = entry;
    }
    return result;
  }

  /** The analysis of the last version checked (fast or full), or null before the first check. */
  get latest(): AnalyzedSystem | null {
    return this.#latest;
  }

  #parsed(): Known | null {
    return this.#known?.analysis.document != null ? this.#known : this.#lastParsed;
  }

  /** The formula tools of the last version that parsed, or null if none has. */
  tools(): FormulaTools | null {
    const entry = this.#parsed();
    if (!entry) return null;
    entry.tools ??= new FormulaTools(entry.analysis.document);
    return entry.tools;
  }

  /** Is the string at `pointer` a formula field (as of the last version that parsed)? */
  isFormula(pointer: string): boolean {
    const entry = this.#parsed();
    if (!entry) return false;
    entry.pointers ??= new Set(entry.analysis.formulaPointers);
    return entry.pointers.has(pointer);
  }

  /** Every id the document defines (as of the last version that parsed). */
  definitions(): readonly Definition[] {
    return this.#parsed()?.analysis.definitions ?? [];
  }
}
