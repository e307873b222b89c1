// The browser studio's host: the IPC contract over fetch to the local server (electron/web/server.ts), with the
// per-run token on every request (the page gets it by trading the one-time code of the address it was opened with,
// exchangeCode); file changes arrive as Server-Sent Events read through fetch (EventSource
// cannot send the token header). No DOM use here, so it also runs in Node for tests.
import { safeExternalUrl } from '../../../electron/contract/links';
import { LocalSessionStore } from './session-store';
import type {
  Backup,
  BackupInfo,
  BackupRequest,
  BackupResult,
  FileChange,
  Host,
  OpenResult,
  RecentEntry,
  RunAppendResult,
  RunReadResult,
  RunRecord,
  SaveAsRequest,
  SaveElsewhereRequest,
  SaveElsewhereResult,
  SaveRequest,
  SaveResult,
  SeedInfo,
  WorkspaceFile,
  WorkspaceInfo,
} from './host';

export const TOKEN_HEADER = 'x-rules-studio-token';
export const CODE_HEADER = 'x-rules-studio-code';
const FILES_CHANGED = 'studio:files.changed';

export interface BrowserHostOptions {
  /** The server's origin, e.g. http://127.0.0.1:43123 */
  origin: string;
  /** The session token, or the exchange that will give it (every request waits for it). */
  token: string | Promise<string>;
  fetch?: typeof fetch;
  /** Opens a checked https link (the page: window.open with noopener). */
  openWindow?: (url: string) => void;
  /** Wait before reconnecting the event stream after it drops (the server restarted, the laptop slept). */
  reconnectMs?: number;
  /** Where the session is kept (the page's localStorage); none: nothing is kept. */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export class BrowserHost implements Host {
  readonly kind = 'browser';
  readonly canChooseFolder = false;
  readonly workspace: Host['workspace'];
  readonly files: Host['files'];
  readonly backups: Host['backups'];
  readonly recent: Host['recent'];
  readonly runs: Host['runs'];
  readonly session: Host['session'];

  private readonly origin: string;
  private readonly token: Promise<string>;
  private readonly fetchImpl: typeof fetch;
  private readonly openWindow: ((url: string) => void) | null;
  private readonly reconnectMs: number;
  private readonly listeners = new Set<(change: FileChange) => void>();
  private stream: AbortController | null = null;
  private connectedWaiters: (() => void)[] = [];
  private connected = false;

  constructor(options: BrowserHostOptions) {
    this.origin = options.origin.replace(/\/$/, '');
    this.token = Promise.resolve(options.token);
    this.token.catch(() => undefined); // each request reports a failed exchange itself
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.openWindow = options.openWindow ?? null;
    this.reconnectMs = options.reconnectMs ?? 1000;
    this.session = new LocalSessionStore(options.storage ?? null);

    this.workspace = {
      get: () => this.call<WorkspaceInfo>('studio:workspace.get'),
      choose: async () => null,
    };
    this.files = {
      list: () => this.call<WorkspaceFile[]>('studio:files.list'),
      open: (path: string) => this.call<OpenResult>('studio:files.open', path),
      save: (request: SaveRequest) => this.call<SaveResult>('studio:files.save', request),
      saveAs: (request: SaveAsRequest) => this.call<SaveResult>('studio:files.saveAs', request),
      saveElsewhere: (request: SaveElsewhereRequest) => this.call<SaveElsewhereResult>('studio:files.saveElsewhere', request),
      seeds: () => this.call<SeedInfo[]>('studio:files.seeds'),
      newFromSeed: (seedId: string, path: string) => this.call<OpenResult>('studio:files.newFromSeed', seedId, path),
    };
    this.backups = {
      write: (request: BackupRequest) => this.call<BackupResult>('studio:backups.write', request),
      list: () => this.call<BackupInfo[]>('studio:backups.list'),
      restore: (path: string) => this.call<Backup | null>('studio:backups.restore', path),
      discard: async (path: string) => {
        await this.call<null>('studio:backups.discard', path);
      },
    };
    this.recent = {
      list: () => this.call<RecentEntry[]>('studio:recent.list'),
    };
    this.runs = {
      append: (run: RunRecord) => this.call<RunAppendResult>('studio:runs.append', run),
      read: (systemId: string) => this.call<RunReadResult>('studio:runs.read', systemId),
    };
  }

  async watch(paths: string[]): Promise<void> {
    await this.call<null>('studio:files.watch', paths);
  }

  onChange(listener: (change: FileChange) => void): () => void {
    this.listeners.add(listener);
    if (this.stream === null) this.startEventStream();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopEventStream();
    };
  }

  async openExternal(url: string): Promise<boolean> {
    const href = safeExternalUrl(url);
    if (this.openWindow === null || href === null) return false;
    this.openWindow(href);
    return true;
  }

  /** Resolves once the change stream is connected (tests; the UI need not wait). */
  eventsConnected(): Promise<void> {
    return this.connected ? Promise.resolve() : new Promise((resolve) => this.connectedWaiters.push(resolve));
  }

  close(): void {
    this.listeners.clear();
    this.stopEventStream();
  }

  private async call<T>(channel: string, ...args: unknown[]): Promise<T> {
    const response = await this.fetchImpl(`${this.origin}/api/invoke/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: await this.token },
      body: JSON.stringify({ args }),
    });
    let body: { result?: T; error?: string };
    try {
      body = (await response.json()) as { result?: T; error?: string };
    } catch {
      throw new Error(`${channel}: the studio server answered HTTP ${response.status} without JSON`);
    }
    if (!response.ok) throw new Error(body.error ?? `${channel}: HTTP ${response.status}`);
    return body.result as T;
  }

  private startEventStream(): void {
    const controller = new AbortController();
    this.stream = controller;
    void this.readEvents(controller.signal);
  }

  private stopEventStream(): void {
    this.stream?.abort();
    this.stream = null;
    this.connected = false;
  }

  private async readEvents(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        const response = await this.fetchImpl(`${this.origin}/api/events`, { headers: { [TOKEN_HEADER]: await this.token }, signal });
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            this.handleEventBlock(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        // dropped or refused: retry below unless we were closed
      }
      this.connected = false;
      if (signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, this.reconnectMs));
    }
  }

  private handleEventBlock(block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        if (!this.connected) {
          this.connected = true;
          for (const resolve of this.connectedWaiters.splice(0)) resolve();
        }
      } else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (event !== FILES_CHANGED || data.length === 0) return;
    let change: FileChange;
    try {
      change = JSON.parse(data.join('\n')) as FileChange;
    } catch {
      return;
    }
    for (const listener of this.listeners) listener(change);
  }
}

/**
 * Trades the one-time code of the address the studio printed (`#code=…`) for this run's session token. The server
 * voids the code as it answers, so an address seen on a command line (`xdg-open …`, a browser's own) opens nothing.
 */
export async function exchangeCode(origin: string, code: string, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<string> {
  const response = await fetchImpl(`${origin.replace(/\/$/, '')}/api/session`, { method: 'POST', headers: { [CODE_HEADER]: code } });
  let body: { token?: unknown; error?: unknown };
  try {
    body = (await response.json()) as { token?: unknown; error?: unknown };
  } catch {
    throw new Error(`The studio server answered HTTP ${response.status} without JSON`);
  }
  if (!response.ok || typeof body.token !== 'string') {
    throw new Error(typeof body.error === 'string' ? body.error : `The studio server refused the address (HTTP ${response.status})`);
  }
  return body.token;
}
