import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const root = join(import.meta.dirname, '../..');
export const artifactsDir = join(root, 'artifacts', 'e2e');

export function chromiumPath(): string {
  const path = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p): p is string => Boolean(p) && existsSync(p as string),
  );
  if (!path) throw new Error('No Chromium found: run `node scripts/ensure-chromium.mjs` (npm test does).');
  return path;
}

export type RunningServer = { url: string; dataDir: string; stop: () => Promise<void> };

/** The real server in sandbox mode on a free port, over a fresh SQLite database. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'lawline-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        REDIS_URL: '',
        LAWLINE_MODE: 'sandbox',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/running: (http:\/\/localhost:\d+)\//);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Playwright gives every launch a fresh, throw-away user-data-dir of its own. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export type PhonePage = { context: BrowserContext; page: Page; consoleErrors: string[] };

/** A 390×844 phone page that records console errors and uncaught exceptions. */
export async function phonePage(browser: Browser, options: { userAgent?: string } = {}): Promise<PhonePage> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    userAgent:
      options.userAgent ??
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message}`));
  return { context, page, consoleErrors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
}

export type LoggedError = { text: string; url: string };

/**
 * Console errors of a page, each with the URL it is about. Chromium logs every HTTP error status as
 * a console error; `unexpectedErrors` leaves out the ones a test provokes on purpose.
 */
export function recordErrors(page: Page): LoggedError[] {
  const errors: LoggedError[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push({ text: msg.text(), url: msg.location().url });
  });
  page.on('pageerror', (err) => errors.push({ text: `pageerror: ${err.message}`, url: '' }));
  return errors;
}

export function unexpectedErrors(errors: LoggedError[], allowed: Array<[number, RegExp]> = []): string[] {
  return errors
    .filter((e) => {
      const status = /the server responded with a status of (\d+)/.exec(e.text)?.[1];
      if (!status) return true;
      return !allowed.some(([code, url]) => String(code) === status && url.test(e.url));
    })
    .map((e) => `${e.text} ${e.url}`);
}

/** An antd-mobile toast with exactly this text. */
export const toast = (page: Page, text: string) =>
  page.locator('.adm-toast-main').getByText(text, { exact: true });
