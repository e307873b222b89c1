// The check worker's work: the engine's checker on every edit, formula distributions for hovers, completion names.
// Keeps the last analysis per document so hovers and completions answer without re-checking. check.worker.ts
// loads this module (and the engine with it) as a chunk of its own.
import { SystemChecker, type AnalyzedSystem } from './analyzeSystem';
import { FormulaTools } from './formulaTools';
import type { CheckRequest, CheckResponse } from './protocol';

interface Known {
  readonly analysis: AnalyzedSystem;
  tools: FormulaTools | null;
}

const known = new Map<string, Known>();
const checkers = new Map<string, SystemChecker>();
/** The last document that parsed: completions and hovers keep working while the JSON is broken mid-edit. */
const lastParsed = new Map<string, Known>();

export type Post = (message: CheckResponse) => void;

function toolsFor(docId: string): FormulaTools | null {
  const entry = known.get(docId)?.analysis.document != null ? known.get(docId) : lastParsed.get(docId);
  if (!entry || entry.analysis.document == null) return null;
  entry.tools ??= new FormulaTools(entry.analysis.document);
  return entry.tools;
}

/** Answers one request through `post` (every request gets exactly one answer, `failed` when it threw). */
export function handleCheckRequest(request: CheckRequest, post: Post): void {
  try {
    switch (request.type) {
      case 'check': {
        const started = performance.now();
        let checker = checkers.get(request.docId);
        if (!checker) checkers.set(request.docId, (checker = new SystemChecker()));
        const { analysis, fast, tokenRange } = checker.check(request.text, request.full);
        if (!fast) {
          const entry: Known = { analysis, tools: null };
          known.set(request.docId, entry);
          if (analysis.document != null) lastParsed.set(request.docId, entry);
        }
        post({
          type: 'checked',
          id: request.id,
          docId: request.docId,
          version: request.version,
          diagnostics: analysis.diagnostics,
          // A fast check sends only the edited formula's tokens: the editor's other decorations moved with the edit.
          tokens: tokenRange ? analysis.tokens.filter((t) => t.start >= tokenRange.start && t.end <= tokenRange.end) : analysis.tokens,
          tokenRange,
          // Unchanged by a fast check (it never touches ids or formula places): not sent again.
          definitions: fast ? [] : analysis.definitions,
          formulaPointers: fast ? [] : analysis.formulaPointers,
          valid: analysis.valid,
          fast,
          millis: performance.now() - started,
        });
        return;
      }
      case 'formulaInfo': {
        const tools = toolsFor(request.docId);
        const info = tools
          ? tools.info(request.pointer, request.formula, request.defence)
          : { distribution: null, problem: 'The document does not parse yet.', samples: {} };
        post({ type: 'formulaInfo', id: request.id, info });
        return;
      }
      case 'completions':
        post({ type: 'completions', id: request.id, names: toolsFor(request.docId)?.completions(request.pointer) ?? [] });
        return;
    }
  } catch (error) {
    post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
}
