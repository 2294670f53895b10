import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ServiceOrderDetail } from '@lawline/contract/schemas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  launchBrowser,
  phonePage,
  type RunningServer,
  recordErrors,
  screenshot,
  startServer,
  toast,
  unexpectedErrors,
} from './harness.ts';
import {
  openRoute,
  prepareServiceOrders,
  type ServiceSweepOrders,
  servicePageNames,
  serviceRoutes,
  settlePage,
  sweepContext,
  trackRequests,
} from './pages.ts';
import { callApi, finishGuide, loginByApi, newMobile } from './session-helpers.ts';

/**
 * Service orders in a phone browser with the sandbox autopilot lawyer (issue 14 item 8): a person
 * walks each service alone — a face consultation ends evaluated, a lawyer letter comes back as a
 * PDF with a tracking number after one round of changes, a lawsuit is quoted, entrusted, paid in
 * full and shows its first milestone. Every step waits on what the person sees; the autopilot's
 * compressed clock (accept after AUTOPILOT_ACCEPT_MS, then a step every few seconds) keeps each
 * journey to well under a minute. Then every new page, in the states the page sweeps open it in
 * (tests/e2e/pages.ts), passes axe-core with no serious or critical violation.
 */

/** How long a step may take: the autopilot's next move plus the page noticing it. */
const STEP_MS = 40_000;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ SANDBOX_AUTOPILOT: '1', AUTOPILOT_ACCEPT_MS: '1000', JOBS_POLL_MS: '250' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A logged-in person's phone page; a failing journey leaves a screenshot and where it stood. */
async function loggedIn(name: string) {
  const user = await loginByApi(server, newMobile('134'));
  await finishGuide(server, user.token);
  const phone = await phonePage(browser);
  await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
  onTestFailed(async () => {
    await screenshot(phone.page, `services-${name}-failed`).catch(() => undefined);
    console.log(`${name} failed at ${phone.page.url()}; console errors: ${phone.consoleErrors.join(' | ')}`);
  });
  return { ...phone, user, errors: recordErrors(phone.page), base: `${server.url}/h5/gzh/` };
}

/** The service order id of the page's route (/Payment/S…, /FaceDetail/S…). */
function orderIdOf(page: Page): string {
  const id = /#\/[A-Za-z]+\/(S\d{8}[0-9A-Z]{8})/.exec(page.url())?.[1];
  if (!id) throw new Error(`no service order id in ${page.url()}`);
  return id;
}

/** The picker open now (a closed one stays in the page, hidden). */
const visiblePicker = (page: Page) => page.locator('.adm-picker').filter({ visible: true });

/** Picks 北京市 / 北京市 in a province / city picker opened by `trigger`. */
async function pickBeijing(page: Page, trigger: string): Promise<void> {
  await page.getByTestId(trigger).click();
  const picker = visiblePicker(page);
  await picker.getByText('北京市').first().waitFor();
  await picker.getByText('确定', { exact: true }).click();
  await expect.poll(() => page.getByTestId(trigger).innerText()).toContain('北京市');
}

/**
 * The Payment page the form opened (/Payment/S…/kind?pay=1): its sheet is open with the server's
 * amount; pay by WeChat at the sandbox H5 cashier, which notifies the server and sends the person
 * back (PayWaiting, then the order's page). Answers the amount the sheet showed.
 */
async function payAtCashier(page: Page, detailPage: string): Promise<string> {
  await page.locator('[data-page="Payment"]').waitFor({ timeout: 15_000 });
  const sheet = page.getByTestId('pay-sheet');
  await sheet.waitFor();
  await expect.poll(() => sheet.getByTestId('pay-sheet-amount').getAttribute('data-ready')).toBe('true');
  const amount = await sheet.getByTestId('pay-sheet-amount').innerText();
  await sheet.getByRole('radio', { name: '微信支付' }).check();
  await sheet.getByTestId('pay-submit').click();
  await page.waitForURL(/\/api\/dev\/cashier\/wechat\//);
  await page.getByRole('button', { name: '确认支付' }).click();
  await page.locator(`[data-page="${detailPage}"]`).waitFor({ timeout: 20_000 });
  return amount;
}

async function detailOf(path: string, token: string, orderId: string): Promise<ServiceOrderDetail> {
  const json = await callApi<ServiceOrderDetail>(server, path, { query: { orderId }, token });
  if (json.code !== 0) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

/** The text of every page of a PDF (pdf.js, as the server's own tests read the letters). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  return pages.join('\n');
}

/** Wrapping and spacing differ in a PDF: compare text without white space. */
const squash = (text: string) => text.replace(/[\s\u3000]+/g, '');

describe('service orders with the autopilot lawyer', () => {
  it('face consultation: order, pay, the lawyer proposes a time, confirm, held, evaluate → 已完成 in 已完成', async () => {
    const { page, context, errors, base } = await loggedIn('face');
    await page.goto(`${base}#/SubDoc/faceConsult`);
    await page.locator('[data-page="SubDoc"]').waitFor();
    await page.getByTestId('subdoc-bar-button').click();
    await page.locator('[data-page="MeetConsult"]').waitFor();
    await page.getByTestId('meet-consult').waitFor();

    await pickBeijing(page, 'region');
    await page.getByTestId('field-choices').getByRole('button', { name: '劳动人事' }).click();
    await page.getByTestId('level-field').getByText('资深律师').click();
    await page.getByTestId('dates-field').click();
    const dates = page.getByTestId('dates-sheet');
    await dates.waitFor();
    const choices = dates.locator('button[aria-pressed]');
    await choices.nth(2).click();
    await choices.nth(4).click();
    await dates.getByRole('button', { name: /^完成/ }).click();
    await expect.poll(() => page.getByTestId('dates-field').innerText()).toContain('已选2天');
    const description =
      '公司拖欠三个月工资并拒绝出具离职证明，想当面请律师看看劳动合同和工资条，商量仲裁怎么准备。';
    await page.locator('textarea[name="description"]').fill(description);
    await page.locator('input[name="contactName"]').fill('张先生');
    // The price and the refund rule show before paying.
    await expect.poll(() => page.getByTestId('meet-bar').innerText()).toMatch(/¥\s?\d/);
    expect(await page.locator('[data-page="MeetConsult"]').innerText()).toContain('全额退款');
    await screenshot(page, 'services-face-form');
    await page.getByTestId('meet-bar-button').click();

    const paid = await payAtCashier(page, 'FaceDetail');
    expect(paid).toMatch(/¥\s?\d/);
    const orderId = orderIdOf(page);

    // The autopilot lawyer accepts and proposes a time and a place: the person confirms it.
    const confirm = page.getByTestId('face-confirm-time');
    await confirm.waitFor({ timeout: STEP_MS });
    expect(await page.getByTestId('face-proposal').innerText()).toMatch(/\d{1,2}:\d{2}/);
    await screenshot(page, 'services-face-proposal');
    await confirm.click();
    await page.locator('.adm-dialog').getByRole('button', { name: '确认时间' }).click();
    await toast(page, '见面时间已确认').waitFor();

    // The autopilot marks the meeting held: the person evaluates.
    const evaluate = page.getByTestId('service-bar-button').filter({ hasText: '去评价' });
    await evaluate.waitFor({ timeout: STEP_MS });
    await screenshot(page, 'services-face-held');
    await evaluate.click();
    await page.locator('[data-page="OrderEvaluate"]').waitFor();
    await page.getByTestId('order-evaluate').waitFor();
    await page.getByTestId('rate').locator('[role="radio"][aria-label="5"]').tap();
    // Tags of tag/getAllEvaluate, as on a phone evaluation.
    await page.getByTestId('evaluate-tags').getByRole('button').first().click();
    await page.locator('textarea[name="content"]').fill('律师准备充分，讲得很清楚。');
    await screenshot(page, 'services-face-evaluate');
    await page.getByTestId('evaluate-bar-button').click();
    await toast(page, '感谢您的评价').waitFor();
    await page.locator('[data-page="FaceDetail"]').waitFor();
    await expect.poll(() => page.getByTestId('service-status-text').innerText()).toContain('已完成');
    await page.getByTestId('evaluation').waitFor();

    await page.goto(`${base}#/OrderList?index=2`);
    const row = page.locator(`[data-testid="orders-finished"] [data-order-id="${orderId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('已完成');
    await screenshot(page, 'services-face-order-list');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, 180_000);

  it('lawyer letter: order, pay, the draft, one change asked, approve → the final PDF (with the facts) and a tracking number', async () => {
    const { page, context, errors, user, base } = await loggedIn('letter');
    await page.goto(`${base}#/LawyerLetter`);
    await page.locator('[data-page="LawyerLetter"]').waitFor();
    await page.getByTestId('letter-bar-button').click();
    await page.locator('[data-page="LawyerLetterDetail"]').waitFor();

    const facts =
      '2024年3月5日，李建国向我借款人民币伍万元，约定当年12月31日前归还，有微信转账记录和借条为证，至今分文未还。';
    await page.locator('input[name="senderName"]').fill('王小明');
    await page.locator('input[name="senderPhone"]').fill(user.mobile);
    await page.locator('textarea[name="senderAddress"]').fill('北京市朝阳区建国路88号1号楼101室');
    await page.locator('input[name="recipientName"]').fill('李建国');
    await page.locator('input[name="recipientPhone"]').fill('13800138000');
    await page.locator('textarea[name="recipientAddress"]').fill('上海市浦东新区世纪大道100号2号楼');
    await page.locator('textarea[name="facts"]').fill(facts);
    await page.locator('textarea[name="demands"]').fill('十五日内归还借款伍万元及逾期利息');
    await page.getByTestId('letter-deadline').getByRole('button', { name: '15天内' }).click();
    await expect.poll(() => page.getByTestId('letter-submit-bar').innerText()).toMatch(/¥\s?\d/);
    await screenshot(page, 'services-letter-form');
    await page.getByTestId('letter-submit-bar-button').click();

    await payAtCashier(page, 'LetterDetail');
    const orderId = orderIdOf(page);

    // The autopilot drafts from the facts; the person asks for a change.
    const draftText = page.getByTestId('letter-draft-text');
    const ask = page.getByTestId('letter-ask-revision');
    await ask.waitFor({ timeout: STEP_MS });
    const firstDraft = await draftText.innerText();
    expect(firstDraft).toContain('李建国');
    await screenshot(page, 'services-letter-draft');
    await ask.click();
    await page
      .locator('textarea[name="revisionNote"]')
      .fill('请写明借款的具体日期，并要求对方十五日内还清。');
    await page.getByTestId('revision-submit').click();
    await toast(page, '修改意见已提交，律师将尽快修改').waitFor();

    // The revised draft arrives (第2稿): approve it.
    await page.getByTestId('letter-draft').filter({ hasText: '第2稿' }).waitFor({ timeout: STEP_MS });
    const approve = page.getByTestId('letter-approve');
    await approve.waitFor();
    await approve.click();
    await page.locator('.adm-dialog').getByRole('button', { name: '确认定稿' }).click();
    await toast(page, '已确认定稿').waitFor();

    // The lawyer finalises: the PDF is there, the courier takes it with a tracking number.
    await page.getByTestId('letter-final').waitFor({ timeout: STEP_MS });
    const tracking = page.getByTestId('letter-tracking-no');
    await tracking.waitFor({ timeout: STEP_MS });
    expect((await tracking.innerText()).trim()).toMatch(/^[A-Z0-9]{8,}$/);
    await screenshot(page, 'services-letter-sent');

    // 下载律师函 hands the browser a PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('letter-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    // The final letter's URL answers the person's token with a PDF that carries their facts.
    const detail = await detailOf('order/lawLetterOrder/detail', user.token, orderId);
    const finalPdf = detail.letter?.finalPdf;
    expect(finalPdf).toBeTruthy();
    const res = await fetch(new URL(finalPdf?.url ?? '', server.url), { headers: { token: user.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const text = squash(await pdfText(new Uint8Array(await res.arrayBuffer())));
    expect(text).toContain(squash('李建国向我借款人民币伍万元'));
    expect(text).toContain('王小明');
    // Without the token the file is not served.
    const anonymous = await fetch(new URL(finalPdf?.url ?? '', server.url));
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    expect(detail.letter?.courier?.trackingNo).toBe((await tracking.innerText()).trim());
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, 180_000);

  it('lawsuit: order, pay the deposit, the quote, sign the entrustment, pay the balance → 立案 on the timeline', async () => {
    const { page, context, errors, user, base } = await loggedIn('lawsuit');
    await page.goto(`${base}#/SubDoc/lawsuit`);
    await page.locator('[data-page="SubDoc"]').waitFor();
    await page.getByTestId('subdoc-bar-button').click();
    await page.locator('[data-page="Lawsuit"]').waitFor();
    await page.getByTestId('lawsuit-form').waitFor();

    await page.getByTestId('lawsuit-role').getByText('原告（起诉方）').click();
    await page.getByTestId('lawsuit-case-type').getByText('民事', { exact: true }).click();
    await page.getByTestId('lawsuit-field').click();
    await visiblePicker(page).getByText('确定', { exact: true }).click();
    await expect.poll(() => page.getByTestId('lawsuit-field').innerText()).not.toContain('请选择');
    await page.getByTestId('lawsuit-amount').fill('80000');
    await pickBeijing(page, 'courtRegionCode');
    await page
      .getByTestId('lawsuit-facts')
      .fill(
        '2023年6月我把8万元借给同事周某，约定半年后归还，有借条和转账记录；到期后多次催要，对方一直拖延不还，我想起诉要回借款和利息。',
      );
    await expect.poll(() => page.getByTestId('lawsuit-bar').innerText()).toMatch(/¥\s?\d/);
    await screenshot(page, 'services-lawsuit-form');
    await page.getByTestId('lawsuit-bar-button').click();

    await payAtCashier(page, 'LawsuitDetail');
    const orderId = orderIdOf(page);

    // The autopilot lawyer assesses and quotes: the person accepts by signing the entrustment.
    const accept = page.getByTestId('accept-quote');
    await accept.waitFor({ timeout: STEP_MS });
    await expect.poll(() => page.getByTestId('quote-fee').innerText()).toMatch(/¥\s?\d/);
    await screenshot(page, 'services-lawsuit-quote');
    await accept.click();
    await page.getByTestId('entrust-text').waitFor();
    expect(await page.getByTestId('entrust-text').innerText()).toContain('委托');
    await page.getByTestId('sign-name').fill('赵晓明');
    await page.getByTestId('sign-consent').check();
    await screenshot(page, 'services-lawsuit-entrust');
    await page.getByTestId('entrust-bar-button').click();

    // The balance: paid at the cashier like the deposit.
    await payAtCashier(page, 'LawsuitDetail');
    expect(orderIdOf(page)).toBe(orderId);
    const milestones = page.getByTestId('lawsuit-milestones');
    // (The empty list names 立案 too: wait for a milestone.)
    await milestones.getByTestId('milestone').filter({ hasText: '立案' }).waitFor({ timeout: STEP_MS });
    await screenshot(page, 'services-lawsuit-filed');

    const detail = await detailOf('order/lawsuitOrder/detail', user.token, orderId);
    expect(detail.state).toBe('in_service');
    expect(detail.lawsuit?.entrust.signed).toBe(true);
    expect(detail.lawsuit?.entrust.pdf).toBeTruthy();
    expect(detail.lawsuit?.milestones[0]?.milestone).toBe('filed');
    expect(detail.payments.length).toBe(2);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, 180_000);
});

type Violation = { id: string; impact: string | null; help: string; targets: string[] };

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  // The app's CSP refuses inline scripts; evaluating over DevTools is not subject to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Result = {
      violations: Array<{
        id: string;
        impact: string | null;
        help: string;
        nodes: Array<{ target: unknown[] }>;
      }>;
    };
    const w = window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<Result> } };
    const result = await w.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe('the service pages pass axe (no serious or critical violations)', () => {
  let token = '';
  let orders: ServiceSweepOrders;

  beforeAll(async () => {
    const user = await loginByApi(server, newMobile('134'));
    await finishGuide(server, user.token);
    token = user.token;
    orders = await prepareServiceOrders(server, user);
  }, 120_000);

  for (const name of servicePageNames) {
    it(name, async () => {
      const { context, page } = await sweepContext(browser, { token });
      const requests = trackRequests(page);
      try {
        for (const route of [serviceRoutes[name](orders)].flat()) {
          await openRoute(page, server.url, route, { fresh: true });
          await settlePage(page, name, requests);
          // The page shows the order (not a problem or a placeholder) before axe looks at it.
          expect(await page.getByTestId('order-problem').count(), route).toBe(0);
          expect(await page.locator(`[data-page="${name}"]`).innerText(), route).not.toContain('功能建设中');
          await screenshot(page, `services-axe-${route.replaceAll('/', '-')}`);
          const serious = await seriousViolations(page);
          expect(
            serious,
            `${route}:\n${serious.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.targets.join('\n    ')}`).join('\n')}`,
          ).toEqual([]);
        }
      } finally {
        await context.close();
      }
    });
  }
});
