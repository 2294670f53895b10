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

let server: RunningServer;
let browser: Browser;

let seq = 0;
/** A fresh mainland mobile number per call (unique within one run). */
function newMobile(): string {
  seq += 1;
  return `139${String(Date.now() % 1e5).padStart(5, '0')}${String(seq).padStart(3, '0')}`;
}
const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

async function api<T>(
  path: string,
  body?: object,
  token?: string,
): Promise<{ code: number | string; msg: string; data: T }> {
  const res = await fetch(`${server.url}/api/v2/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body ? JSON.stringify({ ...body, channel: 'gzh', usertype: '3' }) : undefined,
  });
  return (await res.json()) as { code: number | string; msg: string; data: T };
}

/** The latest code the sandbox SMS provider "sent" to this number. */
async function outboxCode(mobile: string): Promise<string> {
  const res = await fetch(`${server.url}/api/dev/sms-outbox?mobile=${mobile}`);
  const json = (await res.json()) as { data: Array<{ code: string; sentAt: number }> };
  const latest = [...json.data].sort((a, b) => b.sentAt - a.sentAt)[0];
  if (!latest) throw new Error(`no SMS to ${mobile}`);
  return latest.code;
}

/** Log in through the API (fast path for tests that are not about the popup). */
async function loginByApi(mobile: string): Promise<{ token: string; id: number }> {
  const sent = await api('user/sendCode', { mobile });
  if (sent.code !== 0) throw new Error(`sendCode: ${sent.msg}`);
  const login = await api<{ token: string; id: number }>('user/codeLogin', {
    mobile,
    code: await outboxCode(mobile),
  });
  if (login.code !== 0) throw new Error(`codeLogin: ${login.msg}`);
  return login.data;
}

async function openUserPage(page: Page, suffix = ''): Promise<void> {
  await page.goto(`${server.url}/h5/gzh/#/User${suffix}`);
  await page.locator('[data-page="User"]').waitFor();
  await page.locator('#splash').waitFor({ state: 'detached', timeout: 5000 });
}

// Logged in at the start, so that the server's 60 s gap between two codes to one number has passed
// when the last tests send to these numbers again.
let closingAccount: { mobile: string; token: string; id: number };
let takenMobile: string;
let firstSendsAt = 0;

/** Waits until the server's one-code-a-minute gap since `firstSendsAt` has passed. */
async function afterResendGap(): Promise<void> {
  const wait = firstSendsAt + 61_000 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const mobile = newMobile();
  takenMobile = newMobile();
  firstSendsAt = Date.now();
  closingAccount = { ...(await loginByApi(mobile)), mobile };
  await loginByApi(takenMobile);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('SMS login in the popup', () => {
  it('a new user logs in with the code from the outbox, sees 我的 with the masked phone, stays logged in, logs out', async () => {
    const { page, context } = await phonePage(browser);
    const consoleErrors = recordErrors(page);
    const mobile = newMobile();
    await openUserPage(page);
    await page.getByTestId('login-prompt').click();
    const popup = page.getByTestId('login-popup');
    await popup.waitFor();
    await expect.poll(() => popup.getByRole('heading').innerText()).toBe('登录/注册');
    await popup.locator('input[name="mobile"]').fill(mobile);
    await popup.getByTestId('get-code').click();
    await expect.poll(() => popup.getByTestId('get-code').innerText()).toBe('已发送(60秒)');
    expect(await popup.getByTestId('get-code').isDisabled()).toBe(true);
    await screenshot(page, 'account-login-popup');
    await expect
      .poll(() => popup.getByTestId('get-code').innerText(), { timeout: 4000 })
      .toMatch(/^已发送\((5[0-9])秒\)$/);

    await popup.locator('input[name="code"]').fill(await outboxCode(mobile));
    await popup.getByRole('button', { name: '登录', exact: true }).click();
    await popup.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('user-mobile').innerText()).toBe(masked(mobile));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await screenshot(page, 'account-user-logged-in');

    await page.reload();
    await page.locator('[data-page="User"]').waitFor();
    await expect.poll(() => page.getByTestId('user-mobile').innerText()).toBe(masked(mobile));

    await page.getByText('退出登录', { exact: true }).click();
    await page.locator('.adm-dialog').getByText('退出登录', { exact: true }).click();
    await page.getByTestId('login-prompt').waitFor();
    await toast(page, '已退出登录').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'account-user-logged-out');
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('shows the spec messages: empty phone, bad phone, empty code, wrong code', async () => {
    const { page, context } = await phonePage(browser);
    const consoleErrors = recordErrors(page);
    const mobile = newMobile();
    await openUserPage(page);
    await page.getByTestId('login-prompt').click();
    const popup = page.getByTestId('login-popup');
    const submit = popup.getByRole('button', { name: '登录', exact: true });

    await popup.getByTestId('get-code').click();
    await toast(page, '请输入手机号').waitFor();
    await submit.click();
    await toast(page, '请输入手机号').waitFor();

    await popup.locator('input[name="mobile"]').fill('12345678901');
    await popup.getByTestId('get-code').click();
    await toast(page, '请输入正确的手机号码').waitFor();
    await screenshot(page, 'account-login-bad-phone');
    // Type tel, at most 11 digits; the code keeps 6.
    await popup.locator('input[name="mobile"]').fill('1380013800099');
    expect(await popup.locator('input[name="mobile"]').inputValue()).toHaveLength(11);
    expect(await popup.locator('input[name="mobile"]').getAttribute('type')).toBe('tel');

    await popup.locator('input[name="mobile"]').fill(mobile);
    await submit.click();
    await toast(page, '请输入验证码').waitFor();

    await popup.getByTestId('get-code').click();
    await expect.poll(() => popup.getByTestId('get-code').innerText()).toMatch(/^已发送\(\d+秒\)$/);
    const right = await outboxCode(mobile);
    const wrong = right === '000000' ? '111111' : '000000';
    await popup.locator('input[name="code"]').fill(`${wrong}99`);
    expect(await popup.locator('input[name="code"]').inputValue()).toBe(wrong);
    await submit.click();
    await expect.poll(() => page.locator('.adm-toast-main').innerText()).toContain('验证码错误');
    await screenshot(page, 'account-login-wrong-code');
    expect(await popup.isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(unexpectedErrors(consoleErrors, [[400, /user\/codeLogin/]])).toEqual([]);
    await context.close();
  });

  it('closing the popup while on /User goes back one page', async () => {
    const { page, context } = await phonePage(browser);
    const consoleErrors = recordErrors(page);
    await page.goto(`${server.url}/h5/gzh/#/Home`);
    await page.locator('[data-page="Home"]').waitFor();
    await page.locator('#splash').waitFor({ state: 'detached', timeout: 5000 });
    await page.locator('.adm-tab-bar').getByText('我的', { exact: true }).click();
    await page.locator('[data-page="User"]').waitFor();
    await page.getByTestId('login-prompt').click();
    await page.getByTestId('login-popup').getByRole('button', { name: '关闭' }).click();
    await page.locator('[data-page="Home"]').waitFor();
    expect(page.url()).toContain('#/Home');
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('the agreement opens from the popup', async () => {
    const { page, context } = await phonePage(browser);
    await openUserPage(page);
    await page.getByTestId('login-prompt').click();
    await page.getByRole('button', { name: '《隐私政策》' }).click();
    await expect.poll(() => page.getByTestId('agreement').innerText()).toContain('隐私政策');
    await page.getByTestId('agreement').getByRole('button', { name: '关闭' }).click();
    await page.getByTestId('agreement').waitFor({ state: 'hidden' });
    await context.close();
  });

  it('a page that needs login shows 请先登录 behind the popup; logging in there shows the page', async () => {
    const { page, context } = await phonePage(browser);
    const consoleErrors = recordErrors(page);
    const mobile = newMobile();
    await page.goto(`${server.url}/h5/gzh/#/UserInfo`);
    await page.getByTestId('login-required').waitFor();
    const popup = page.getByTestId('login-popup');
    await popup.waitFor();
    await screenshot(page, 'account-login-required');
    await popup.locator('input[name="mobile"]').fill(mobile);
    await popup.getByTestId('get-code').click();
    await expect.poll(() => popup.getByTestId('get-code').innerText()).toMatch(/^已发送/);
    await popup.locator('input[name="code"]').fill(await outboxCode(mobile));
    await popup.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => page.getByTestId('profile-mobile').innerText()).toBe(masked(mobile));
    await page.getByTestId('three-elements-form').waitFor();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});

describe('the account pages', () => {
  it('?token= logs in; the Message page shows the unread count and no connection indicator while connected', async () => {
    const { page, context } = await phonePage(browser);
    const consoleErrors = recordErrors(page);
    const mobile = newMobile();
    const { token } = await loginByApi(mobile);
    await openUserPage(page, `?token=${token}`);
    await expect.poll(() => page.getByTestId('user-mobile').innerText()).toBe(masked(mobile));
    expect(page.url()).not.toContain('token=');
    await page.getByText('消息通知', { exact: true }).click();
    await page.locator('[data-page="Message"]').waitFor();
    await expect.poll(() => page.getByTestId('unread-count').innerText()).toBe('暂无未读消息');
    // A banner shows only while the connection is lost; connected, nothing is said about it.
    expect(await page.getByTestId('ws-banner').count()).toBe(0);
    expect(await page.getByText('已连接').count()).toBe(0);
    await screenshot(page, 'account-message');
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('MemberRights without a card shows the empty state leading to 开通会员', async () => {
    const { page, context } = await phonePage(browser);
    const consoleErrors = recordErrors(page);
    const { token } = await loginByApi(newMobile());
    await page.goto(`${server.url}/h5/gzh/#/MemberRights?token=${token}`);
    await page.getByTestId('empty-state').waitFor();
    await page.getByRole('button', { name: '开通会员' }).click();
    await page.locator('[data-page="MemberCard"]').waitFor();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('UpdatePhone: a number in use is refused with its message; a new number is taken', async () => {
    const { page, context } = await phonePage(browser);
    const consoleErrors = recordErrors(page);
    const mine = newMobile();
    const next = newMobile();
    const { token } = await loginByApi(mine);
    await page.goto(`${server.url}/h5/gzh/#/UpdatePhone?token=${token}`);
    await page.locator('[data-page="UpdatePhone"]').waitFor();
    await afterResendGap();
    await page.locator('input[name="mobile"]').fill(takenMobile);
    await page.getByTestId('get-code').click();
    const toasts = () =>
      page
        .locator('.adm-toast-main')
        .allInnerTexts()
        .then((t) => t.join('|'));
    await expect.poll(toasts).toMatch(/验证码已发送|已被其他账号使用/);
    if (!(await toasts()).includes('已被其他账号使用')) {
      // The send went out; the change itself is refused.
      await page.locator('input[name="code"]').fill(await outboxCode(takenMobile));
      await page.getByRole('button', { name: '确认更换' }).click();
      await expect
        .poll(() => page.getByTestId('form-error').innerText())
        .toContain('该手机号已被其他账号使用');
    }
    await screenshot(page, 'account-update-phone-taken');

    await page.reload();
    await page.locator('[data-page="UpdatePhone"]').waitFor();
    await page.locator('input[name="mobile"]').fill(next);
    await page.getByTestId('get-code').click();
    await expect.poll(() => page.getByTestId('get-code').innerText()).toMatch(/^已发送/);
    await page.locator('input[name="code"]').fill(await outboxCode(next));
    await page.getByRole('button', { name: '确认更换' }).click();
    await toast(page, '手机号已更换').waitFor();
    await openUserPage(page);
    await expect.poll(() => page.getByTestId('user-mobile').innerText()).toBe(masked(next));
    expect(unexpectedErrors(consoleErrors, [[409, /user\/(changeMobile|codeForChangeMobile)/]])).toEqual([]);
    await context.close();
  }, 120_000);

  it('account cancellation: reason, skippable survey, confirm → logged out on Home; the number then starts a new account', async () => {
    const { page, context } = await phonePage(browser);
    const consoleErrors = recordErrors(page);
    const { mobile, token, id } = closingAccount;
    await afterResendGap();
    await openUserPage(page, `?token=${token}`);
    await expect.poll(() => page.getByTestId('user-mobile').innerText()).toBe(masked(mobile));
    await page.getByText('注销账号', { exact: true }).click();
    await page.locator('[data-page="UnLinkReason"]').waitFor();
    await expect.poll(() => page.getByTestId('unlink-consequences').innerText()).toContain('无法恢复');
    await page.getByLabel('价格太贵').check();
    await screenshot(page, 'account-unlink-reason');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.locator('[data-page="UnLinkResearch"]').waitFor();
    await expect.poll(() => page.locator('[data-page="UnLinkResearch"]').innerText()).toContain('价格太贵');
    await page.getByRole('button', { name: '跳过，直接注销' }).click();
    await page.locator('.adm-dialog').getByText('确认注销', { exact: true }).click();
    await page.locator('[data-page="Home"]').waitFor();
    await toast(page, '账号已注销').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await api('user/userInfo', undefined, token)).code).not.toBe(0);

    await page.locator('.adm-tab-bar').getByText('我的', { exact: true }).click();
    await page.getByTestId('login-prompt').waitFor();
    await screenshot(page, 'account-unlinked');

    const again = await loginByApi(mobile);
    expect(again.id).not.toBe(id);
    const info = await api<{ id: number; nickname: string }>('user/userInfo', undefined, again.token);
    expect(info.data.id).toBe(again.id);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('inside WeChat', () => {
  const iosWeChat =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
  const androidWeChat =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 NetType/WIFI';
  /** A stand-in for jweixin-1.6.0.js that records what the app asks of it. */
  const fakeSdk = `window.__wx = { configs: [], shares: [] };
    window.wx = {
      config: function (c) { window.__wx.configs.push(c); },
      ready: function (f) { f(); },
      error: function () {},
      updateAppMessageShareData: function (d) { window.__wx.shares.push(d); },
      updateTimelineShareData: function () {},
    };`;

  async function wechatPage(ua: string) {
    const p = await phonePage(browser, { userAgent: ua });
    const sdkRequests: string[] = [];
    await p.context.route('https://res.wx.qq.com/**', (route) => {
      sdkRequests.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: fakeSdk });
    });
    const signed: string[] = [];
    p.page.on('request', (r) => {
      if (r.url().includes('/api/v2/weixin/getJSConfig'))
        signed.push(new URL(r.url()).searchParams.get('url') ?? '');
    });
    return { ...p, sdkRequests, signed };
  }

  it('iOS: loads the JS-SDK, signs the landing URL (no #), configures wx and shares per route', async () => {
    const { page, context, sdkRequests, signed } = await wechatPage(iosWeChat);
    const consoleErrors = recordErrors(page);
    const landing = `${server.url}/h5/gzh/?from=share#/Information`;
    await page.goto(landing);
    await page.locator('[data-page="Information"]').waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as unknown as { __wx?: { configs: unknown[] } }).__wx?.configs.length ?? 0,
        ),
      )
      .toBe(1);
    expect(sdkRequests).toEqual(['https://res.wx.qq.com/open/js/jweixin-1.6.0.js']);
    expect(signed).toEqual([`${server.url}/h5/gzh/?from=share`]);
    const config = await page.evaluate(
      () => (window as unknown as { __wx: { configs: Array<Record<string, unknown>> } }).__wx.configs[0],
    );
    expect(config).toMatchObject({ debug: false });
    expect(String(config?.signature)).toMatch(/^[0-9a-f]{40}$/);
    expect(config?.jsApiList).toContain('updateAppMessageShareData');
    const lastShare = () =>
      page.evaluate(() => {
        const shares = (window as unknown as { __wx: { shares: Array<{ title: string }> } }).__wx.shares;
        return shares.at(-1)?.title ?? '';
      });
    await expect.poll(lastShare).toContain('资讯');
    await page.goto(`${server.url}/h5/gzh/?from=share#/MemberCard`);
    await expect.poll(lastShare).toContain('会员卡');
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('Android: signs the current URL; an ordinary browser loads no JS-SDK', async () => {
    const android = await wechatPage(androidWeChat);
    await android.page.goto(`${server.url}/h5/gzh/?/Lawyer`);
    await android.page.locator('[data-page="Lawyer"]').waitFor();
    await expect.poll(() => android.signed.length).toBe(1);
    // The '/?/' address was rewritten to a hash route before signing: the current URL is signed.
    expect(android.signed).toEqual([`${server.url}/h5/gzh/`]);
    await android.context.close();

    const plain = await wechatPage(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    );
    await plain.page.goto(`${server.url}/h5/gzh/#/Home`);
    await plain.page.locator('[data-page="Home"]').waitFor();
    await plain.page.waitForTimeout(300);
    expect(plain.sdkRequests).toEqual([]);
    expect(plain.signed).toEqual([]);
    await plain.context.close();
  });
});
