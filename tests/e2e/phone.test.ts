import { billableUnits, billingRuleText, Charge, explainCallBill } from '@lawline/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { apiData, buyCard, callApi, finishGuide, loginByApi, newMobile } from './session-helpers.ts';

/**
 * Phone consultation in a phone browser (issue 5 #7): consult now → the lawyer card on PhoneWaiting
 * → payment (or, for a member, the evaluation) → the order list. The server's autopilot lawyer
 * accepts and hangs up, so one person walks the whole flow; a second server without it keeps an
 * order waiting for the logged-out / cancel journey.
 */

/** Seconds the autopilot's call record carries (server default AUTOPILOT_CALL_SECONDS). */
const AUTOPILOT_CALL_SECONDS = 95;

let autopilot: RunningServer;
let quiet: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [autopilot, quiet, browser] = await Promise.all([
    startServer({
      SANDBOX_AUTOPILOT: '1',
      AUTOPILOT_ACCEPT_MS: '1500',
      AUTOPILOT_CALL_MS: '2500',
      AUTOPILOT_CALL_SECONDS: String(AUTOPILOT_CALL_SECONDS),
      JOBS_POLL_MS: '250',
    }),
    startServer({ SANDBOX_AUTOPILOT: '0' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([autopilot?.stop(), quiet?.stop()]);
});

async function loggedInPage(server: RunningServer, member = false) {
  const user = await loginByApi(server, newMobile('136'));
  await finishGuide(server, user.token);
  if (member) await buyCard(server, user.token, 'MC19001');
  const phone = await phonePage(browser);
  await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
  return { ...phone, user, errors: recordErrors(phone.page) };
}

/** Home → the 婚姻家庭 tile of the field grid → SubTel. */
async function openMarriageFromHome(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.url}/h5/gzh/#/Home`);
  await page.locator('[data-page="Home"]').waitFor();
  await page.locator('#splash').waitFor({ state: 'detached', timeout: 5000 });
  await page.getByTestId('consult-fields').getByText('婚姻家庭', { exact: true }).click();
  await page.locator('[data-page="SubTel"]').waitFor();
  await expect.poll(() => page.getByTestId('consult-field-name').innerText()).toBe('婚姻家庭');
}

async function submitQuestion(page: Page, question: string): Promise<string> {
  await page.locator('textarea[name="question"]').fill(question);
  await expect.poll(() => page.getByTestId('question-counter').innerText()).toBe(`${question.length}/500`);
  await page.getByTestId('consult-bar-button').click();
  await page.locator('[data-page="PhoneWaiting"]').waitFor();
  const orderId = /#\/PhoneWaiting\/(T\d{8}[0-9A-Z]{8})/.exec(page.url())?.[1];
  if (!orderId) throw new Error(`no order id in ${page.url()}`);
  return orderId;
}

describe('phone consultation with the autopilot lawyer', () => {
  it('a person consults from the home grid, sees the lawyer card, and lands on payment with the amount owed', async () => {
    const { page, context, errors, user } = await loggedInPage(autopilot);
    const channel = await apiData<{ price: number; payType: string; servicePhone: string }>(
      autopilot,
      'channel/getChannel',
    );
    const charge = channel.payType as Charge;
    const unit = charge === Charge.byPer ? '元/次' : '元/分钟';
    const units = billableUnits(charge, AUTOPILOT_CALL_SECONDS);
    const owed = units * channel.price;
    const ruleText = billingRuleText(charge, Math.round(channel.price * 100));

    await openMarriageFromHome(page, autopilot);
    // Before starting: lawyers of the field are online (the autopilot lawyer), so the 60 s promise.
    const availability = page.getByTestId('availability');
    await expect.poll(() => availability.getAttribute('data-state')).toBe('online');
    expect(await availability.getByTestId('availability-title').innerText()).toMatch(
      /^当前有\d+位婚姻家庭律师在线$/,
    );
    expect(await availability.getByTestId('availability-detail').innerText()).toContain('60秒内给您回电');
    // The billing rule, before consulting.
    expect(await page.getByTestId('billing-rule').innerText()).toContain(ruleText);
    // The price line of the fixed bottom bar, and the step bar.
    const bar = page.getByTestId('consult-bar');
    await expect.poll(() => bar.getByTestId('bar-price').innerText()).toBe(`¥${channel.price}`);
    expect(await bar.innerText()).toContain(unit);
    expect(await bar.innerText()).toContain('通话不足1分钟免费');
    expect(await page.getByTestId('step-bar').innerText()).toContain('立即咨询');
    // Too short: the rule, not a request.
    await page.locator('textarea[name="question"]').fill('离婚');
    await bar.getByRole('button', { name: '立即咨询' }).click();
    await toast(page, '问题描述至少5个字').waitFor();
    await screenshot(page, 'phone-subtel');

    const orderId = await submitQuestion(
      page,
      '结婚三年准备离婚，房子是婚前男方全款买的，婚后一起还贷，怎么分？',
    );
    await page.getByTestId('waiting').waitFor();
    await screenshot(page, 'phone-waiting-matching');
    const lawyer = page.getByTestId('order-lawyer');
    await lawyer.waitFor({ timeout: 15_000 });
    await expect.poll(() => lawyer.getByTestId('order-lawyer-name').innerText()).not.toBe('');
    await screenshot(page, 'phone-waiting-lawyer');

    // The call ends: status 5 → Payment, with the server's bill.
    await page.locator('[data-page="Payment"]').waitFor({ timeout: 20_000 });
    expect(page.url()).toContain(`#/Payment/${orderId}`);
    await expect.poll(() => page.getByTestId('payable-amount').innerText()).toBe(`¥${owed}`);
    const payBar = page.getByTestId('pay-bar');
    expect(await payBar.getByTestId('bar-price').innerText()).toBe(`¥${owed}`);
    expect(await payBar.getByTestId('bar-tag').innerText()).toBe('待支付');
    expect(await page.getByTestId('bill-duration').innerText()).toBe('1分35秒');
    // The rule on the payment page, and how it applied to this call.
    expect(await page.getByTestId('billing-rule').innerText()).toContain(ruleText);
    const explanation = explainCallBill({
      charge,
      unitPriceFen: Math.round(channel.price * 100),
      durationSeconds: AUTOPILOT_CALL_SECONDS,
      billableUnits: units,
      amountFen: Math.round(owed * 100),
      freeReason: null,
    });
    expect(await page.getByTestId('bill-explanation').innerText()).toBe(explanation);
    expect(await page.getByTestId('bill-units').innerText()).toBe(
      charge === Charge.byPer ? `${units}次` : `${units}分钟`,
    );
    // 联系客服 on the order: the channel's phone, tap to call.
    expect(await page.getByTestId('contact-service').getAttribute('href')).toBe(
      `tel:${channel.servicePhone.replace(/[^\d+]/g, '')}`,
    );
    await screenshot(page, 'phone-payment');
    // 立即支付 opens the payment sheet with the server's amount (paying: payments.test.ts).
    await payBar.getByRole('button', { name: '立即支付' }).click();
    const sheet = page.getByTestId('pay-sheet');
    await sheet.waitFor();
    await expect.poll(() => sheet.getByTestId('pay-sheet-amount').getAttribute('data-ready')).toBe('true');
    expect(await sheet.getByTestId('pay-sheet-amount').innerText()).toContain(`¥${owed}`);
    await sheet.getByRole('button', { name: '关闭' }).click();
    await sheet.waitFor({ state: 'detached' });

    // An unpaid order blocks a new consult: the toast, then (1.5 s) TelDetail of the unpaid order.
    await openMarriageFromHome(page, autopilot);
    await page.locator('textarea[name="question"]').fill('还想再问一下抚养权的问题，孩子三岁');
    await page.getByTestId('consult-bar-button').click();
    await toast(page, '您有未支付订单，请及时支付').waitFor();
    await page.locator('[data-page="TelDetail"]').waitFor({ timeout: 5000 });
    expect(page.url()).toContain(`#/TelDetail/${orderId}`);
    await expect.poll(() => page.getByTestId('tel-status-text').innerText()).toBe('咨询已完成，请立即支付');
    await screenshot(page, 'phone-tel-detail-unpaid');

    // 待支付 tab of the order list (?index=1).
    await page.goto(`${autopilot.url}/h5/gzh/#/OrderList?index=1`);
    await page.locator(`[data-testid="orders-unpaid"] [data-order-id="${orderId}"]`).waitFor();

    // 我的 shows the count on its 待支付 shortcut (order/orderStatusCount).
    await page.goto(`${autopilot.url}/h5/gzh/#/User`);
    const unpaidShortcut = page.getByTestId('order-shortcuts').locator('li').filter({ hasText: '待支付' });
    await expect.poll(() => unpaidShortcut.locator('.adm-badge').innerText()).toBe('1');
    expect(user.id).toBeGreaterThan(0);

    // Pay it at the sandbox WeChat H5 cashier; the paid order says 已支付 with amount, time and method.
    await page.goto(`${autopilot.url}/h5/gzh/#/Payment/${orderId}`);
    await page.getByTestId('pay-bar').getByRole('button', { name: '立即支付' }).click();
    const paySheet = page.getByTestId('pay-sheet');
    await expect.poll(() => paySheet.getByTestId('pay-sheet-amount').getAttribute('data-ready')).toBe('true');
    await paySheet.getByRole('radio', { name: '微信支付' }).check();
    await paySheet.getByTestId('pay-submit').click();
    await page.waitForURL(/\/api\/dev\/cashier\/wechat\//);
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.locator('[data-page="PaySuccess"], [data-page="LawyerEvaluation"]').first().waitFor({
      timeout: 15_000,
    });
    await page.goto(`${autopilot.url}/h5/gzh/#/TelDetail/${orderId}`);
    const paid = page.getByTestId('paid-info');
    await paid.waitFor();
    expect(await paid.getByTestId('paid-amount').innerText()).toBe(`¥${owed}`);
    expect(await paid.getByTestId('paid-method').innerText()).toBe('微信支付');
    expect(await paid.getByTestId('paid-time').innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(await paid.getByTestId('paid-coupon').innerText()).toBe('未使用');
    expect(await page.getByTestId('tel-paid-line').innerText()).toContain(`已支付 ¥${owed}`);
    // No red 应付金额 on a paid order; the bill still says how the rule applied.
    expect(await page.getByTestId('bill-payable').count()).toBe(0);
    expect(await page.getByTestId('bill').innerText()).not.toContain('应付金额');
    expect(await page.getByTestId('bill-explanation').innerText()).toBe(explanation);
    await screenshot(page, 'phone-tel-detail-paid');
    await page.goto(`${autopilot.url}/h5/gzh/#/OrderList?index=2`);
    const paidRow = page.locator(`[data-testid="orders-finished"] [data-order-id="${orderId}"]`);
    await paidRow.waitFor();
    expect(await paidRow.getByTestId('order-row-paid').innerText()).toContain(`已支付 ¥${owed}`);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a member consults free, evaluates with 5 stars and a tag, and finds the order under 已完成', async () => {
    const { page, context, errors } = await loggedInPage(autopilot, true);
    await openMarriageFromHome(page, autopilot);
    await expect
      .poll(() => page.getByTestId('consult-bar').getByTestId('bar-member-text').innerText())
      .toBe('会员尊享免费咨询');
    const orderId = await submitQuestion(page, '离婚时孩子抚养权一般判给谁？需要准备哪些材料？');
    await page.getByTestId('order-lawyer').waitFor({ timeout: 15_000 });

    // Nothing owed: status 4 → LawyerEvaluation.
    await page.locator('[data-page="LawyerEvaluation"]').waitFor({ timeout: 20_000 });
    expect(page.url()).toContain(`#/LawyerEvaluation/${orderId}`);
    await page.getByTestId('rate').locator('[role="radio"][aria-label="5"]').tap();
    await expect.poll(() => page.getByTestId('rate-text').innerText()).toBe('非常满意');
    const tag = page.getByTestId('evaluate-tags').getByRole('button', { name: '专业靠谱' });
    await tag.click();
    expect(await tag.getAttribute('aria-pressed')).toBe('true');
    await page.locator('textarea[name="content"]').fill('律师很耐心，讲得很清楚。');
    await screenshot(page, 'phone-evaluation');
    await page.getByTestId('evaluate-bar-button').click();
    await toast(page, '感谢您的评价').waitFor();

    await page.locator('[data-page="TelDetail"]').waitFor();
    await expect.poll(() => page.getByTestId('tel-status-text').innerText()).toBe('订单已完成，欢迎再次使用');
    expect(await page.getByTestId('bill-free').innerText()).toBe('会员免费');
    expect(await page.getByTestId('evaluation').innerText()).toContain('专业靠谱');
    await screenshot(page, 'phone-tel-detail-member');

    await page.goto(`${autopilot.url}/h5/gzh/#/OrderList`);
    await page.getByTestId('orders-ongoing').waitFor();
    await page.locator('.adm-tabs-tab').getByText('已完成', { exact: true }).click();
    const row = page.locator(`[data-testid="orders-finished"] [data-order-id="${orderId}"]`);
    await row.waitFor();
    expect(page.url()).toContain('index=2');
    expect(await row.innerText()).toContain('已完成');
    await screenshot(page, 'phone-order-list-finished');
    await row.click();
    await page.locator('[data-page="TelDetail"]').waitFor();
    expect(page.url()).toContain(`#/TelDetail/${orderId}`);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('phone consultation without a lawyer answering', () => {
  it('logged out: SubTel says nobody is online, the order is placed after login; the wait counts no promise; cancel with a reason', async () => {
    const { page, context } = await phonePage(browser);
    const errors = recordErrors(page);
    const mobile = newMobile('135');
    await page.goto(`${quiet.url}/h5/gzh/#/SubTel/999`);
    await page.getByTestId('unknown-field').waitFor();
    await page.goto(`${quiet.url}/h5/gzh/#/SubTel/5`);
    await expect.poll(() => page.getByTestId('consult-field-name').innerText()).toBe('劳动人事');
    // Nobody is online on this server: said before starting, with the service hours, and no
    // 60-second promise anywhere; the person may wait or leave a callback request.
    const availability = page.getByTestId('availability');
    await expect.poll(() => availability.getAttribute('data-state')).toBe('none');
    expect(await availability.getByTestId('availability-title').innerText()).toBe('当前暂无律师在线');
    const channel = await apiData<{ serviceHours: string }>(quiet, 'channel/getChannel');
    expect(await availability.getByTestId('availability-detail').innerText()).toContain(
      `律师服务时间 ${channel.serviceHours}`,
    );
    expect(await availability.innerText()).not.toContain('60秒');
    expect(await page.getByTestId('consult-rules').innerText()).not.toContain('60秒');
    await page.getByTestId('choice-wait').waitFor();
    await page.getByTestId('choice-callback').waitFor();
    expect(await page.getByTestId('consult-bar-button').innerText()).toBe('提交咨询');
    await screenshot(page, 'phone-subtel-none-online');
    // The region data (≈33 KB gzip) is fetched only when the picker opens.
    const regionChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/regions-[\w-]+\.js$/.test(request.url())) regionChunks.push(request.url());
    });
    await page.getByTestId('region-field').waitFor();
    expect(regionChunks).toEqual([]);
    await page.getByTestId('region-field').click();
    const picker = page.locator('.adm-picker');
    await picker.getByText('北京市').first().waitFor();
    expect(regionChunks).toHaveLength(1);
    await picker.getByText('确定', { exact: true }).click();
    await expect.poll(() => page.getByTestId('region-field').innerText()).toContain('北京市');
    const question = '试用期被辞退没有补偿，合法吗？';
    await page.locator('textarea[name="question"]').fill(question);
    // The draft survives a reload.
    await page.reload();
    await expect.poll(() => page.locator('textarea[name="question"]').inputValue()).toBe(question);
    expect(await page.getByTestId('region-field').innerText()).toContain('北京市');

    await page.getByTestId('consult-bar-button').click();
    const popup = page.getByTestId('login-popup');
    await popup.waitFor();
    await popup.locator('input[name="mobile"]').fill(mobile);
    await popup.getByTestId('get-code').click();
    await expect.poll(() => popup.getByTestId('get-code').innerText()).toMatch(/^已发送/);
    const outbox = (await (await fetch(`${quiet.url}/api/dev/sms-outbox?mobile=${mobile}`)).json()) as {
      data: Array<{ code: string; sentAt: number }>;
    };
    const code = [...outbox.data].sort((a, b) => b.sentAt - a.sentAt)[0]?.code ?? '';
    await popup.locator('input[name="code"]').fill(code);
    await popup.getByRole('button', { name: '登录', exact: true }).click();

    // Submitted right after the login: PhoneWaiting says nobody is online and counts no promise.
    await page.locator('[data-page="PhoneWaiting"]').waitFor({ timeout: 10_000 });
    const orderId = /#\/PhoneWaiting\/(T\w+)/.exec(page.url())?.[1] ?? '';
    const waiting = page.getByTestId('waiting');
    await expect.poll(() => waiting.getAttribute('data-view')).toBe('noLawyer');
    await expect.poll(() => page.getByTestId('waiting-title').innerText()).toBe('当前暂无律师在线');
    expect(await page.getByTestId('no-lawyer-text').innerText()).toContain('律师服务时间');
    expect(await page.getByTestId('promise-countdown').count()).toBe(0);
    expect(await waiting.innerText()).not.toContain('60秒');
    // What it counts is how long the person has waited.
    const elapsed = page.getByTestId('waiting-elapsed');
    const waited = await elapsed.innerText();
    expect(waited).toMatch(/^已等待\d+秒$/);
    await expect.poll(() => elapsed.innerText(), { timeout: 4000 }).not.toBe(waited);
    expect(await page.getByTestId('promise-countdown').count()).toBe(0);
    await screenshot(page, 'phone-waiting-no-lawyer');

    await page.getByTestId('cancel-order').click();
    const sheet = page.getByTestId('cancel-popup');
    await sheet.waitFor();
    await sheet.getByRole('button', { name: '等待时间太长' }).click();
    await screenshot(page, 'phone-cancel-reason');
    await sheet.getByTestId('confirm-cancel').click();
    await toast(page, '订单已取消').waitFor();
    await page.locator('[data-page="TelDetail"]').waitFor();
    expect(page.url()).toContain(`#/TelDetail/${orderId}`);
    await expect.poll(() => page.getByTestId('tel-status-text').innerText()).toContain('已取消');
    expect(await page.getByTestId('tel-status').innerText()).toContain('等待时间太长');
    await page.goto(`${quiet.url}/h5/gzh/#/OrderList?index=3`);
    await page.locator(`[data-testid="orders-cancelled"] [data-order-id="${orderId}"]`).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('nobody online: a callback request is placed and the wait page promises no countdown', async () => {
    const { page, context, errors } = await loggedInPage(quiet);
    await page.goto(`${quiet.url}/h5/gzh/#/SubTel/3`);
    await expect.poll(() => page.getByTestId('availability').getAttribute('data-state')).toBe('none');
    await page.getByTestId('choice-callback').click();
    await expect.poll(() => page.getByTestId('consult-bar-button').innerText()).toBe('预约回电');
    await page.locator('textarea[name="question"]').fill('物业费一直涨价，业主可以拒交吗？');
    await page.getByTestId('consult-bar-button').click();
    await page.locator('[data-page="PhoneWaiting"]').waitFor({ timeout: 10_000 });
    const waiting = page.getByTestId('waiting');
    // Outside service hours the order waits for its time (scheduled); inside them it is offered at
    // once and, with nobody online, says so. Either way: no 60-second countdown.
    await expect.poll(() => waiting.getAttribute('data-view')).toMatch(/^(scheduled|noLawyer)$/);
    expect(await page.getByTestId('promise-countdown').count()).toBe(0);
    await screenshot(page, 'phone-waiting-callback');
    await page.getByTestId('cancel-order').click();
    const sheet = page.getByTestId('cancel-popup');
    await sheet.waitFor();
    // Back closes the sheet and stays on the page.
    await page.evaluate(() => history.back());
    await sheet.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('#/PhoneWaiting/');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('电话咨询 on a profile: SubTel shows that lawyer, the order waits for them for the stated time, then goes to anyone', async () => {
    const { page, context, errors, user } = await loggedInPage(quiet);
    const lawyers = await apiData<{ list: Array<{ userId: number; realName: string; skillField: string }> }>(
      quiet,
      'uc/lawyerInfo/page',
      { page: 1, limit: 1 },
    );
    const lawyer = lawyers.list[0];
    if (!lawyer) throw new Error('no seeded lawyer');
    const field = Number(lawyer.skillField.split(',')[0]);
    await page.goto(`${quiet.url}/h5/gzh/#/SubTel/${field}?lawyer=${lawyer.userId}`);
    const card = page.getByTestId('requested-lawyer');
    await card.waitFor();
    expect(await card.getByTestId('order-lawyer-name').innerText()).toBe(lawyer.realName);
    // Nobody is online on this server: the person is told, and chooses.
    expect(await card.getAttribute('data-presence')).toBe('offline');
    expect(await card.getByTestId('requested-lawyer-status').innerText()).toBe(
      `${lawyer.realName}律师当前离线`,
    );
    expect(await card.getByTestId('choice-requested').innerText()).toContain('最多等待5分钟');
    await card.getByTestId('choice-any').waitFor();
    await screenshot(page, 'phone-subtel-requested');
    await page.locator('textarea[name="question"]').fill('公司拖欠三个月工资，怎么维权？');
    await page.getByTestId('consult-bar-button').click();
    await page.locator('[data-page="PhoneWaiting"]').waitFor({ timeout: 10_000 });
    const orderId = /#\/PhoneWaiting\/(T\w+)/.exec(page.url())?.[1] ?? '';

    // The order records the lawyer and waits for them: the stated wait, no 60-second countdown.
    const waiting = page.getByTestId('waiting');
    await expect.poll(() => waiting.getAttribute('data-view')).toBe('requested');
    expect(await page.getByTestId('order-lawyer-name').innerText()).toBe(lawyer.realName);
    expect(await page.getByTestId('requested-wait').innerText()).toMatch(/^最多再等[45]分\d+秒/);
    expect(await page.getByTestId('promise-countdown').count()).toBe(0);
    const detail = await callApi<{ requestedLawyer: { lawyer: { userId: number }; state: string } | null }>(
      quiet,
      'order/callOrderDetail',
      { query: { orderId }, token: user.token },
    );
    expect(detail.data.requestedLawyer?.lawyer.userId).toBe(lawyer.userId);
    expect(detail.data.requestedLawyer?.state).toBe('waiting');
    await screenshot(page, 'phone-waiting-requested');

    // The person takes the first available lawyer instead: nobody is online, said so.
    await page.getByTestId('release-requested').click();
    await expect.poll(() => waiting.getAttribute('data-view')).toBe('noLawyer');
    expect(await page.getByTestId('promise-countdown').count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it("another person's order id gets the server's 404 message and a way home", async () => {
    const owner = await loginByApi(quiet, newMobile('134'));
    const created = await callApi<{ orderId: string }>(quiet, 'order/createCallOrder', {
      body: { consultField: 3, userRemark: '物业费涨价合理吗，需要交吗？' },
      token: owner.token,
    });
    expect(created.code).toBe(0);
    const { page, context, errors } = await loggedInPage(quiet);
    await page.goto(`${quiet.url}/h5/gzh/#/TelDetail/${created.data.orderId}`);
    const problem = page.getByTestId('order-problem');
    await problem.waitFor();
    expect(await problem.innerText()).toContain('订单不存在');
    await screenshot(page, 'phone-order-not-found');
    await problem.getByRole('button', { name: '返回首页' }).click();
    await page.locator('[data-page="Home"]').waitFor();
    expect(unexpectedErrors(errors, [[404, /order\/callOrderDetail/]])).toEqual([]);
    await context.close();
  });
});
