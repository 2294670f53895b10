import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

export type Child = { url: string; pid: number; stop: () => Promise<void> };

/** Starts `node [flags] --import tsx script` and waits for the line that names its port. */
export async function startChild(
  script: string,
  env: Record<string, string>,
  ready: RegExp,
  nodeFlags: string[] = [],
): Promise<Child> {
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(ready);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      onData(chunk);
      if (output.length > 0 && /error/i.test(chunk.toString())) process.stderr.write(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    pid: child.pid as number,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type OurServer = Child & { dataDir: string };

/** Our server in sandbox mode over a fresh (or prepared) SQLite database in dataDir. */
export async function startOurServer(
  options: { dataDir?: string; webDist?: string; env?: Record<string, string>; exposeGc?: boolean } = {},
): Promise<OurServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'lawline-bench-'));
  const server = await startChild(
    join(root, 'apps/server/src/main.ts'),
    {
      DATABASE_URL: '',
      REDIS_URL: '',
      LAWLINE_MODE: 'sandbox',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
      ...options.env,
    },
    /running: http:\/\/localhost:(\d+)\//,
    options.exposeGc ? ['--expose-gc'] : [],
  );
  return { ...server, dataDir };
}

export function startHello(): Promise<Child> {
  return startChild(join(root, 'bench/hello-server.ts'), {}, /hello listening on (\d+)/);
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}
