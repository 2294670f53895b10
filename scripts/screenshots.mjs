#!/usr/bin/env node
// Screenshots of the product for the README (issue 23, acceptance 7): Home, SubTel, the payment page
// of a finished phone consult, a lawyer's profile and the lawyer workbench, at phone size (390×844),
// written as WebP (≤ 100 KB each) to docs/screens/.
//
//   npm run screenshots                          # builds the apps if needed, starts a sandbox server
//   npm run screenshots -- --url http://localhost:8080   # uses a running sandbox server instead
//
// A running server must be in sandbox mode (the SMS outbox and the autopilot lawyer: `npm start`).
// It gets a new person, a finished consult and a seeded lawyer's session; nothing else changes.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const root = join(import.meta.dirname, '..');
const outDir = join(root, 'docs', 'screens');
const MAX_BYTES = 100 * 1024;
const VIEWPORT = { width: 390, height: 844 };
/** A seeded sandbox lawyer (婚姻家庭) for the workbench. */
const LAWYER_MOBILE = '17000010002';
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

function argValue(name) {
  const i = process.argv.indexOf(name);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`${name}=`));
  return eq ? eq.slice(name.length + 1) : undefined;
}

function chromiumPath() {
  const path = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p) => p && existsSync(p),
  );
  if (!path) throw new Error('No Chromium found: run `node scripts/ensure-chromium.mjs`.');
  return path;
}

/** The sandbox server on a free port over a fresh database, the autopilot lawyer quick. */
async function startServer() {
  if (
    !existsSync(join(root, 'apps/web/dist/index.html')) ||
    !existsSync(join(root, 'apps/workbench/dist/index.html'))
  ) {
    console.log('Building the apps (npm run build)…');
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'lawline-screens-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
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
      SANDBOX_AUTOPILOT: '1',
      AUTOPILOT_ACCEPT_MS: '500',
      AUTOPILOT_CALL_MS: '800',
      JOBS_POLL_MS: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk.toString();
      const match = output.match(/running: (http:\/\/localhost:\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
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

/** The API as the app calls it: `{code, msg, data}`, common params, the token header. */
async function api(base, path, { body, query = {}, token } = {}) {
  const params = new URLSearchParams({ channel: 'gzh', usertype: '3', ...query });
  const res = await fetch(`${base}/api/v2/${path}${body ? '' : `?${params}`}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body ? JSON.stringify({ channel: 'gzh', usertype: '3', ...body }) : undefined,
  });
  const json = await res.json();
  if (json.code !== 0) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

async function smsCode(base, mobile) {
  const res = await fetch(`${base}/api/dev/sms-outbox?mobile=${mobile}`);
  if (!res.ok) throw new Error(`${base} has no SMS outbox: is it a sandbox server?`);
  const { data } = await res.json();
  const latest = [...data].sort((a, b) => b.sentAt - a.sentAt)[0];
  if (!latest) throw new Error(`no SMS to ${mobile}`);
  return latest.code;
}

/** A new person, logged in, past the new-user guide. */
async function newPerson(base) {
  const mobile = `139${String(Date.now()).slice(-8)}`;
  await api(base, 'user/sendCode', { body: { mobile } });
  const { token } = await api(base, 'user/codeLogin', {
    body: { mobile, code: await smsCode(base, mobile) },
  });
  await api(base, 'user/updateGuide', { body: { guideStatus: '1' }, token });
  return token;
}

/** A consult the autopilot lawyer answers and ends: the order then waits for payment. */
async function finishedConsult(base, token) {
  const { orderId } = await api(base, 'order/createCallOrder', {
    body: { consultField: 2, userRemark: '结婚三年准备离婚，婚前房产婚后共同还贷，怎么分？' },
    token,
  });
  if (!orderId) throw new Error('createCallOrder gave no order');
  const deadline = Date.now() + 90_000;
  for (;;) {
    const { status } = await api(base, 'order/callOrderDetail', { query: { orderId }, token });
    if (status === 5) return orderId;
    if (Date.now() > deadline) {
      throw new Error(
        `order ${orderId} is still at status ${status}: is the autopilot on (SANDBOX_AUTOPILOT=1)?`,
      );
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function lawyerSession(base) {
  await api(base, 'lawyer/sendCode', { body: { mobile: LAWYER_MOBILE } });
  const { token } = await api(base, 'lawyer/codeLogin', {
    body: { mobile: LAWYER_MOBILE, code: await smsCode(base, LAWYER_MOBILE) },
  });
  return token;
}

/** Waits until the page is still: network quiet, pictures decoded, fonts loaded, no skeleton. */
async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForFunction(
    () =>
      !document.getElementById('splash') &&
      ![...document.querySelectorAll('.adm-skeleton, .adm-dot-loading')].some(
        (el) => el.offsetParent !== null,
      ) &&
      [...document.images].every((img) => img.complete || img.getBoundingClientRect().top > innerHeight),
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => true));
  await page.waitForTimeout(600);
}

/** PNG from Chromium → WebP under the size limit (lower quality first, then a smaller picture). */
async function writeWebp(png, name) {
  let width = VIEWPORT.width * 2;
  for (;;) {
    for (const quality of [82, 72, 62, 52]) {
      const webp = await sharp(png).resize({ width }).webp({ quality, effort: 6 }).toBuffer();
      if (webp.length <= MAX_BYTES) {
        const file = join(outDir, `${name}.webp`);
        writeFileSync(file, webp);
        console.log(
          `  ${file.replace(`${root}/`, '')}  ${width} px wide, quality ${quality}, ${(webp.length / 1024).toFixed(1)} KB`,
        );
        return;
      }
    }
    width = Math.round(width * 0.8);
    if (width < VIEWPORT.width) throw new Error(`${name}: no WebP under ${MAX_BYTES} bytes`);
  }
}

async function main() {
  const given = argValue('--url') ?? process.env.LAWLINE_URL;
  const server = given ? { url: given.replace(/\/+$/, ''), stop: async () => {} } : await startServer();
  const base = server.url;
  console.log(`Screenshots from ${base}`);
  const browser = await chromium.launch({
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
    ],
  });
  try {
    mkdirSync(outDir, { recursive: true });
    const [token, lawyers] = await Promise.all([
      newPerson(base),
      api(base, 'uc/lawyerInfo/page', { query: { limit: 1 } }),
    ]);
    const lawyer = lawyers.list[0];
    if (!lawyer) throw new Error('no lawyer in the seed');
    const orderId = await finishedConsult(base, token);
    const lawyerToken = await lawyerSession(base);

    const shots = [
      { name: 'home', url: `${base}/h5/gzh/#/Home`, ready: '[data-page="Home"]' },
      { name: 'sub-tel', url: `${base}/h5/gzh/#/SubTel/2`, ready: '[data-page="SubTel"]', token },
      { name: 'payment', url: `${base}/h5/gzh/#/Payment/${orderId}`, ready: '[data-page="Payment"]', token },
      {
        name: 'lawyer-profile',
        url: `${base}/h5/gzh/#/LawyerInfo/${lawyer.id}/${lawyer.userId}`,
        ready: '[data-page="LawyerInfo"]',
        token,
      },
      { name: 'workbench', url: `${base}/workbench/`, ready: '[data-screen="workbench"]', lawyerToken },
    ];
    for (const shot of shots) {
      const context = await browser.newContext({
        viewport: VIEWPORT,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: 'zh-CN',
        userAgent: USER_AGENT,
      });
      await context.addInitScript(
        ([t, l]) => {
          try {
            localStorage.setItem('ll.guideDone', '1');
            if (t) localStorage.setItem('token', t);
            if (l) localStorage.setItem('ll.workbench.token', l);
          } catch {}
        },
        [shot.token ?? '', shot.lawyerToken ?? ''],
      );
      const page = await context.newPage();
      await page.goto(shot.url);
      await page.locator(shot.ready).first().waitFor({ timeout: 20_000 });
      await settle(page);
      await writeWebp(await page.screenshot(), shot.name);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
