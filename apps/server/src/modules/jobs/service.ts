import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** What a handler may answer: `again` = run this same job again at that time; anything else = done. */
export type JobResult = { again: number };

// biome-ignore lint/suspicious/noExplicitAny: each handler parses its own payload.
export type JobHandler = (payload: any) => Promise<unknown>;

/**
 * Runs several due jobs of one kind at once (in the order they were due); answers one result per
 * payload, `{ error }` for a job that failed. A throw fails every job of the call (each failure is
 * retried with the usual back-off).
 */
// biome-ignore lint/suspicious/noExplicitAny: each handler parses its own payload.
export type JobBatchHandler = (payloads: any[]) => Promise<Array<JobResult | { error: unknown } | undefined>>;

/** A job to add (JobService.enqueueMany). */
export type JobSpec = { kind: string; runAt: number; payload: Record<string, unknown>; key?: string };

/** By default a job is locked this long while it runs; a crashed run is retried after that. */
const DEFAULT_LOCK_MS = 60_000;
/**
 * The lock of a batch-run kind (quick, idempotent handlers such as dispatch timers): short, so a
 * crash in the middle of a batch delays those jobs seconds, not a minute.
 */
const BATCH_LOCK_MS = 10_000;
const MAX_ATTEMPTS = 5;
const BATCH = 100;
const ROUNDS = 20;

function isAgain(result: unknown): result is JobResult {
  return typeof result === 'object' && result !== null && typeof (result as JobResult).again === 'number';
}

type Claimed = { id: number; kind: string; payload: string; attempts: number };

/**
 * Persisted timers. Due jobs live in the `jobs` table; the poller (a setInterval, only the
 * trigger) and tests (`runDueJobs()`) run what is due by the injected clock. A job is claimed with
 * a guarded UPDATE right before it runs (a run of due jobs of a batch kind: together), so two
 * instances never run the same job at once; a failed job is retried with a back-off, at most
 * MAX_ATTEMPTS times. Handlers must be idempotent (a job may run again after a crash) and check
 * that what they were scheduled for still holds.
 */
export class JobService {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly batchHandlers = new Map<string, JobBatchHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
    /** config JOBS_LOCK_MS: how long a claimed job waits before another run may retry it. */
    private readonly lockMs: number = DEFAULT_LOCK_MS,
  ) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Like register, for a kind whose due jobs are cheaper to handle together (see JobBatchHandler). */
  registerBatch(kind: string, handler: JobBatchHandler): void {
    this.batchHandlers.set(kind, handler);
  }

  /** A new job (in the caller's transaction when `trx` is given). */
  async enqueue(
    kind: string,
    runAt: number,
    payload: Record<string, unknown>,
    options: { key?: string; trx?: Kysely<Database> } = {},
  ): Promise<void> {
    await this.enqueueMany([{ kind, runAt, payload, key: options.key }], options.trx);
  }

  /** New jobs in one statement (in the caller's transaction when `trx` is given). */
  async enqueueMany(specs: JobSpec[], trx?: Kysely<Database>): Promise<void> {
    if (specs.length === 0) return;
    const now = this.clock();
    await (trx ?? this.db)
      .insertInto('jobs')
      .values(
        specs.map((s) => ({
          kind: s.kind,
          job_key: s.key ?? null,
          run_at: s.runAt,
          payload: JSON.stringify(s.payload),
          locked_until: null,
          attempts: 0,
          last_error: null,
          created_at: now,
          done_at: null,
        })),
      )
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
    for (let round = 0; round < ROUNDS; round++) {
      const now = this.clock();
      const due = await this.db
        .selectFrom('jobs')
        .select(['id', 'kind'])
        .where('done_at', 'is', null)
        .where('run_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('run_at')
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (due.length === 0) break;
      // In the order they were due. A job is claimed right before it runs; consecutive jobs of a
      // batch kind are claimed and run together.
      for (let i = 0; i < due.length; ) {
        const kind = due[i]?.kind as string;
        const batch = this.batchHandlers.get(kind);
        let end = i + 1;
        if (batch) while (end < due.length && due[end]?.kind === kind) end++;
        const ids = due.slice(i, end).map((d) => d.id);
        i = end;
        const claimed = await this.claim(
          ids,
          now,
          batch ? Math.min(BATCH_LOCK_MS, this.lockMs) : this.lockMs,
        );
        ran += claimed.length;
        if (claimed.length === 0) continue;
        if (batch) await this.runBatch(batch, claimed);
        else await this.runOne(claimed[0] as Claimed);
      }
    }
    return ran;
  }

  /** Locks the jobs that are still due and unlocked (another instance may have taken some meanwhile). */
  private async claim(ids: number[], now: number, lockMs: number): Promise<Claimed[]> {
    const claimed: Claimed[] = await this.db
      .updateTable('jobs')
      .set((eb) => ({ locked_until: now + lockMs, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', ids)
      .where('done_at', 'is', null)
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .returning(['id', 'kind', 'payload', 'attempts'])
      .execute();
    const order = new Map(ids.map((id, i) => [id, i]));
    return claimed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  }

  private async runOne(job: Claimed): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const result = await handler(JSON.parse(job.payload));
      await this.finish(isAgain(result) ? [] : [job.id], isAgain(result) ? [[result.again, [job.id]]] : []);
    } catch (err) {
      await this.failed(job, err);
    }
  }

  private async runBatch(handler: JobBatchHandler, jobs: Claimed[]): Promise<void> {
    let results: Awaited<ReturnType<JobBatchHandler>>;
    try {
      results = await handler(jobs.map((j) => JSON.parse(j.payload)));
    } catch (err) {
      for (const job of jobs) await this.failed(job, err);
      return;
    }
    const done: number[] = [];
    const again = new Map<number, number[]>();
    for (const [k, job] of jobs.entries()) {
      const result = results[k];
      if (result && 'error' in result) {
        await this.failed(job, result.error);
      } else if (isAgain(result)) {
        again.set(result.again, [...(again.get(result.again) ?? []), job.id]);
      } else {
        done.push(job.id);
      }
    }
    await this.finish(done, [...again]);
  }

  /** Done, or due again (the same row stays the timer; not a failure, so attempts start over). */
  private async finish(done: number[], again: Array<[number, number[]]>): Promise<void> {
    if (done.length === 0 && again.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      if (done.length > 0) {
        await trx
          .updateTable('jobs')
          .set({ done_at: this.clock(), locked_until: null })
          .where('id', 'in', done)
          .execute();
      }
      for (const [runAt, ids] of again) {
        await trx
          .updateTable('jobs')
          .set({ run_at: runAt, locked_until: null, attempts: 0 })
          .where('id', 'in', ids)
          .execute();
      }
    });
  }

  private async failed(job: Claimed, err: unknown): Promise<void> {
    const attempts = job.attempts;
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

  /** Starts the poller (0 = none). */
  start(pollMs: number): void {
    if (pollMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
  }

  /** One run now unless one is in progress; a run that hit its round limit is followed by another. */
  private kick(): void {
    if (this.running || !this.timer) return;
    void this.runDueJobs().then(
      (ran) => {
        if (ran >= BATCH * ROUNDS) setImmediate(() => this.kick());
      },
      (err: unknown) => this.log.error({ err }, 'job poll failed'),
    );
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
    setImmediate(() => this.kick());
  }
}
