// A minimal LSP client over stdio, as an editor is one: it starts `rules-studio lsp` through the bin (the CLI bundle,
// the path a user's editor takes), frames JSON-RPC messages with Content-Length headers, and keeps every
// notification the server sends so a test can wait for one. Also writes raw bytes, to send the server nonsense.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

export const REPO = join(import.meta.dirname, '..', '..');

export interface Message {
  readonly jsonrpc: '2.0';
  readonly id?: number | string | null;
  readonly method?: string;
  readonly params?: unknown;
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string };
}

export class LspClient {
  readonly process: ChildProcessWithoutNullStreams;
  readonly notifications: Message[] = [];
  stderr = '';
  #buffer = Buffer.alloc(0);
  #nextId = 1;
  readonly #pending = new Map<number | string, (message: Message) => void>();
  #waiters: { test: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  readonly exited: Promise<number | null>;

  constructor(args: readonly string[] = ['lsp', '--stdio'], env: NodeJS.ProcessEnv = {}) {
    this.process = spawn(process.execPath, [join(REPO, 'bin/rules-studio.mjs'), ...args], {
      cwd: REPO,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.process.stdout.on('data', (chunk: Buffer) => this.#read(chunk));
    this.process.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.exited = new Promise((resolve) => this.process.on('exit', (code) => resolve(code)));
  }

  #read(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const headerEnd = this.#buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = this.#buffer.subarray(0, headerEnd).toString('ascii');
      const length = Number(/Content-Length: *(\d+)/i.exec(header)?.[1]);
      if (!Number.isFinite(length)) throw new Error(`the server sent a header without Content-Length: ${header}`);
      if (this.#buffer.length < headerEnd + 4 + length) return;
      const body = this.#buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.#buffer = this.#buffer.subarray(headerEnd + 4 + length);
      this.#dispatch(JSON.parse(body) as Message);
    }
  }

  #dispatch(message: Message): void {
    if (message.id !== undefined && message.id !== null && message.method === undefined) {
      const resolve = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      resolve?.(message);
      return;
    }
    if (message.method !== undefined && message.id !== undefined) {
      // A request from the server (workspace/configuration, ...): answer as a plain editor would.
      this.#send({ jsonrpc: '2.0', id: message.id, result: message.method === 'workspace/configuration' ? [null] : null });
      return;
    }
    this.notifications.push(message);
    this.#waiters = this.#waiters.filter((w) => {
      if (!w.test(message)) return true;
      w.resolve(message);
      return false;
    });
  }

  #send(message: object): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.process.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
  }

  /** Bytes as they are: for a client that sends nonsense. */
  writeRaw(bytes: string | Buffer): void {
    this.process.stdin.write(bytes);
  }

  request<T = unknown>(method: string, params: unknown): Promise<{ result: T; error?: Message['error'] }> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#pending.set(id, (m) => resolve({ result: m.result as T, ...(m.error ? { error: m.error } : {}) }));
      this.#send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.#send({ jsonrpc: '2.0', method, params });
  }

  /** The first notification (already received or to come) that passes `test`. */
  waitFor(test: (m: Message) => boolean, from = 0): Promise<Message> {
    const seen = this.notifications.slice(from).find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.#waiters.push({ test, resolve }));
  }

  /** The diagnostics published for `uri` at `version` (or later). */
  async diagnostics(uri: string, version: number, from = 0): Promise<LspDiagnostic[]> {
    const m = await this.waitFor((n) => n.method === 'textDocument/publishDiagnostics' && (n.params as { uri: string; version?: number }).uri === uri && ((n.params as { version?: number }).version ?? -1) >= version, from);
    return (m.params as { diagnostics: LspDiagnostic[] }).diagnostics;
  }

  async initialize(initializationOptions: unknown = {}): Promise<{ capabilities: Record<string, unknown> }> {
    const { result } = await this.request<{ capabilities: Record<string, unknown> }>('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] }, completion: { completionItem: { snippetSupport: true } } } },
      initializationOptions,
    });
    this.notify('initialized', {});
    return result;
  }

  async close(): Promise<number | null> {
    if (this.process.exitCode === null) {
      await this.request('shutdown', null);
      this.notify('exit', null);
    }
    return this.exited;
  }
}

export interface LspPosition {
  readonly line: number;
  readonly character: number;
}

export interface LspRange {
  readonly start: LspPosition;
  readonly end: LspPosition;
}

export interface LspDiagnostic {
  readonly range: LspRange;
  readonly severity: number;
  readonly message: string;
  readonly source?: string;
  readonly code?: string;
  readonly data?: { readonly pointer: string };
}

/** The LSP position (0-based line and UTF-16 character) of an offset of `text`. */
export function positionOf(text: string, offset: number): LspPosition {
  let line = 0;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, character: offset - start };
}
