import type { Page } from 'playwright-core';
import type { RunningServer } from './harness.ts';

/** Helpers of the browsing journeys: the API as a test client, SMS login, a member card. */

export type Envelope<T> = { code: number | string; msg: string; data: T };

export async function callApi<T>(
  server: RunningServer,
  path: string,
  options: { body?: object; query?: Record<string, string | number>; token?: string; channel?: string } = {},
): Promise<Envelope<T>> {
  const channel = options.channel ?? 'gzh';
  const query = new URLSearchParams({ channel, usertype: '3' });
  for (const [key, value] of Object.entries(options.query ?? {})) query.set(key, String(value));
  const url = `${server.url}/api/v2/${path}${options.body ? '' : `?${query}`}`;
  const res = await fetch(url, {
    method: options.body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(options.token ? { token: options.token } : {}) },
    body: options.body ? JSON.stringify({ ...options.body, channel, usertype: '3' }) : undefined,
  });
  return (await res.json()) as Envelope<T>;
}

export async function apiData<T>(
  server: RunningServer,
  path: string,
  query: Record<string, string | number> = {},
) {
  const json = await callApi<T>(server, path, { query });
  if (json.code !== 0) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

let seq = 0;
/** A fresh mainland mobile number per call. */
export function newMobile(prefix = '137'): string {
  seq += 1;
  return `${prefix}${String(Date.now() % 1e5).padStart(5, '0')}${String(seq).padStart(3, '0')}`;
}

/** Log in through the sandbox: user/sendCode, the code from /api/dev/sms-outbox, user/codeLogin. */
export async function loginByApi(server: RunningServer, mobile = newMobile()) {
  const sent = await callApi(server, 'user/sendCode', { body: { mobile } });
  if (sent.code !== 0) throw new Error(`sendCode: ${sent.msg}`);
  const outbox = (await (await fetch(`${server.url}/api/dev/sms-outbox?mobile=${mobile}`)).json()) as {
    data: Array<{ code: string; sentAt: number }>;
  };
  const code = [...outbox.data].sort((a, b) => b.sentAt - a.sentAt)[0]?.code;
  if (!code) throw new Error(`no SMS to ${mobile}`);
  const login = await callApi<{ token: string; id: number }>(server, 'user/codeLogin', {
    body: { mobile, code },
  });
  if (login.code !== 0) throw new Error(`codeLogin: ${login.msg}`);
  return { mobile, token: login.data.token, id: login.data.id };
}

/**
 * Buys a member card for a user the way the app does (order/createOrder, pay/createPayOrder) and
 * pays at the sandbox WeChat H5 cashier, which sends the vendor's signed notify to the server.
 */
export async function buyCard(server: RunningServer, token: string, cardCode: string): Promise<void> {
  const order = await callApi<{ orderId: string }>(server, 'order/createOrder', {
    body: { productCode: cardCode },
    token,
  });
  if (order.code !== 0) throw new Error(`createOrder ${cardCode}: ${order.msg}`);
  const pay = await callApi<{ mweb_url: string | null }>(server, 'pay/createPayOrder', {
    body: { payType: '1', orderId: order.data.orderId },
    token,
  });
  const cashier = /\/api\/dev\/cashier\/wechat\/([A-Za-z0-9_-]+)/.exec(pay.data?.mweb_url ?? '')?.[1];
  if (!cashier) throw new Error(`createPayOrder ${cardCode}: ${pay.msg}`);
  const res = await fetch(`${server.url}/api/dev/cashier/wechat/${cashier}/pay`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: '{}',
  });
  const paid = (await res.json()) as { data?: { notifyStatus: number | null } };
  if (!res.ok || (paid.data?.notifyStatus ?? 500) >= 300)
    throw new Error(`cashier pay ${cardCode}: ${res.status}`);
}

/** Visitors skip the new-user guide (it is remembered on the device) unless a test is about it. */
export async function skipGuide(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('ll.guideDone', '1'));
}

/** Marks a logged-in user's guide done on the server (user/updateGuide). */
export async function finishGuide(server: RunningServer, token: string): Promise<void> {
  const json = await callApi(server, 'user/updateGuide', { body: { guideStatus: '1' }, token });
  if (json.code !== 0) throw new Error(`updateGuide: ${json.msg}`);
}

/** The latest code the sandbox SMS provider "sent" to this number. */
export async function outboxCode(server: RunningServer, mobile: string): Promise<string> {
  const res = await fetch(`${server.url}/api/dev/sms-outbox?mobile=${mobile}`);
  const json = (await res.json()) as { data: Array<{ code: string; sentAt: number }> };
  const latest = [...json.data].sort((a, b) => b.sentAt - a.sentAt)[0];
  if (!latest) throw new Error(`no SMS to ${mobile}`);
  return latest.code;
}

/** Logs in through the open login popup (phone, get code, the code from the outbox, 登录). */
export async function loginInPopup(page: Page, server: RunningServer, mobile = newMobile()): Promise<void> {
  const popup = page.getByTestId('login-popup');
  await popup.waitFor();
  await popup.locator('input[name="mobile"]').fill(mobile);
  await popup.getByTestId('get-code').click();
  await popup.getByTestId('get-code').filter({ hasText: '已发送' }).waitFor();
  await popup.locator('input[name="code"]').fill(await outboxCode(server, mobile));
  await popup.getByRole('button', { name: '登录', exact: true }).click();
  await popup.waitFor({ state: 'hidden' });
}

/**
 * Pays an order (a call order 'T…' or a product order 'P…') at the sandbox WeChat H5 cashier, which
 * sends the vendor's signed notify to the server.
 */
export async function payOrder(server: RunningServer, token: string, orderId: string): Promise<void> {
  const pay = await callApi<{ payStatus: string; mweb_url: string | null }>(server, 'pay/createPayOrder', {
    body: { payType: '1', orderId },
    token,
  });
  if (pay.code !== 0) throw new Error(`createPayOrder ${orderId}: ${pay.msg}`);
  if (pay.data.payStatus === '2') return;
  const cashier = /\/api\/dev\/cashier\/wechat\/([A-Za-z0-9_-]+)/.exec(pay.data.mweb_url ?? '')?.[1];
  if (!cashier) throw new Error(`createPayOrder ${orderId}: no cashier in ${pay.data.mweb_url}`);
  const res = await fetch(`${server.url}/api/dev/cashier/wechat/${cashier}/pay`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: '{}',
  });
  const paid = (await res.json()) as { data?: { notifyStatus: number | null } };
  if (!res.ok || (paid.data?.notifyStatus ?? 500) >= 300)
    throw new Error(`cashier pay ${orderId}: ${res.status}`);
}

/** Logs a seeded lawyer in to the workbench API (lawyer/sendCode, the outbox, lawyer/codeLogin). */
export async function lawyerLoginByApi(server: RunningServer, mobile: string): Promise<string> {
  const sent = await callApi(server, 'lawyer/sendCode', { body: { mobile } });
  if (sent.code !== 0) throw new Error(`lawyer/sendCode: ${sent.msg}`);
  const code = await outboxCode(server, mobile);
  const login = await callApi<{ token: string }>(server, 'lawyer/codeLogin', { body: { mobile, code } });
  if (login.code !== 0) throw new Error(`lawyer/codeLogin: ${login.msg}`);
  return login.data.token;
}
