import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lawyerSeeds } from '../../apps/server/src/db/seed/lawyers.ts';
import { launchBrowser, phonePage, type RunningServer, screenshot, startServer } from './harness.ts';
import { callApi, finishGuide, loginByApi, skipGuide } from './session-helpers.ts';

/**
 * The lawyer workbench (issue 5 items 6 and 7): a seeded lawyer logs in at /workbench/, goes
 * online, takes a consult a person places in the H5 app, calls and hangs up; the person's
 * PhoneWaiting follows along. Autopilot off, so the real (browser) lawyer is the only one answering.
 */

const root = join(import.meta.dirname, '../..');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** 婚姻家庭: the field the person consults about. */
const FIELD = 2;
/** Seeded lawyers of that field (apps/server/src/db/seed/lawyers.ts); seeds are deterministic. */
const [lawyer, otherLawyer] = lawyerSeeds(Date.now())
  .filter((l) => l.fields.includes(FIELD) && l.mobile)
  .map((l) => ({ mobile: l.mobile as string, name: l.real_name, userId: l.user_id }));
if (!lawyer || !otherLawyer) throw new Error('the seed has no two lawyers of field 2');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(root, 'apps/workbench/dist/index.html'))) {
    throw new Error('The workbench is not built: run `npm run build` first (npm test does).');
  }
  [server, browser] = await Promise.all([
    startServer({ SANDBOX_AUTOPILOT: '0', DISPATCH_OFFER_TTL_MS: '30000' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Lawyers whose presence is not offline, read from the sandbox server's SQLite file. */
function lawyersNotOffline(): Array<{ lawyer_id: number; status: string; user_id: number }> {
  const db = new Database(join(server.dataDir, 'lawline.sqlite'), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db
      .prepare(
        `SELECT p.lawyer_id, p.status, l.user_id FROM lawyer_presence p
         JOIN lawyers l ON l.id = p.lawyer_id WHERE p.status <> 'offline'`,
      )
      .all() as Array<{ lawyer_id: number; status: string; user_id: number }>;
  } finally {
    db.close();
  }
}

async function latestCode(mobile: string): Promise<string> {
  const res = await fetch(`${server.url}/api/dev/sms-outbox?mobile=${mobile}`);
  const json = (await res.json()) as { data: Array<{ code: string; sentAt: number }> };
  const code = [...json.data].sort((a, b) => b.sentAt - a.sentAt)[0]?.code;
  if (!code) throw new Error(`no SMS to ${mobile}`);
  return code;
}

type SeededLawyer = { mobile: string; name: string; userId: number };

/** Logs a seeded lawyer in through the workbench's own form and the sandbox outbox. */
async function lawyerLogin(page: Page, who: SeededLawyer = lawyer as SeededLawyer): Promise<void> {
  await page.goto(`${server.url}/workbench/`);
  await page.locator('[data-screen="login"]').waitFor();
  await page.getByPlaceholder('请输入律师登记的手机号').fill(who.mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  // Sandbox: the screen points to the SMS outbox.
  await page.getByRole('link', { name: '短信发件箱' }).waitFor();
  await expect.poll(() => page.getByRole('button', { name: /秒后重发/ }).count()).toBe(1);
  await page.getByPlaceholder('6位验证码').fill(await latestCode(who.mobile));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.locator('[data-screen="workbench"]').waitFor();
  await page.getByText(`${who.name}律师`).waitFor();
}

/**
 * axe-core's colour-contrast rule (text ≥ 4.5:1) and target-size rule (tap targets ≥ 24×24) on the
 * page as it is now. The CSP refuses inline scripts, so the source is evaluated over DevTools.
 */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = {
      violations: Array<{ id: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }>;
    };
    const w = window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<Result> } };
    const result = await w.axe.run(document, {
      runOnly: { type: 'rule', values: ['color-contrast', 'target-size'] },
      resultTypes: ['violations'],
    });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id} ${JSON.stringify(n.target)}: ${n.failureSummary ?? ''}`),
    );
  });
}

/** No sideways scroll at the narrowest phone (320 px), measured against the layout viewport. */
async function fitsAt320(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 740 });
  const widths = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  if (size) await page.setViewportSize(size);
  return widths;
}

/** Clicks a button twice in one task: React cannot re-render in between, so only a guard helps. */
async function doubleTap(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).waitFor();
  await page.evaluate((label) => {
    const button = Array.from(document.querySelectorAll('button')).find(
      (b) => b.textContent?.trim() === label,
    );
    if (!button) throw new Error(`no button ${label}`);
    button.click();
    button.click();
  }, name);
}

describe('the lawyer workbench (/workbench/)', () => {
  it('refuses a consumer token with the server’s message and shows the login form', async () => {
    const { page, consoleErrors, context } = await phonePage(browser);
    const consumer = await loginByApi(server);
    await page.addInitScript((token) => localStorage.setItem('ll.workbench.token', token), consumer.token);
    await page.goto(`${server.url}/workbench/`);
    await page.locator('[data-screen="login"]').waitFor();
    await expect.poll(() => page.getByRole('alert').first().innerText()).toContain('仅限律师工作台账号使用');
    // The login screen with its notice: every text readable, every control big enough, no sideways scroll.
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsAt320(page)).toEqual({ scrollWidth: 320, clientWidth: 320 });
    // The refusal's 403 is the only console line (Chromium logs every 4xx fetch).
    expect(consoleErrors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    await screenshot(page, 'workbench-consumer-refused');
    await context.close();
  });

  it('a lawyer goes online, takes a person’s phone consult, calls, hangs up; the person moves on', async () => {
    // Only the seeded lawyers exist, all offline by default: the offer can only go to ours.
    expect(lawyersNotOffline()).toEqual([]);

    const wb = await phonePage(browser);
    const lawyerPage = wb.page;
    await lawyerLogin(lawyerPage);
    await screenshot(lawyerPage, 'workbench-offline');
    expect(await axeViolations(lawyerPage)).toEqual([]);
    const presence = lawyerPage.getByTestId('presence');
    expect(await presence.innerText()).toContain('已离线');
    await lawyerPage.getByRole('button', { name: '在线', exact: true }).click();
    await expect.poll(() => presence.innerText()).toContain('在线接单中');
    // The websocket is up (lawyer token accepted on /api/websocket/{userId}).
    await expect.poll(() => presence.innerText(), { timeout: 10_000 }).toContain('实时推送');
    await lawyerPage.getByText('暂无新订单').waitFor();
    // Today's calls so far (the seed gives some lawyers a sample call of today).
    const callsToday = () => lawyerPage.getByTestId('stats-calls').innerText();
    const callsBefore = Number(await callsToday());
    expect(lawyersNotOffline()).toEqual([
      { lawyer_id: expect.any(Number), status: 'online', user_id: lawyer.userId },
    ]);

    // The person places a 婚姻家庭 phone consult in the H5 app.
    const consumer = await loginByApi(server);
    await finishGuide(server, consumer.token);
    const h5 = await phonePage(browser);
    const personPage = h5.page;
    await skipGuide(personPage);
    const question = `离婚时房产怎么分割？婚前一方付首付，婚后共同还贷。（工作台测试${Date.now() % 10_000}）`;
    await personPage.goto(`${server.url}/h5/gzh/?token=${consumer.token}#/SubTel/${FIELD}`);
    await personPage.locator('[data-page="SubTel"]').waitFor();
    await expect.poll(() => personPage.getByTestId('consult-field-name').innerText()).toBe('婚姻家庭');
    await personPage.locator('#ll-question').fill(question);
    await personPage.getByRole('button', { name: '立即咨询' }).click();
    await personPage.waitForURL(/#\/PhoneWaiting\/T\d{8}[0-9A-Z]{8}/, { timeout: 15_000 });
    const orderId = /#\/PhoneWaiting\/(T\d{8}[0-9A-Z]{8})/.exec(personPage.url())?.[1] ?? '';
    await personPage.getByTestId('waiting').waitFor();

    // The offer arrives live: field, question, a countdown, never the person's number.
    const offer = lawyerPage.getByTestId('offer');
    await offer.waitFor({ timeout: 15_000 });
    expect(await offer.getAttribute('data-order-id')).toBe(orderId);
    const offerText = await offer.innerText();
    // One name for field 2, the contract's (the home grid's): 婚姻家庭, as the person saw it.
    expect(offerText).toContain('婚姻家庭');
    expect(offerText).not.toContain('婚姻继承');
    expect(offerText).toContain(question);
    expect(offerText).toMatch(/剩余 \d+ 秒/);
    expect(offerText).not.toContain(consumer.mobile);
    expect(offerText).not.toContain(consumer.mobile.slice(-4));
    const countdown = lawyerPage.getByTestId('countdown');
    const first = await countdown.innerText();
    await expect.poll(() => countdown.innerText(), { timeout: 5000 }).not.toBe(first);
    await screenshot(lawyerPage, 'workbench-offer');
    // Logged in with an offer: contrast and tap targets; the offer card fits a 320 px phone.
    expect(await axeViolations(lawyerPage)).toEqual([]);
    expect(await fitsAt320(lawyerPage)).toEqual({ scrollWidth: 320, clientWidth: 320 });

    // 接单, tapped twice: one request.
    const accepts: string[] = [];
    lawyerPage.on('request', (r) => {
      if (r.url().endsWith('/api/v2/lawyer/offer/accept')) accepts.push(r.url());
    });
    await doubleTap(lawyerPage, '接单');
    const call = lawyerPage.getByTestId('call');
    await call.waitFor();
    expect(await call.getAttribute('data-stage')).toBe('assigned');
    expect(accepts).toHaveLength(1);
    await expect.poll(() => presence.innerText()).toContain('通话中');

    // The person sees the lawyer on PhoneWaiting.
    await expect
      .poll(() => personPage.getByTestId('order-lawyer-name').innerText(), { timeout: 15_000 })
      .toBe(lawyer.name);
    await screenshot(personPage, 'workbench-person-lawyer-assigned');

    // 拨通: the call runs, with a timer.
    await lawyerPage.getByRole('button', { name: '拨通', exact: true }).click();
    await expect.poll(() => call.getAttribute('data-stage')).toBe('inCall');
    const timer = lawyerPage.getByTestId('call-timer');
    await expect.poll(() => timer.innerText(), { timeout: 5000 }).toMatch(/^00:0[2-9]$/);
    await expect
      .poll(() => personPage.getByTestId('waiting-title').innerText(), { timeout: 10_000 })
      .toBe('通话中');
    await screenshot(lawyerPage, 'workbench-in-call');
    expect(await axeViolations(lawyerPage)).toEqual([]);

    // 挂断, tapped twice: one request; the call is over.
    const hangups: string[] = [];
    lawyerPage.on('request', (r) => {
      if (r.url().endsWith('/api/v2/lawyer/call/hangup')) hangups.push(r.url());
    });
    await doubleTap(lawyerPage, '挂断');
    const finished = lawyerPage.getByTestId('finished');
    await finished.waitFor();
    expect(await finished.innerText()).toMatch(/通话时长 \d+秒/);
    expect(hangups).toHaveLength(1);

    // The person's PhoneWaiting moves on: a call under a minute is free → evaluation (else payment).
    await personPage.waitForURL(/#\/(LawyerEvaluation|Payment)\//, { timeout: 15_000 });
    await screenshot(personPage, 'workbench-person-after-call');

    // The finished call is listed with its duration and earnings; today's totals count it.
    const orders = lawyerPage.getByTestId('orders');
    await orders.waitFor();
    const row = orders.locator(`[data-order-id="${orderId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('order-duration').innerText()).toMatch(/^\d+秒$/);
    expect(await row.getByTestId('order-earnings').innerText()).toMatch(/^¥\d+\.\d{2}$/);
    await expect.poll(async () => Number(await callsToday())).toBe(callsBefore + 1);
    await expect.poll(() => presence.innerText()).toContain('在线接单中');
    await screenshot(lawyerPage, 'workbench-finished');
    // A finished call and the list of finished calls: contrast, tap targets, 320 px.
    expect(await axeViolations(lawyerPage)).toEqual([]);
    expect(await fitsAt320(lawyerPage)).toEqual({ scrollWidth: 320, clientWidth: 320 });
    await lawyerPage.getByRole('button', { name: '继续接单' }).click();
    await lawyerPage.getByText('暂无新订单').waitFor();

    // 离线: no lawyer is online any more.
    await lawyerPage.getByRole('button', { name: '离线', exact: true }).click();
    await expect.poll(() => presence.innerText()).toContain('已离线');
    await lawyerPage.getByText('您当前处于离线状态').waitFor();
    expect(lawyersNotOffline()).toEqual([]);

    expect(wb.consoleErrors).toEqual([]);
    expect(h5.consoleErrors).toEqual([]);
    await wb.context.close();
    await h5.context.close();
  });

  it('without the websocket the offers are polled every 2 s; 拒绝 passes the offer on', async () => {
    expect(lawyersNotOffline()).toEqual([]);
    const wb = await phonePage(browser);
    const page = wb.page;
    // The socket is refused at once: the workbench falls back to polling lawyer/offers.
    await page.routeWebSocket(/\/api\/websocket\//, (ws) => ws.close({ code: 1011, reason: 'blocked' }));
    await lawyerLogin(page, otherLawyer);
    await page.getByRole('button', { name: '在线', exact: true }).click();
    const presence = page.getByTestId('presence');
    await expect.poll(() => presence.innerText(), { timeout: 10_000 }).toContain('每2秒刷新');
    expect(lawyersNotOffline()).toEqual([
      { lawyer_id: expect.any(Number), status: 'online', user_id: otherLawyer.userId },
    ]);

    const consumer = await loginByApi(server);
    const created = await callApi<{ orderId: string | null }>(server, 'order/createCallOrder', {
      body: { consultField: FIELD, userRemark: '父母的房子子女怎么继承？（轮询测试）', expectTime: '尽快' },
      token: consumer.token,
    });
    expect(created.code, created.msg).toBe(0);
    const orderId = created.data.orderId as string;
    const offer = page.getByTestId('offer');
    await offer.waitFor({ timeout: 10_000 });
    expect(await offer.getAttribute('data-order-id')).toBe(orderId);
    expect(await offer.innerText()).toContain('父母的房子子女怎么继承？');
    await screenshot(page, 'workbench-offer-polling');

    // 拒绝, tapped twice: one request; the offer is gone and stays gone (nobody else is online).
    const declines: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v2/lawyer/offer/decline')) declines.push(r.url());
    });
    await doubleTap(page, '拒绝');
    await page.getByText('暂无新订单').waitFor();
    expect(declines).toHaveLength(1);
    await page.waitForTimeout(2500);
    expect(await page.getByTestId('offer').count()).toBe(0);

    // The person cancels; the lawyer goes offline.
    const cancelled = await callApi(server, 'order/cancelCallOrder', {
      body: { orderId, reason: '不需要了' },
      token: consumer.token,
    });
    expect(cancelled.code, cancelled.msg).toBe(0);
    await page.getByRole('button', { name: '离线', exact: true }).click();
    await expect.poll(() => presence.innerText()).toContain('已离线');
    expect(lawyersNotOffline()).toEqual([]);
    expect(wb.consoleErrors).toEqual([]);
    await wb.context.close();
  });
});
