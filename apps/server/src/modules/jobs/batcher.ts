/** One item's outcome in a batch. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Group commit in process: items submitted while a batch is being written (or in the same turn of
 * the event loop) are written together by the next call of `run`, at most `maxBatch` at a time and
 * at most `concurrency` calls at once. Under load one transaction (and one fsync) carries many
 * requests; alone, an item waits one turn of the event loop. Each caller gets its own item's
 * outcome; a throw of `run` fails every item of that batch.
 */
export class Batcher<T, R> {
  private queue: Array<{ item: T; resolve: (value: R) => void; reject: (error: unknown) => void }> = [];
  private inFlight = 0;
  private scheduled = false;
  private idle: Array<() => void> = [];

  constructor(
    private readonly run: (items: T[]) => Promise<Array<Settled<R>>>,
    private readonly options: { maxBatch: number; concurrency: number },
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.kick();
    });
  }

  /** Resolves once nothing is queued or being written (shutdown). */
  async drain(): Promise<void> {
    if (this.queue.length === 0 && this.inFlight === 0) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  private kick(): void {
    if (this.scheduled || this.queue.length === 0 || this.inFlight >= this.options.concurrency) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.queue.length === 0 || this.inFlight >= this.options.concurrency) return;
    const batch = this.queue.splice(0, this.options.maxBatch);
    this.inFlight++;
    this.kick(); // a second writer may start on what is left (concurrency > 1)
    try {
      const results = await this.run(batch.map((b) => b.item));
      batch.forEach((b, i) => {
        const r = results[i];
        if (!r) b.reject(new Error('batch answered no result for an item'));
        else if (r.ok) b.resolve(r.value);
        else b.reject(r.error);
      });
    } catch (err) {
      for (const b of batch) b.reject(err);
    } finally {
      this.inFlight--;
      this.kick();
      if (this.queue.length === 0 && this.inFlight === 0) {
        for (const resolve of this.idle.splice(0)) resolve();
      }
    }
  }
}
