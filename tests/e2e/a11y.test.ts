import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artifactsDir,
  launchBrowser,
  phonePage,
  type RunningServer,
  screenshot,
  startServer,
} from './harness.ts';

/**
 * Accessibility (issue 7): axe-core in the real app at a phone viewport, on the home page, the
 * login popup, SubTel, PhoneWaiting, the payment sheet, the order list and 我的. Serious and
 * critical violations fail; everything axe finds is kept in artifacts/e2e/a11y.json.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
};

let server: RunningServer;
let browser: Browser;
let token = '';
let orderId: string | null = null;
const report: Record<string, Violation[]> = {};

async function api<T>(
  path: string,
  body?: object,
  auth?: string,
): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(`${server.url}/api/v2/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(auth ? { token: auth } : {}) },
    body: body ? JSON.stringify({ ...body, usertype: 3 }) : undefined,
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}

async function login(mobile: string): Promise<string> {
  const sent = await api('user/sendCode', { mobile });
  if (sent.code !== 0) throw new Error(`sendCode: ${sent.msg}`);
  const outbox = (await (await fetch(`${server.url}/api/dev/sms-outbox?mobile=${mobile}`)).json()) as {
    data: Array<{ code: string }>;
  };
  const code = outbox.data[outbox.data.length - 1]?.code;
  const res = await api<{ token: string }>('user/codeLogin', { mobile, code });
  if (res.code !== 0) throw new Error(`codeLogin: ${res.msg}`);
  return res.data.token;
}

/** The app is up: the splash is gone and the network is quiet. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForFunction(() => !document.getElementById('splash'), undefined, { timeout: 15_000 });
  await page.waitForTimeout(400);
}

async function axe(page: Page, name: string): Promise<Violation[]> {
  // The app's CSP (rightly) refuses inline scripts, so addScriptTag({content}) is blocked; evaluating
  // the source through the DevTools protocol is not subject to the page's CSP.
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const w = window as unknown as {
      axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> };
    };
    const result = await w.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  })) as Violation[];
  report[name] = violations;
  await screenshot(page, `a11y-${name}`);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function describeViolations(violations: Violation[]): string {
  return violations
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => JSON.stringify(n.target)).join('\n    ')}`,
    )
    .join('\n');
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await login('13900007001');
  const created = await api<{ orderId: string | null }>(
    'order/createCallOrder',
    { consultField: 1, userRemark: '公司拖欠工资怎么办' },
    token,
  );
  orderId = created.code === 0 ? created.data.orderId : null;
});

afterAll(async () => {
  mkdirSync(artifactsDir, { recursive: true });
  writeFileSync(join(artifactsDir, 'a11y.json'), `${JSON.stringify(report, null, 2)}\n`);
  await browser?.close();
  await server?.stop();
});

type Target = { name: string; hash: string; loggedIn: boolean; ready?: (page: Page) => Promise<void> };

const targets = (): Target[] => [
  { name: 'home', hash: '', loggedIn: false },
  {
    name: 'login-popup',
    hash: '#/User',
    loggedIn: false,
    ready: async (page) => {
      // 我的 logged out: the popup opens by itself or from the login prompt.
      const popup = page.getByTestId('login-popup');
      if (!(await popup.isVisible())) await page.getByTestId('login-prompt').click();
      await popup.waitFor({ timeout: 10_000 });
      await page.waitForTimeout(500);
    },
  },
  { name: 'sub-tel', hash: '#/SubTel/1', loggedIn: true },
  { name: 'phone-waiting', hash: `#/PhoneWaiting/${orderId ?? 'T20261121A1B2C3D4'}`, loggedIn: true },
  {
    // The sheet itself (amount, coupon row, methods, 会员须知), opened for a card purchase.
    name: 'payment-sheet',
    hash: '#/BuyCard/MC19001',
    loggedIn: true,
    ready: async (page) => {
      await page.getByTestId('buy-card-bar-button').click();
      const sheet = page.getByTestId('pay-sheet');
      await sheet.waitFor({ timeout: 10_000 });
      await sheet.getByTestId('pay-sheet-amount').and(page.locator('[data-ready="true"]')).waitFor();
      await page.waitForTimeout(500);
    },
  },
  { name: 'order-list', hash: '#/OrderList', loggedIn: true },
  { name: 'user', hash: '#/User', loggedIn: true },
];

describe('accessibility (axe-core): no serious or critical violations', () => {
  for (const name of [
    'home',
    'login-popup',
    'sub-tel',
    'phone-waiting',
    'payment-sheet',
    'order-list',
    'user',
  ]) {
    it(name, async () => {
      const target = targets().find((t) => t.name === name) as Target;
      const { context, page } = await phonePage(browser);
      try {
        if (target.loggedIn) {
          await context.addInitScript((t) => localStorage.setItem('token', t), token);
        }
        await page.goto(`${server.url}/h5/gzh/${target.hash}`);
        await settle(page);
        await target.ready?.(page);
        const serious = await axe(page, target.name);
        expect(serious, `${target.name}:\n${describeViolations(serious)}`).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
