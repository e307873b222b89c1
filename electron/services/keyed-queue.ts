// Tasks per key, one after another: a save waits for the save before it to the same file, an append for the append
// before it to the same history. Keys with nothing pending are forgotten.
export class KeyedQueue {
  private readonly queues = new Map<string, Promise<unknown>>();

  /** Runs `task` after every earlier task for the same key has settled (whatever their outcome). */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return next;
  }
}
