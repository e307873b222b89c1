// The check worker's work: the engine's checker on every edit, formula distributions for hovers, completion names.
// A thin shell over engine/editor's DocumentSession, one per document (the language server is the other shell).
// check.worker.ts loads this module (and the engine with it) as a chunk of its own.
import { DocumentSession } from '../../../engine/index';
import type { CheckRequest, CheckResponse, LanguageAnswer, LanguageQuery } from './protocol';
import { schemaCompletions, schemaHover } from '../../../engine/index';
import { completionWords, partyOdds, quickFixes, rulesOutline, translateSchemaText, type SystemDocument } from '../../../engine/index';

const sessions = new Map<string, DocumentSession>();

export type Post = (message: CheckResponse) => void;

function sessionOf(docId: string): DocumentSession {
  let session = sessions.get(docId);
  if (!session) sessions.set(docId, (session = new DocumentSession()));
  return session;
}

/** Answers one request through `post` (every request gets exactly one answer, `failed` when it threw). */
export function handleCheckRequest(request: CheckRequest, post: Post): void {
  try {
    switch (request.type) {
      case 'check': {
        const started = performance.now();
        const { analysis, fast, tokenRange } = sessionOf(request.docId).check(request.text, request.full);
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
        const tools = sessions.get(request.docId)?.tools();
        const info = tools
          ? tools.info(request.pointer, request.formula, request.defence, request.tier)
          : { distribution: null, problem: 'The document does not parse yet.', samples: {} };
        post({ type: 'formulaInfo', id: request.id, info });
        return;
      }
      case 'completions':
        post({ type: 'completions', id: request.id, names: sessions.get(request.docId)?.tools()?.completions(request.pointer) ?? [] });
        return;
      case 'language':
        post({ type: 'language', id: request.id, answer: answerLanguage(request.query) });
        return;
    }
  } catch (error) {
    post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
}

/** Schema help and quick fixes: plain functions of the text (a language server asks the same ones). */
export function answerLanguage(query: LanguageQuery): LanguageAnswer {
  switch (query.kind) {
    case 'complete':
      return { kind: 'complete', items: schemaCompletions(query.text, query.offset, completionWords(query.locale ?? 'en')) };
    case 'hover':
      return { kind: 'hover', hover: schemaHover(query.text, query.offset, (d) => translateSchemaText(d, query.locale ?? 'en')) };
    case 'fixes':
      return { kind: 'fixes', fixes: query.diagnostics.map((d) => quickFixes(query.text, d)) };
    case 'rules':
      return { kind: 'rules', outline: rulesOutline(query.text) };
    case 'odds': {
      let doc: SystemDocument;
      try {
        doc = JSON.parse(query.text) as SystemDocument;
      } catch {
        return { kind: 'odds', odds: 'the document is not JSON yet' };
      }
      return { kind: 'odds', odds: partyOdds(doc, query.party) };
    }
  }
}
