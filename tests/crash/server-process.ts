import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

const READY = /running: http:\/\/localhost:(\d+)\//;
const START_TIMEOUT_MS = 90_000;
const TAIL_CHARS = 16_000;

/** Every server this module started and has not seen exit: killed by killAllServers (afterAll, exit). */
const live = new Set<ServerProcess>();
/** Set by killAllServers: no server starts again and every waiting journey stops. */
let shutDown = false;

/**
 * The real server (`node --import tsx apps/server/src/main.ts`, no wrapper process, so the pid we
 * signal is the server itself) started, SIGKILLed and started again on the same database. Each
 * start is a new epoch with a new port (PORT=0): a request sent to an old epoch can only fail.
 */
export class ServerProcess {
  /** Incremented at each successful start. */
  epoch = 0;
  url = '';
  /** Listening and not being killed. */
  alive = false;
  private child: ChildProcess | null = null;
  private tail = '';
  private killing = false;
  /** pino lines at level error/fatal (50+), with the epoch they came from. */
  readonly errorLines: string[] = [];
  /** Exits we did not cause (a crash of the server itself). */
  readonly unexpectedExits: string[] = [];
  /** Milliseconds each start took until the URL line. */
  readonly startTimes: number[] = [];

  constructor(
    private readonly env: Record<string, string>,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last lines the server printed (for failure messages). */
  output(): string {
    return this.tail;
  }

  private capture(chunk: Buffer): void {
    const text = chunk.toString();
    this.tail = (this.tail + text).slice(-TAIL_CHARS);
    for (const line of text.split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
        if ((entry.level ?? 0) >= 50 && this.errorLines.length < 200) {
          const detail = entry.err?.message ? `: ${entry.err.message}` : '';
          this.errorLines.push(`[epoch ${this.epoch}] ${entry.msg ?? ''}${detail}`.slice(0, 400));
        }
      } catch {
        // a partial line: ignored
      }
    }
  }

  /** Starts a new epoch and waits for its URL line. */
  async start(): Promise<void> {
    if (shutDown) throw new Error('the crash harness was shut down (killAllServers)');
    if (this.child) throw new Error('server already running');
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.killing = false;
    live.add(this);
    let seen = '';
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`server did not start within ${START_TIMEOUT_MS} ms:\n${this.tail}`));
      }, START_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        this.capture(chunk);
        seen += chunk.toString();
        const match = READY.exec(seen);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`server exited during start (code ${code}, signal ${signal}):\n${this.tail}`));
      });
    }).catch((err: unknown) => {
      this.child = null;
      live.delete(this);
      throw err;
    });
    child.once('exit', (code, signal) => {
      live.delete(this);
      if (this.child === child) {
        this.child = null;
        this.alive = false;
      }
      if (!this.killing) {
        this.unexpectedExits.push(
          `epoch ${this.epoch}: the server exited by itself (code ${code}, signal ${signal}); last output:\n${this.tail.slice(-3000)}`,
        );
      }
    });
    this.url = `http://127.0.0.1:${port}`;
    this.epoch += 1;
    this.alive = true;
    this.startTimes.push(Date.now() - started);
    this.log(
      `    server epoch ${this.epoch} up on ${this.url} (pid ${child.pid}, ${Date.now() - started} ms)`,
    );
  }

  /** SIGKILL: no shutdown hook runs, open transactions are cut where they stand. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.killing = true;
    this.alive = false;
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  /** Graceful stop (SIGTERM, SIGKILL after 10 s). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.killing = true;
    this.alive = false;
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    this.child = null;
  }

  /**
   * After a request sent in `epoch` got no answer: waits for a later epoch, or for the same one
   * when it is evidently still up (the failure was not a kill). Throws Stopped when `stopped()`.
   */
  async readyAfter(epoch: number, stopped: () => boolean): Promise<void> {
    const since = Date.now();
    for (;;) {
      if (stopped() || shutDown) throw new Stopped();
      if (this.alive && (this.epoch > epoch || Date.now() - since > 500)) return;
      await sleep(20);
    }
  }
}

/** The run is over: a flow waiting for the server gives up quietly. */
export class Stopped extends Error {
  constructor() {
    super('stopped');
  }
}

/** SIGKILLs every server this module started that is still running (afterAll, process exit). */
export async function killAllServers(): Promise<void> {
  shutDown = true;
  await Promise.all([...live].map((server) => server.kill()));
}

process.once('exit', () => {
  for (const server of live) {
    const pid = server.pid;
    if (pid !== undefined) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
