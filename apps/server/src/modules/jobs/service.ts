import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: each handler parses its own payload.
export type JobHandler = (payload: any) => Promise<void>;

/** A job is locked this long while it runs; a crashed run is retried after that. */
const LOCK_MS = 60_000;
const MAX_ATTEMPTS = 5;
const BATCH = 50;

/**
 * Persisted timers. Due jobs live in the `jobs` table; the poller (a setInterval, only the
 * trigger) and tests (`runDueJobs()`) run what is due by the injected clock. A job is claimed with
 * a guarded UPDATE, so two instances never run the same job at once; a failed job is retried with
 * a back-off, at most MAX_ATTEMPTS times. Handlers must be idempotent (a job may run again after
 * a crash) and check that what they were scheduled for still holds.
 */
export class JobService {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** A new job (in the caller's transaction when `trx` is given). */
  async enqueue(
    kind: string,
    runAt: number,
    payload: Record<string, unknown>,
    options: { key?: string; trx?: Kysely<Database> } = {},
  ): Promise<void> {
    const db = options.trx ?? this.db;
    await db
      .insertInto('jobs')
      .values({
        kind,
        job_key: options.key ?? null,
        run_at: runAt,
        payload: JSON.stringify(payload),
        locked_until: null,
        attempts: 0,
        last_error: null,
        created_at: this.clock(),
        done_at: null,
      })
      .execute();
  }

  /**
   * One timer per key: when a pending job with this key exists it is kept if it is due no later
   * than `runAt`, else moved earlier; otherwise a new job is added.
   */
  async schedule(kind: string, key: string, runAt: number, payload: Record<string, unknown>): Promise<void> {
    const pending = await this.db
      .selectFrom('jobs')
      .select(['id', 'run_at'])
      .where('job_key', '=', key)
      .where('done_at', 'is', null)
      .where('locked_until', 'is', null)
      .orderBy('run_at')
      .limit(1)
      .executeTakeFirst();
    if (pending) {
      if (pending.run_at > runAt) {
        await this.db.updateTable('jobs').set({ run_at: runAt }).where('id', '=', pending.id).execute();
      }
      return;
    }
    await this.enqueue(kind, runAt, payload, { key });
  }

  /** Runs every job due now (and the ones they make due now); answers how many ran. */
  async runDueJobs(): Promise<number> {
    // One run at a time per instance; a second caller waits for it and then runs again.
    while (this.running) await this.running.catch(() => undefined);
    this.running = this.runLoop();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  private async runLoop(): Promise<number> {
    let ran = 0;
    for (let round = 0; round < 20; round++) {
      const now = this.clock();
      const due = await this.db
        .selectFrom('jobs')
        .selectAll()
        .where('done_at', 'is', null)
        .where('run_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('run_at')
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (due.length === 0) break;
      for (const job of due) {
        const claimed = await this.db
          .updateTable('jobs')
          .set({ locked_until: now + LOCK_MS, attempts: job.attempts + 1 })
          .where('id', '=', job.id)
          .where('done_at', 'is', null)
          .where('attempts', '=', job.attempts)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) continue;
        ran++;
        const handler = this.handlers.get(job.kind);
        try {
          if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
          await handler(JSON.parse(job.payload));
          await this.db
            .updateTable('jobs')
            .set({ done_at: this.clock(), locked_until: null })
            .where('id', '=', job.id)
            .execute();
        } catch (err) {
          const attempts = job.attempts + 1;
          const giveUp = attempts >= MAX_ATTEMPTS;
          this.log.error({ err, job: job.id, kind: job.kind, attempts }, 'job failed');
          await this.db
            .updateTable('jobs')
            .set({
              locked_until: null,
              last_error: String(err instanceof Error ? err.message : err).slice(0, 500),
              run_at: this.clock() + 1000 * 2 ** attempts,
              done_at: giveUp ? this.clock() : null,
            })
            .where('id', '=', job.id)
            .execute();
        }
      }
    }
    return ran;
  }

  /** Starts the poller (0 = none). */
  start(pollMs: number): void {
    if (pollMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      void this.runDueJobs().catch((err: unknown) => this.log.error({ err }, 'job poll failed'));
    }, pollMs);
    this.timer.unref();
  }

  /** Stops the poller and waits for a run in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.running) await this.running.catch(() => undefined);
  }

  /** Kicks a run soon (after the current request) when the poller is on. */
  nudge(): void {
    if (!this.timer) return;
    setImmediate(() => {
      if (this.running) return;
      void this.runDueJobs().catch((err: unknown) => this.log.error({ err }, 'job run failed'));
    });
  }
}
