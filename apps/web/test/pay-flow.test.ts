import { PayText, PayType } from '@lawline/contract';
import type { PayOrderResult } from '@lawline/contract/schemas';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiEffects, createApiClient } from '../src/api/client.ts';
import { createPayOrder } from '../src/features/pay/api/create-pay-order.ts';
import { fetchBoundOpenId } from '../src/features/pay/api/open-id.ts';
import { cancelPayOrder } from '../src/features/pay/api/pay-state.ts';
import { createProductOrder, fetchProductOrder } from '../src/features/pay/api/product-orders.ts';
import { createdOrderFor, createPayDraftStore } from '../src/features/pay/order-draft.ts';
import {
  createPayFlow,
  type NavigateFn,
  type PayFlowDeps,
  type PayRequest,
} from '../src/features/pay/pay-flow.ts';
import { payReturnUrl } from '../src/features/pay/pay-rules.ts';
import { type BridgeWindow, invokeWeChatPay, miniProgramApi } from '../src/features/pay/platform-pay.ts';
import { memoryStorage } from '../src/lib/storage.ts';

const BASE = 'http://lawline.test/api/v2/';
const url = (path: string) => `${BASE}${path}`;
const PHONE = 'T20261121A1B2C3D4';
const CARD_ORDER = 'P20261121CARD0001';
const CARD_ORDER_2 = 'P20261121CARD0002';
const LOCATION = { origin: 'https://law.example.com', pathname: '/h5/gzh/', search: '?channel=czh' };

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: 'ok', data });

const payResult = (patch: Partial<PayOrderResult>): PayOrderResult => ({
  payStatus: '1',
  orderId: PHONE,
  outTradeNo: 'LL1',
  amount: 12,
  aliPayForm: null,
  mweb_url: null,
  appid: null,
  timeStamp: null,
  nonce_str: null,
  package: null,
  prepay_id: null,
  signType: null,
  singn: null,
  ...patch,
});

const jsapi = payResult({
  appid: 'wxapp',
  timeStamp: '1700000000',
  nonce_str: 'n0nce',
  package: 'prepay_id=wx123',
  prepay_id: 'wx123',
  signType: 'RSA',
  singn: 'c2lnbg==',
});

/** Everything the flow did, for the assertions. */
type World = {
  toasts: string[];
  navigations: Array<[string, unknown]>;
  timers: Array<{ fn: () => void; ms: number }>;
  requests: Array<{ path: string; body: Record<string, unknown> }>;
  bridgeCalls: unknown[];
  cashier: string[];
  forms: string[];
  authorized: string[];
  miniProgram: string[];
  changed: string[];
  clientToasts: string[];
};

let world: World;
let draft: ReturnType<typeof createPayDraftStore>;
let env: { inWeChat: boolean; miniProgram: boolean };
let bridgeAnswer: string;

function makeFlow(overrides: Partial<PayFlowDeps> = {}) {
  const effects: ApiEffects = {
    toast: (m) => world.clientToasts.push(m),
    clearSession: () => {},
    showLogin: () => {},
    reloadHome: () => {},
    navigate: () => {},
  };
  const client = createApiClient({ baseUrl: BASE, effects, storage: memoryStorage({ token: 't0k' }) });
  const deps: PayFlowDeps = {
    createOrder: (code) => createProductOrder(code, client),
    productOrder: (id) => fetchProductOrder(id, client),
    createPayOrder: (input) => createPayOrder(input, client),
    cancelPayOrder: (id) => cancelPayOrder(id, client),
    boundOpenId: () => fetchBoundOpenId(client),
    authorize: async (router) => {
      world.authorized.push(router);
    },
    platform: async () => ({
      inWeChat: env.inWeChat,
      miniProgram: env.miniProgram
        ? { navigateTo: ({ url }: { url: string }) => void world.miniProgram.push(url) }
        : null,
    }),
    invokeBridge: async (params) => {
      world.bridgeCalls.push(params);
      return bridgeAnswer;
    },
    openCashier: (href) => void world.cashier.push(href),
    submitAliPayForm: (html) => void world.forms.push(html),
    returnUrl: (orderId) => payReturnUrl(orderId, LOCATION),
    baseUrl: () => 'https://law.example.com/h5/gzh/?channel=czh#/Payment/x',
    currentRouter: () => `Payment/${PHONE}`,
    toast: (m) => void world.toasts.push(m),
    later: (fn, ms) => void world.timers.push({ fn, ms }),
    draft: {
      created: (code) => createdOrderFor(draft.getState(), code),
      rememberCreated: (code, id) => draft.getState().rememberCreated(code, id),
      finish: () => draft.getState().finish(),
      closeSheet: () => draft.getState().closeSheet(),
    },
    changed: (orderId) => void world.changed.push(orderId),
    ...overrides,
  };
  return createPayFlow(deps);
}

const navigate: NavigateFn = (to, options) => void world.navigations.push([to, options]);

/** Records every call's body, answering each path with the given data. */
function answer(routes: Record<string, unknown | ((body: Record<string, unknown>) => unknown)>) {
  server.use(
    http.all(`${BASE}*`, async ({ request }) => {
      const path = new URL(request.url).pathname.replace('/api/v2/', '');
      const body =
        request.method === 'GET'
          ? Object.fromEntries(new URL(request.url).searchParams)
          : ((await request.json()) as Record<string, unknown>);
      world.requests.push({ path, body });
      const route = routes[path];
      if (route === undefined) return HttpResponse.json({ code: 404, msg: `no ${path}`, data: null });
      const data = typeof route === 'function' ? route(body) : route;
      if (data instanceof Response) return data;
      return ok(data);
    }),
  );
}

const paths = () => world.requests.map((r) => r.path);
const phone: PayRequest = {
  order: { type: 'phone', productCode: 'SC17001', orderId: PHONE },
  payType: PayType.wxPay,
  couponId: 5,
};
const card: PayRequest = {
  order: { type: 'card', productCode: 'MC19001' },
  payType: PayType.wxPay,
  couponId: null,
};

beforeEach(() => {
  world = {
    toasts: [],
    navigations: [],
    timers: [],
    requests: [],
    bridgeCalls: [],
    cashier: [],
    forms: [],
    authorized: [],
    miniProgram: [],
    changed: [],
    clientToasts: [],
  };
  draft = createPayDraftStore(memoryStorage());
  env = { inWeChat: false, miniProgram: false };
  bridgeAnswer = 'get_brand_wcpay_request:ok';
});

describe("payStatus '2': nothing left to pay", () => {
  it('toasts, forgets the draft, and shows the order again after 1 s', async () => {
    answer({ 'pay/createPayOrder': payResult({ payStatus: '2', amount: 0, outTradeNo: null }) });
    draft
      .getState()
      .chooseCoupon({ productCode: 'SC17001', orderId: PHONE }, { id: 5, name: '券', value: 12 });
    const flow = makeFlow();
    await expect(flow.pay(phone, navigate)).resolves.toEqual({ kind: 'paid', orderId: PHONE });
    expect(world.toasts).toEqual([PayText.success]);
    expect(draft.getState().couponId).toBeNull();
    expect(world.requests[0]?.body).toMatchObject({
      payType: '1',
      orderId: PHONE,
      couponId: 5,
      return_url: `https://law.example.com/h5/gzh/?channel=czh#/PayWaiting/${PHONE}`,
    });
    expect(world.navigations).toEqual([]);
    expect(world.timers.map((t) => t.ms)).toEqual([1000]);
    world.timers[0]?.fn();
    expect(world.navigations).toEqual([[`/PaySuccess/${PHONE}`, { replace: true }]]);
  });

  it('an order paid before says 订单已支付', async () => {
    answer({ 'pay/createPayOrder': payResult({ payStatus: '2', amount: 12, outTradeNo: null }) });
    await makeFlow().pay(phone, navigate);
    expect(world.toasts).toEqual([PayText.alreadyPaid]);
  });
});

describe('the WeChat bridge (JSAPI)', () => {
  beforeEach(() => {
    env.inWeChat = true;
  });

  it('ok: the bridge gets paySign from singn; 支付成功, then PayWaiting confirms with the server', async () => {
    answer({ 'weixin/getOpenId': { openid: 'o-123' }, 'pay/createPayOrder': jsapi });
    const outcome = await makeFlow().pay(phone, navigate);
    expect(outcome).toEqual({ kind: 'confirming', orderId: PHONE });
    expect(world.requests.find((r) => r.path === 'pay/createPayOrder')?.body.openid).toBe('o-123');
    expect(world.bridgeCalls).toEqual([
      {
        appId: 'wxapp',
        timeStamp: '1700000000',
        nonceStr: 'n0nce',
        package: 'prepay_id=wx123',
        signType: 'RSA',
        paySign: 'c2lnbg==',
      },
    ]);
    expect(world.toasts).toEqual(['支付成功']);
    expect(world.navigations).toEqual([
      [`/PayWaiting/${PHONE}`, { replace: true, state: { toasted: true } }],
    ]);
    expect(paths()).not.toContain('pay/cancelPayOrder');
  });

  it('cancel: closes the attempt (pay/cancelPayOrder) and says 支付已取消', async () => {
    bridgeAnswer = 'get_brand_wcpay_request:cancel';
    answer({
      'weixin/getOpenId': { openid: 'o-123' },
      'pay/createPayOrder': jsapi,
      'pay/cancelPayOrder': { orderId: PHONE, payStatus: '3', amount: 12, message: '已取消' },
    });
    await expect(makeFlow().pay(phone, navigate)).resolves.toEqual({ kind: 'cancelled', orderId: PHONE });
    expect(paths()).toEqual(['weixin/getOpenId', 'pay/createPayOrder', 'pay/cancelPayOrder']);
    expect(world.requests[2]?.body.orderId).toBe(PHONE);
    expect(world.toasts).toEqual(['支付已取消']);
    expect(world.changed).toEqual([PHONE]);
    expect(world.navigations).toEqual([]);
  });

  it('anything else: closes the attempt and says 支付失败', async () => {
    bridgeAnswer = 'get_brand_wcpay_request:fail';
    answer({
      'weixin/getOpenId': { openid: 'o-123' },
      'pay/createPayOrder': jsapi,
      'pay/cancelPayOrder': { orderId: PHONE, payStatus: '3', amount: 12, message: '' },
    });
    await expect(makeFlow().pay(phone, navigate)).resolves.toEqual({ kind: 'failed', orderId: PHONE });
    expect(paths()).toContain('pay/cancelPayOrder');
    expect(world.toasts).toEqual(['支付失败']);
  });

  it('a cancel that turns out paid is a success', async () => {
    bridgeAnswer = 'get_brand_wcpay_request:cancel';
    answer({
      'weixin/getOpenId': { openid: 'o-123' },
      'pay/createPayOrder': jsapi,
      'pay/cancelPayOrder': { orderId: PHONE, payStatus: '2', amount: 12, message: '已支付' },
    });
    await expect(makeFlow().pay(phone, navigate)).resolves.toEqual({ kind: 'paid', orderId: PHONE });
    expect(world.toasts).toEqual(['支付成功']);
  });

  it('an unpaid video order goes to its VideoOrder page after the bridge, paid or failed', async () => {
    const video: PayRequest = {
      order: { type: 'video', productCode: 'SC17001', orderId: PHONE, status: 3 },
      payType: PayType.wxPay,
      couponId: null,
    };
    answer({
      'weixin/getOpenId': { openid: 'o-123' },
      'pay/createPayOrder': jsapi,
      'pay/cancelPayOrder': { orderId: PHONE, payStatus: '3', amount: 12, message: '' },
    });
    const flow = makeFlow();
    await expect(flow.pay(video, navigate)).resolves.toEqual({ kind: 'confirming', orderId: PHONE });
    expect(world.navigations).toEqual([[`/VideoOrder/${PHONE}`, { replace: true }]]);
    bridgeAnswer = 'get_brand_wcpay_request:fail';
    await expect(flow.pay(video, navigate)).resolves.toEqual({ kind: 'failed', orderId: PHONE });
    expect(world.toasts.at(-1)).toBe('支付失败');
    expect(world.navigations.at(-1)).toEqual([`/VideoOrder/${PHONE}`, { replace: true }]);
  });

  it('without an openid: WeChat authorisation back to the current route, nothing paid yet', async () => {
    answer({ 'weixin/getOpenId': { openid: null } });
    const outcome = await makeFlow().pay(phone, navigate);
    expect(outcome).toEqual({ kind: 'left', orderId: PHONE, via: 'authorize' });
    expect(world.authorized).toEqual([`Payment/${PHONE}`]);
    expect(paths()).toEqual(['weixin/getOpenId']);
  });

  it('in a mini-program web-view: hands off to the mini-program pay page', async () => {
    env.miniProgram = true;
    answer({});
    const outcome = await makeFlow().pay(phone, navigate);
    expect(outcome).toEqual({ kind: 'left', orderId: PHONE, via: 'miniprogram' });
    expect(world.miniProgram).toEqual([`/pages/pay/index?orderId=${PHONE}&payType=1&couponId=5`]);
    expect(paths()).toEqual([]);
    expect(world.navigations).toEqual([]);

    // A card ordered here: the order is created, then the person comes back to it on ServiceOrder.
    answer({ 'order/createOrder': { orderId: CARD_ORDER, status: 3, needPayAmount: 199 } });
    await expect(makeFlow().pay(card, navigate)).resolves.toMatchObject({ kind: 'left', via: 'miniprogram' });
    expect(world.miniProgram.at(-1)).toBe(`/pages/pay/index?orderId=${CARD_ORDER}&payType=1`);
    expect(world.navigations).toEqual([[`/ServiceOrder/${CARD_ORDER}`, { replace: true }]]);
  });

  it('Alipay is refused inside WeChat with the open-in-browser hint', async () => {
    answer({});
    const outcome = await makeFlow().pay({ ...phone, payType: PayType.aliPay }, navigate);
    expect(outcome).toEqual({ kind: 'unsupported' });
    expect(world.toasts).toEqual([PayText.openInBrowser]);
    expect(paths()).toEqual([]);
  });
});

describe('H5 and Alipay: off to the provider with the PayWaiting return address', () => {
  it('WeChat H5: the cashier URL (relative sandbox URL made absolute) with redirect_url', async () => {
    answer({ 'pay/createPayOrder': payResult({ mweb_url: '/api/dev/cashier/wechat/xyz' }) });
    draft.getState().openSheet(`/Payment/${PHONE}`);
    const outcome = await makeFlow().pay(phone, navigate);
    expect(outcome).toEqual({ kind: 'left', orderId: PHONE, via: 'cashier' });
    const back = `https://law.example.com/h5/gzh/?channel=czh#/PayWaiting/${PHONE}`;
    expect(world.cashier).toEqual([
      `https://law.example.com/api/dev/cashier/wechat/xyz?redirect_url=${encodeURIComponent(back)}`,
    ]);
    expect(world.requests[0]?.body.openid).toBeUndefined();
    expect(draft.getState().sheetRoute).toBeNull();
  });

  it('Alipay: the form is handed to the submitter; a missing form closes the attempt', async () => {
    const form = '<form action="https://openapi.alipay.com/gateway.do" method="post"></form>';
    answer({ 'pay/createPayOrder': payResult({ aliPayForm: form }) });
    const alipay = { ...phone, payType: PayType.aliPay };
    await expect(makeFlow().pay(alipay, navigate)).resolves.toMatchObject({ kind: 'left', via: 'alipay' });
    expect(world.forms).toEqual([form]);
    expect(world.requests[0]?.body.payType).toBe('0');

    answer({
      'pay/createPayOrder': payResult({ aliPayForm: '<p>nope</p>' }),
      'pay/cancelPayOrder': { orderId: PHONE, payStatus: '3', amount: 12, message: '' },
    });
    const failing = makeFlow({
      submitAliPayForm: () => {
        throw new Error('no form');
      },
    });
    await expect(failing.pay(alipay, navigate)).resolves.toEqual({ kind: 'failed', orderId: PHONE });
    expect(world.toasts).toContain('支付失败');
  });
});

describe('commit payment: a card is ordered once, then paid', () => {
  it('creates the order, remembers it, and pays it', async () => {
    answer({
      'order/createOrder': { orderId: CARD_ORDER, status: 3, needPayAmount: 199 },
      'pay/createPayOrder': payResult({ orderId: CARD_ORDER, mweb_url: '/api/dev/cashier/wechat/c' }),
    });
    await makeFlow().pay(card, navigate);
    expect(paths()).toEqual(['order/createOrder', 'pay/createPayOrder']);
    expect(world.requests[0]?.body.productCode).toBe('MC19001');
    expect(world.requests[1]?.body.orderId).toBe(CARD_ORDER);
    expect(createdOrderFor(draft.getState(), 'MC19001')).toBe(CARD_ORDER);
  });

  it('a double tap while the first is in flight does nothing: one order, one payment', async () => {
    server.use(
      http.post(url('order/createOrder'), async ({ request }) => {
        world.requests.push({
          path: 'order/createOrder',
          body: (await request.json()) as Record<string, unknown>,
        });
        await delay(30);
        return ok({ orderId: CARD_ORDER, status: 3, needPayAmount: 199 });
      }),
      http.post(url('pay/createPayOrder'), async ({ request }) => {
        world.requests.push({
          path: 'pay/createPayOrder',
          body: (await request.json()) as Record<string, unknown>,
        });
        return ok(payResult({ orderId: CARD_ORDER, payStatus: '2', amount: 0 }));
      }),
    );
    const flow = makeFlow();
    const first = flow.pay(card, navigate);
    expect(flow.isBusy()).toBe(true);
    await expect(flow.pay(card, navigate)).resolves.toEqual({ kind: 'busy' });
    await expect(first).resolves.toEqual({ kind: 'paid', orderId: CARD_ORDER });
    expect(flow.isBusy()).toBe(false);
    expect(paths()).toEqual(['order/createOrder', 'pay/createPayOrder']);
  });

  it('a later tap (or a reload) pays the order created before instead of creating another', async () => {
    draft.getState().rememberCreated('MC19001', CARD_ORDER);
    answer({
      'order/productOrderDetail': {
        orderId: CARD_ORDER,
        payPending: false,
        paidAt: null,
        actions: { canPay: true },
      },
      'pay/createPayOrder': payResult({ orderId: CARD_ORDER, mweb_url: '/c' }),
    });
    await makeFlow().pay(card, navigate);
    expect(paths()).toEqual(['order/productOrderDetail', 'pay/createPayOrder']);
    expect(world.requests[1]?.body.orderId).toBe(CARD_ORDER);
  });

  it('a remembered order that was cancelled meanwhile gives way to a new one', async () => {
    draft.getState().rememberCreated('MC19001', CARD_ORDER);
    answer({
      'order/productOrderDetail': {
        orderId: CARD_ORDER,
        payPending: false,
        paidAt: null,
        actions: { canPay: false },
      },
      'order/createOrder': { orderId: CARD_ORDER_2, status: 3, needPayAmount: 199 },
      'pay/createPayOrder': payResult({ orderId: CARD_ORDER_2, mweb_url: '/c' }),
    });
    await makeFlow().pay(card, navigate);
    expect(paths()).toEqual(['order/productOrderDetail', 'order/createOrder', 'pay/createPayOrder']);
    expect(createdOrderFor(draft.getState(), 'MC19001')).toBe(CARD_ORDER_2);
  });

  it('a remembered order that is already paid is shown, not bought again', async () => {
    draft.getState().rememberCreated('MC19001', CARD_ORDER);
    answer({
      'order/productOrderDetail': {
        orderId: CARD_ORDER,
        payPending: false,
        paidAt: 1,
        actions: { canPay: false },
      },
    });
    await expect(makeFlow().pay(card, navigate)).resolves.toEqual({ kind: 'paid', orderId: CARD_ORDER });
    expect(world.toasts).toEqual([PayText.alreadyPaid]);
    world.timers[0]?.fn();
    expect(world.navigations[0]?.[0]).toBe(`/ServiceOrder/${CARD_ORDER}`);
  });

  it('a service by product code is created then paid; a video order says 功能建设中 and asks nothing', async () => {
    answer({
      'order/createOrder': { orderId: CARD_ORDER, status: 3, needPayAmount: 300 },
      'pay/createPayOrder': payResult({ orderId: CARD_ORDER, mweb_url: '/c' }),
    });
    await makeFlow().pay(
      { order: { type: 'service', productCode: 'SC18004' }, payType: PayType.wxPay, couponId: null },
      navigate,
    );
    expect(world.requests[0]).toMatchObject({ path: 'order/createOrder', body: { productCode: 'SC18004' } });

    world.requests = [];
    const video = await makeFlow().pay(
      { order: { type: 'video', productCode: 'SC17001' }, payType: PayType.wxPay, couponId: null },
      navigate,
    );
    expect(video).toEqual({ kind: 'unsupported' });
    expect(world.toasts.at(-1)).toBe('功能建设中');
    expect(paths()).toEqual([]);
  });

  it('a free order (nothing had to be paid) is done at once', async () => {
    answer({ 'order/createOrder': { orderId: CARD_ORDER, status: 1, needPayAmount: 0 } });
    await expect(makeFlow().pay(card, navigate)).resolves.toEqual({ kind: 'paid', orderId: CARD_ORDER });
    expect(paths()).toEqual(['order/createOrder']);
  });
});

describe('errors', () => {
  it("a refusal is toasted by the client (the server's message) and the button is free again", async () => {
    server.use(
      http.post(url('pay/createPayOrder'), () =>
        HttpResponse.json({ code: 409, msg: '订单状态已变化，请刷新', data: null }, { status: 409 }),
      ),
    );
    const flow = makeFlow();
    await expect(flow.pay(phone, navigate)).resolves.toEqual({ kind: 'error', orderId: PHONE });
    expect(world.clientToasts).toEqual(['订单状态已变化，请刷新']);
    expect(world.toasts).toEqual([]);
    expect(flow.isBusy()).toBe(false);
  });
});

describe('the browser side of WeChat pay', () => {
  const params = {
    appId: 'a',
    timeStamp: '1',
    nonceStr: 'n',
    package: 'prepay_id=p',
    signType: 'RSA',
    paySign: 's',
  };

  it('invokes getBrandWCPayRequest at once when the bridge is there', async () => {
    const calls: unknown[] = [];
    const win: BridgeWindow = {
      WeixinJSBridge: {
        invoke: (name, p, cb) => {
          calls.push([name, p]);
          cb({ err_msg: 'get_brand_wcpay_request:ok' });
        },
      },
    };
    await expect(invokeWeChatPay(params, win, new EventTarget())).resolves.toBe('get_brand_wcpay_request:ok');
    expect(calls).toEqual([['getBrandWCPayRequest', params]]);
  });

  it('waits for WeixinJSBridgeReady when the bridge is not ready yet, and gives up after a while', async () => {
    const win: BridgeWindow = {};
    const doc = new EventTarget();
    const answer = invokeWeChatPay(params, win, doc, 1000);
    win.WeixinJSBridge = { invoke: (_n, _p, cb) => cb({ err_msg: 'get_brand_wcpay_request:cancel' }) };
    doc.dispatchEvent(new Event('WeixinJSBridgeReady'));
    await expect(answer).resolves.toBe('get_brand_wcpay_request:cancel');
    await expect(invokeWeChatPay(params, {}, new EventTarget(), 10)).resolves.toBe('bridge:timeout');
  });

  it('finds wx.miniProgram only inside a mini-program web-view', () => {
    const navigateTo = () => {};
    expect(
      miniProgramApi({ __wxjs_environment: 'miniprogram', wx: { miniProgram: { navigateTo } } }),
    ).not.toBeNull();
    expect(miniProgramApi({ wx: { miniProgram: { navigateTo } } })).toBeNull();
    expect(miniProgramApi({ __wxjs_environment: 'miniprogram' })).toBeNull();
  });
});
