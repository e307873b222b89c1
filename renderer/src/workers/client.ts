// Request/response over a module Web Worker: ids pair answers with requests; restart() stops runaway work.
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

interface Pending<Res> {
  resolve(value: Res): void;
  reject(reason: Error): void;
}

export class WorkerStopped extends Error {
  constructor() {
    super('stopped');
    this.name = 'WorkerStopped';
  }
}

export class WorkerClient<Req extends { id: number }, Res extends { id: number; type: string }> {
  #worker: Worker | null = null;
  #nextId = 1;
  readonly #pending = new Map<number, Pending<Res>>();
  /** Messages that answer no request in full (progress reports). */
  onNotice: ((message: Res) => void) | null = null;

  constructor(
    private readonly createWorker: () => Worker,
    /** Message types that are notices, not final answers. */
    private readonly noticeTypes: readonly string[] = [],
  ) {}

  request(message: DistributiveOmit<Req, 'id'>): Promise<Res> {
    const id = this.#nextId++;
    const worker = this.#ensure();
    return new Promise<Res>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id } as unknown as Req);
    });
  }

  /** terminate() the worker (a runaway batch) and fail whatever was pending; the next request starts a fresh one. */
  restart(): void {
    this.#worker?.terminate();
    this.#worker = null;
    for (const pending of this.#pending.values()) pending.reject(new WorkerStopped());
    this.#pending.clear();
  }

  dispose(): void {
    this.restart();
  }

  #ensure(): Worker {
    if (this.#worker) return this.#worker;
    const worker = this.createWorker();
    worker.onmessage = (event: MessageEvent<Res>) => {
      const message = event.data;
      if (this.noticeTypes.includes(message.type)) {
        this.onNotice?.(message);
        return;
      }
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      pending.resolve(message);
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      const error = new Error(`worker failed: ${event.message}`);
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      this.#worker?.terminate();
      this.#worker = null;
    };
    this.#worker = worker;
    return worker;
  }
}
