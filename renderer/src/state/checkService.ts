// The check worker behind a small typed API. Stale answers (an older version than the document's) are dropped
// by the caller comparing versions; hovers and completions read the worker's last analysis of that document.
import { WorkerClient } from '../workers/client';
import type {
  CheckRequest,
  CheckResponse,
  CompletionName,
  Definition,
  EditorDiagnostic,
  FormulaInfo,
  FormulaToken,
  LanguageAnswer,
  LanguageQuery,
} from '../workers/protocol';

/** What one check of a document's text found (the formula checker's result is the engine's CheckResult). */
export interface TextCheck {
  readonly diagnostics: readonly EditorDiagnostic[];
  readonly tokens: readonly FormulaToken[];
  readonly tokenRange: { readonly start: number; readonly end: number } | null;
  readonly definitions: readonly Definition[];
  readonly formulaPointers: ReadonlySet<string>;
  readonly valid: boolean;
  readonly fast: boolean;
  readonly millis: number;
}

export interface CheckService {
  check(docId: string, version: number, text: string, full: boolean): Promise<TextCheck | null>;
  formulaInfo(docId: string, pointer: string, formula: string, defence?: number, tier?: number): Promise<FormulaInfo | null>;
  completions(docId: string, pointer: string): Promise<readonly CompletionName[]>;
  /** Schema completion, key hover and quick fixes for a text (null when the worker could not answer). */
  language(query: LanguageQuery): Promise<LanguageAnswer | null>;
  dispose(): void;
}

export class WorkerCheckService implements CheckService {
  readonly #client: WorkerClient<CheckRequest, CheckResponse>;

  constructor(createWorker: () => Worker) {
    this.#client = new WorkerClient(createWorker);
  }

  async check(docId: string, version: number, text: string, full: boolean): Promise<TextCheck | null> {
    const answer = await this.#client.request({ type: 'check', docId, version, text, full });
    if (answer.type !== 'checked') return null;
    return {
      diagnostics: answer.diagnostics,
      tokens: answer.tokens,
      tokenRange: answer.tokenRange,
      definitions: answer.definitions,
      formulaPointers: new Set(answer.formulaPointers),
      valid: answer.valid,
      fast: answer.fast,
      millis: answer.millis,
    };
  }

  async formulaInfo(docId: string, pointer: string, formula: string, defence?: number, tier?: number): Promise<FormulaInfo | null> {
    const answer = await this.#client.request({ type: 'formulaInfo', docId, pointer, formula, defence, tier });
    return answer.type === 'formulaInfo' ? answer.info : null;
  }

  async completions(docId: string, pointer: string): Promise<readonly CompletionName[]> {
    const answer = await this.#client.request({ type: 'completions', docId, pointer });
    return answer.type === 'completions' ? answer.names : [];
  }

  async language(query: LanguageQuery): Promise<LanguageAnswer | null> {
    const answer = await this.#client.request({ type: 'language', query });
    return answer.type === 'language' ? answer.answer : null;
  }

  dispose(): void {
    this.#client.dispose();
  }
}
