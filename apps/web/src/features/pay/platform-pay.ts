import type { BridgePayParams } from './pay-rules.ts';

/**
 * The browser side of paying (providers.md "Browser facts"): WeChat's WeixinJSBridge for JSAPI, the
 * mini-program hand-off, and the Alipay form. No script from the server ever runs: the Alipay form
 * is rebuilt from its action and fields and submitted by our own code (the CSP forbids inline script).
 */

type Invoke = (
  api: 'getBrandWCPayRequest',
  params: BridgePayParams,
  callback: (res: { err_msg?: string; errMsg?: string } | undefined) => void,
) => void;

export interface BridgeWindow {
  WeixinJSBridge?: { invoke?: Invoke };
  __wxjs_environment?: string;
  wx?: { miniProgram?: MiniProgramApi };
}

export type MiniProgramApi = {
  navigateTo?(options: { url: string; success?: () => void; fail?: (error: unknown) => void }): void;
};

/** How long to wait for WeixinJSBridgeReady before the payment counts as failed. */
export const BRIDGE_READY_TIMEOUT_MS = 10_000;

/**
 * WeixinJSBridge.invoke('getBrandWCPayRequest', …) → the bridge's err_msg. When the bridge is not
 * there yet, waits for WeixinJSBridgeReady (at most `timeoutMs`, then 'bridge:timeout').
 */
export function invokeWeChatPay(
  params: BridgePayParams,
  win: BridgeWindow = globalThis as unknown as BridgeWindow,
  doc: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = document,
  timeoutMs = BRIDGE_READY_TIMEOUT_MS,
): Promise<string> {
  const invoke = (resolve: (msg: string) => void) => {
    const bridge = win.WeixinJSBridge;
    if (!bridge?.invoke) {
      resolve('bridge:unavailable');
      return;
    }
    bridge.invoke('getBrandWCPayRequest', params, (res) => resolve(res?.err_msg ?? res?.errMsg ?? ''));
  };
  return new Promise((resolve) => {
    if (win.WeixinJSBridge?.invoke) {
      invoke(resolve);
      return;
    }
    const ready = () => {
      clearTimeout(timer);
      doc.removeEventListener('WeixinJSBridgeReady', ready);
      invoke(resolve);
    };
    const timer = setTimeout(() => {
      doc.removeEventListener('WeixinJSBridgeReady', ready);
      resolve('bridge:timeout');
    }, timeoutMs);
    doc.addEventListener('WeixinJSBridgeReady', ready, false);
  });
}

/** wx.miniProgram when the page runs in a mini-program web-view with the JS-SDK loaded, else null. */
export function miniProgramApi(
  win: BridgeWindow = globalThis as unknown as BridgeWindow,
): MiniProgramApi | null {
  if (win.__wxjs_environment !== 'miniprogram') return null;
  return win.wx?.miniProgram?.navigateTo ? win.wx.miniProgram : null;
}

/**
 * Alipay WAP: the server's auto-submitting form, rebuilt field by field into a detached container
 * in document.body and submitted from here. Throws when the answer holds no form.
 */
export function submitAliPayForm(html: string, doc: Document = document): void {
  const parsed = new DOMParser().parseFromString(html, 'text/html').querySelector('form');
  const action = parsed?.getAttribute('action');
  if (!parsed || !action || !/^https?:\/\//i.test(new URL(action, doc.baseURI).href)) {
    throw new Error('no Alipay form in the answer');
  }
  const form = doc.createElement('form');
  form.method = parsed.getAttribute('method') || 'post';
  form.action = action;
  const charset = parsed.getAttribute('accept-charset');
  if (charset) form.acceptCharset = charset;
  for (const field of parsed.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input[name], textarea[name]',
  )) {
    if (field instanceof HTMLInputElement && (field.type === 'submit' || field.type === 'button')) continue;
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = field.name;
    input.value = field.value;
    form.appendChild(input);
  }
  const holder = doc.createElement('div');
  holder.hidden = true;
  holder.setAttribute('data-testid', 'alipay-form');
  holder.appendChild(form);
  doc.body.appendChild(holder);
  form.submit();
}
