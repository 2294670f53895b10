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
import { callApi, finishGuide, loginByApi, newMobile } from './session-helpers.ts';

/**
 * Paying in a phone browser (issue 6 #8): the whole phone journey with a coupon through the sandbox
 * WeChat H5 cashier; a gold card bought through Alipay makes the next consult free; inside WeChat
 * (fake WeixinJSBridge) the JSAPI path is taken and a cancel says 支付已取消.
 */

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36 XWEB/1260117 MMWEBSDK/20240404 MicroMessenger/8.0.49.2600(0x2800313D) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      SANDBOX_AUTOPILOT: '1',
      AUTOPILOT_ACCEPT_MS: '1000',
      AUTOPILOT_CALL_MS: '1500',
      AUTOPILOT_CALL_SECONDS: '95',
      JOBS_POLL_MS: '250',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function loggedIn(channel: string, options: { userAgent?: string } = {}) {
  const user = await loginByApi(server, newMobile('139'));
  await finishGuide(server, user.token);
  const phone = await phonePage(browser, options);
  await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
  return {
    ...phone,
    user,
    errors: recordErrors(phone.page),
    base: `${server.url}/h5/gzh/?channel=${channel}`,
  };
}

async function consult(page: Page, base: string, question: string): Promise<string> {
  await page.goto(`${base}#/SubTel/2`);
  await page.locator('[data-page="SubTel"]').waitFor();
  await page.locator('textarea[name="question"]').fill(question);
  await page.getByTestId('consult-bar-button').click();
  await page.locator('[data-page="PhoneWaiting"]').waitFor();
  const orderId = /#\/PhoneWaiting\/([A-Z0-9]+)/.exec(page.url())?.[1];
  if (!orderId) throw new Error(`no order id in ${page.url()}`);
  return orderId;
}

/** Opens the sheet from the Payment page and waits for the server's amount. */
async function openSheet(page: Page) {
  await page.getByTestId('pay-bar').getByRole('button', { name: '立即支付' }).click();
  const sheet = page.getByTestId('pay-sheet');
  await sheet.waitFor();
  await expect.poll(() => sheet.getByTestId('pay-sheet-amount').getAttribute('data-ready')).toBe('true');
  return sheet;
}

describe('paying in the app', () => {
  it('log in, consult, autopilot call, pay at the WeChat H5 cashier with a coupon, evaluate: 已完成, coupon 已使用', async () => {
    const { page, context, user, errors, base } = await loggedIn('czh');
    // czh's campaign: 10 元 off orders from 30 元; czh charges 39 元 per consultation.
    const campaign = await callApi<{ activity: { id: number } | null }>(server, 'h5/getActivity', {
      channel: 'czh',
    });
    const activityId = campaign.data.activity?.id;
    expect(activityId).toBeTruthy();
    const claimed = await callApi(server, 'activity/get', {
      body: { activityId },
      token: user.token,
      channel: 'czh',
    });
    expect(claimed.code).toBe(0);

    const orderId = await consult(page, base, '签了劳动合同后公司一直不交社保，我可以要求赔偿吗？');
    await page.locator('[data-page="Payment"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('payable-amount').innerText()).toBe('¥39');

    let sheet = await openSheet(page);
    expect(await sheet.getByTestId('pay-sheet-amount').innerText()).toContain('¥39');
    await expect.poll(() => sheet.getByTestId('pay-coupon-text').innerText()).toContain('1张可用');
    await screenshot(page, 'pay-sheet');
    await sheet.getByTestId('pay-coupon-row').click();
    await page.locator('[data-page="ChooseCoupon"]').waitFor();
    const option = page.getByTestId('coupon-option').first();
    await option.waitFor();
    expect(await option.innerText()).toContain('10');
    await screenshot(page, 'pay-choose-coupon');
    await option.click();

    // Back on Payment, the sheet opens again with the coupon applied by the server.
    await page.locator('[data-page="Payment"]').waitFor();
    sheet = page.getByTestId('pay-sheet');
    await sheet.waitFor();
    await expect.poll(() => sheet.getByTestId('pay-sheet-amount').innerText()).toContain('¥29');
    expect(await sheet.getByTestId('pay-coupon-text').innerText()).toContain('−¥10');
    await sheet.getByRole('radio', { name: '微信支付' }).check();
    await sheet.getByTestId('pay-submit').click();

    // The sandbox cashier (WeChat H5): pay there; it notifies the server and sends the person back.
    await page.waitForURL(/\/api\/dev\/cashier\/wechat\//);
    expect(await page.locator('body').innerText()).toContain('29.00');
    await screenshot(page, 'pay-cashier');
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/#\/(PayWaiting|PaySuccess|LawyerEvaluation)\//, { timeout: 10_000 });
    await page
      .locator('[data-page="PaySuccess"], [data-page="LawyerEvaluation"]')
      .first()
      .waitFor({ timeout: 15_000 });
    if (await page.locator('[data-page="PaySuccess"]').count()) {
      await screenshot(page, 'pay-success');
      await page.goto(`${base}#/LawyerEvaluation/${orderId}`);
    }
    await page.locator('[data-page="LawyerEvaluation"]').waitFor();
    await page.getByTestId('rate').locator('[role="radio"][aria-label="5"]').tap();
    await page.getByTestId('evaluate-bar-button').click();
    await toast(page, '感谢您的评价').waitFor();
    await page.locator('[data-page="TelDetail"]').waitFor();

    await page.goto(`${base}#/OrderList?index=2`);
    const row = page.locator(`[data-testid="orders-finished"] [data-order-id="${orderId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('已完成');

    await page.goto(`${base}#/Coupon?tab=used`);
    const used = page.getByTestId('coupons-used').getByTestId('coupon');
    await used.first().waitFor();
    expect(await used.count()).toBe(1);
    await screenshot(page, 'pay-coupon-used');
    const ledger = await callApi<{ payStatus: string; amount: number }>(server, 'pay/queryPayOrder', {
      body: { orderId },
      token: user.token,
    });
    expect(ledger.data).toMatchObject({ payStatus: '2', amount: 29 });
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('buying a gold card through Alipay makes the next phone consult free', async () => {
    const { page, context, errors, base } = await loggedIn('gzh');
    await page.goto(`${base}#/BuyCard/MC19001`);
    await page.locator('[data-page="BuyCard"]').waitFor();
    await expect.poll(() => page.getByTestId('buy-card-price').innerText()).toContain('¥');
    await page.getByTestId('buy-card-bar-button').click();
    const sheet = page.getByTestId('pay-sheet');
    await sheet.waitFor();
    await expect.poll(() => sheet.getByTestId('pay-sheet-amount').getAttribute('data-ready')).toBe('true');
    expect(await sheet.innerText()).toContain('开通即同意');
    await sheet.getByRole('radio', { name: '支付宝' }).check();
    await sheet.getByTestId('pay-submit').click();

    // The aliPayForm posts to the (sandbox) Alipay gateway, which opens its cashier.
    await page.waitForURL(/\/api\/dev\/cashier\/alipay\//);
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/#\/(PayWaiting|ServiceOrder)\//, { timeout: 10_000 });
    const order = page.getByTestId('service-order');
    await order.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('service-order-status').innerText()).toContain('已开通');
    expect(await page.getByTestId('service-order-expire').innerText()).toMatch(/\d{4}-\d{2}-\d{2}/);
    await screenshot(page, 'pay-card-opened');

    // The next consult is free: straight to the evaluation, billed 会员免费.
    const orderId = await consult(page, base, '朋友借钱不还，只有微信聊天记录，能起诉吗？');
    await page.locator('[data-page="LawyerEvaluation"]').waitFor({ timeout: 20_000 });
    await page.goto(`${base}#/TelDetail/${orderId}`);
    await expect.poll(() => page.getByTestId('bill-free').innerText()).toBe('会员免费');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('inside WeChat the JSAPI bridge is used: cancel says 支付已取消, ok pays', async () => {
    const { page, context, user, errors, base } = await loggedIn('gzh', { userAgent: WECHAT_UA });
    // The JS-SDK (share) lives on WeChat's CDN; offline it is an empty script.
    await context.route('https://res.wx.qq.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
    );
    // The person's openid from WeChat OAuth (sandbox: any code answers an openid) is bound.
    const bound = await callApi(server, 'weixin/openid', {
      body: { code: `e2e-${user.id}` },
      token: user.token,
    });
    expect(bound.code).toBe(0);
    // A fake WeixinJSBridge: answers what the test sets; "ok" pays at the sandbox vendor like WeChat would.
    await context.addInitScript(`
      window.__bridge = { answer: 'cancel', calls: [] };
      window.WeixinJSBridge = {
        invoke: function (name, params, cb) {
          window.__bridge.calls.push({ name: name, params: params });
          var answer = window.__bridge.answer;
          if (answer !== 'ok') { setTimeout(function () { cb({ err_msg: 'get_brand_wcpay_request:' + answer }); }, 50); return; }
          var prepay = String(params.package).replace('prepay_id=', '');
          fetch('/api/dev/cashier/wechat/prepay/' + prepay)
            .then(function (res) {
              var token = res.url.split('/api/dev/cashier/wechat/')[1].split(/[/?]/)[0];
              return fetch('/api/dev/cashier/wechat/' + token + '/pay', { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: '{}' });
            })
            .then(function () { cb({ err_msg: 'get_brand_wcpay_request:ok' }); });
        },
        on: function () {},
      };
    `);
    const orderId = await consult(page, base, '租房押金房东一直不退怎么办？');
    await page.locator('[data-page="Payment"]').waitFor({ timeout: 20_000 });

    let sheet = await openSheet(page);
    const alipay = sheet.getByTestId('pay-method-alipay');
    expect(await alipay.innerText()).toContain('浏览器');
    expect(await sheet.getByRole('radio', { name: '支付宝' }).isDisabled()).toBe(true);
    await sheet.getByTestId('pay-submit').click();
    await toast(page, '支付已取消').waitFor();
    const calls = await page.evaluate(
      () =>
        (
          window as unknown as {
            __bridge: { calls: Array<{ name: string; params: Record<string, string> }> };
          }
        ).__bridge.calls,
    );
    expect(calls[0]?.name).toBe('getBrandWCPayRequest');
    expect(calls[0]?.params).toMatchObject({ signType: 'RSA' });
    expect(calls[0]?.params.paySign).toBeTruthy();
    // The attempt was closed: the order is payable again (status 5).
    await expect
      .poll(
        async () =>
          (
            await callApi<{ status: number }>(server, 'order/callOrderDetail', {
              query: { orderId },
              token: user.token,
            })
          ).data.status,
      )
      .toBe(5);

    await page.evaluate(() => {
      (window as unknown as { __bridge: { answer: string } }).__bridge.answer = 'ok';
    });
    if (!(await page.getByTestId('pay-sheet').count())) sheet = await openSheet(page);
    sheet = page.getByTestId('pay-sheet');
    await expect.poll(() => sheet.getByTestId('pay-submit').isEnabled()).toBe(true);
    await sheet.getByTestId('pay-submit').click();
    await toast(page, '支付成功').waitFor({ timeout: 10_000 });
    await page
      .locator('[data-page="PaySuccess"], [data-page="LawyerEvaluation"]')
      .first()
      .waitFor({ timeout: 15_000 });
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
