import { OrderStatus, PayStatus, PayText, PayType, type ServiceKind } from '@lawline/contract';
import type {
  CreatedProductOrder,
  PayOrderResult,
  PayState,
  ProductOrderDetail,
} from '@lawline/contract/schemas';
import { ApiError } from '../../api/client.ts';
import { paths } from '../../app/paths.ts';
import type { CreatePayOrderInput } from './api/create-pay-order.ts';
import {
  type BridgePayParams,
  bridgeOutcome,
  type CommitOrder,
  cashierUrl,
  commitPlan,
  isProductOrderId,
  miniProgramPayUrl,
  PAID_RELOAD_MS,
  paidPath,
  paidToast,
  payAction,
  serviceKindOfPayment,
} from './pay-rules.ts';
import type { MiniProgramApi } from './platform-pay.ts';

/**
 * The payment flow of spec §4 as one service: commit payment (which order, created once), the
 * openid WeChat JSAPI needs, pay/createPayOrder, and what each answer leads to. Everything outside
 * (API, browser, toasts, timers, the draft) comes in through `PayFlowDeps`, so tests drive it
 * without a browser; the app wires the real ones in use-pay-flow.ts.
 */

export type PayRequest = {
  order: CommitOrder;
  payType: PayType;
  /** The person's coupon (user_coupons id), or null. */
  couponId: number | null;
};

export type PayOutcome =
  /** A second tap while one payment is in flight: nothing happened. */
  | { kind: 'busy' }
  /** Not something that can be paid here (功能建设中, …): toasted. */
  | { kind: 'unsupported' }
  /** A call failed; the API client toasted the server's message. */
  | { kind: 'error'; orderId: string | null }
  /** Nothing left to pay (payStatus '2'): toasted, the order is shown again after 1 s. */
  | { kind: 'paid'; orderId: string }
  /** The bridge said ok, or a payment already waits for the provider: PayWaiting confirms it. */
  | { kind: 'confirming'; orderId: string }
  | { kind: 'cancelled'; orderId: string }
  | { kind: 'failed'; orderId: string }
  /** The person left for the cashier, Alipay, WeChat authorisation or the mini-program's pay page. */
  | { kind: 'left'; orderId: string; via: 'cashier' | 'alipay' | 'authorize' | 'miniprogram' };

export type NavigateFn = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

export interface PayFlowDeps {
  createOrder(productCode: string): Promise<CreatedProductOrder>;
  productOrder(orderId: string): Promise<ProductOrderDetail>;
  createPayOrder(input: CreatePayOrderInput): Promise<PayOrderResult>;
  cancelPayOrder(orderId: string): Promise<PayState>;
  /** weixin/getOpenId: the bound openid or null (rejects when it cannot be asked). */
  boundOpenId(): Promise<string | null>;
  /** Sends the browser through WeChat OAuth and back to `router` (the current hash route). */
  authorize(router: string): Promise<void>;
  /** Where the page runs (read when a payment starts). */
  platform(): Promise<{ inWeChat: boolean; miniProgram: MiniProgramApi | null }>;
  /** WeixinJSBridge getBrandWCPayRequest → err_msg. */
  invokeBridge(params: BridgePayParams): Promise<string>;
  /** Full navigation to the WeChat H5 cashier. */
  openCashier(url: string): void;
  submitAliPayForm(html: string): void;
  /** The absolute PayWaiting address of the order (return_url); a service order's kind rides along. */
  returnUrl(orderId: string, serviceKind?: ServiceKind | null): string;
  /** The base a relative cashier URL is resolved against (location.href). */
  baseUrl(): string;
  /** The current hash route (for authorisation to come back to). */
  currentRouter(): string;
  toast(message: string): void;
  later(fn: () => void, ms: number): void;
  draft: {
    created(productCode: string): string | null;
    rememberCreated(productCode: string, orderId: string): void;
    /** Paid: forget the coupon, the created order and the open sheet. */
    finish(): void;
    /** The person leaves the page for a provider: the sheet is not reopened on the way back. */
    closeSheet(): void;
  };
  /**
   * The order's data changed (paid, cancelled attempt): refresh what shows it. Awaited before the
   * button is released, so a page never acts on the order as it was while the bridge was open.
   */
  changed(orderId: string): Promise<void> | void;
}

/** How long the 立即支付 button stays busy after the person was sent to a provider's page. */
export const LEAVING_GRACE_MS = 5000;

export interface PayFlow {
  pay(request: PayRequest, navigate: NavigateFn): Promise<PayOutcome>;
  /** A payment is in flight (the sheet's button is disabled). */
  isBusy(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createPayFlow(deps: PayFlowDeps): PayFlow {
  let busy = false;
  const listeners = new Set<() => void>();
  const setBusy = (value: boolean) => {
    if (busy === value) return;
    busy = value;
    for (const listener of listeners) listener();
  };

  let openid: string | null = null;

  const paid = (orderId: string, order: CommitOrder, message: string, navigate: NavigateFn): PayOutcome => {
    deps.toast(message);
    deps.draft.finish();
    deps.later(() => {
      void deps.changed(orderId);
      navigate(paidPath(orderId, order.type, serviceKindOfPayment({ ...order, orderId })), { replace: true });
    }, PAID_RELOAD_MS);
    return { kind: 'paid', orderId };
  };

  /** The order to pay: the existing one, the one created earlier for this product, or a new one. */
  async function orderToPay(
    request: PayRequest,
    navigate: NavigateFn,
  ): Promise<{ orderId: string } | { outcome: PayOutcome }> {
    const plan = commitPlan(request.order);
    if (plan.action === 'unsupported') {
      deps.toast(plan.message);
      return { outcome: { kind: 'unsupported' } };
    }
    if (plan.action === 'pay') return { orderId: plan.orderId };
    if (plan.action === 'form') {
      navigate(plan.path);
      return { outcome: { kind: 'unsupported' } };
    }

    const remembered = deps.draft.created(plan.productCode);
    if (remembered) {
      const detail = await deps.productOrder(remembered).catch(() => null);
      if (detail?.actions.canPay) return { orderId: remembered };
      if (detail?.payPending) {
        navigate(paths.payWaiting(remembered));
        return { outcome: { kind: 'confirming', orderId: remembered } };
      }
      if (detail && detail.paidAt !== null) {
        return { outcome: paid(remembered, request.order, PayText.alreadyPaid, navigate) };
      }
      // Cancelled, closed or gone: a new order.
    }
    const created = await deps.createOrder(plan.productCode);
    deps.draft.rememberCreated(plan.productCode, created.orderId);
    if (created.status !== OrderStatus.unpaid) {
      // Nothing had to be paid (a free right): the order is already on its way.
      return { outcome: paid(created.orderId, request.order, PayText.success, navigate) };
    }
    return { orderId: created.orderId };
  }

  async function closeAttempt(
    orderId: string,
    request: PayRequest,
    message: string,
    kind: 'cancelled' | 'failed',
    navigate: NavigateFn,
  ): Promise<PayOutcome> {
    const state = await deps.cancelPayOrder(orderId).catch(() => null);
    if (state?.payStatus === PayStatus.paid) return paid(orderId, request.order, PayText.success, navigate);
    deps.toast(message);
    await Promise.resolve(deps.changed(orderId)).catch(() => {});
    return { kind, orderId };
  }

  async function run(request: PayRequest, navigate: NavigateFn): Promise<PayOutcome> {
    const wechat = request.payType !== PayType.aliPay;
    const where = await deps.platform();
    if (!wechat && where.inWeChat) {
      // Alipay is blocked inside WeChat (providers.md): the sheet shows it disabled, say it again.
      deps.toast(PayText.openInBrowser);
      return { kind: 'unsupported' };
    }
    const target = await orderToPay(request, navigate);
    if ('outcome' in target) return target.outcome;
    const { orderId } = target;

    if (wechat && where.miniProgram?.navigateTo) {
      // JSAPI is not available in a web-view: the mini-program's own page pays.
      where.miniProgram.navigateTo({ url: miniProgramPayUrl(orderId, request.payType, request.couponId) });
      deps.draft.closeSheet();
      // Coming back, the person sees the order (its page asks again when it is shown): a product
      // order on ServiceOrder, a phone order where it is (Payment moves on by its status).
      if (isProductOrderId(orderId) && request.order.orderId !== orderId) {
        navigate(paths.serviceOrder(orderId), { replace: true });
      }
      return { kind: 'left', orderId, via: 'miniprogram' };
    }
    if (wechat && where.inWeChat && !openid) {
      openid = await deps.boundOpenId();
      if (!openid) {
        // WeChat H5 pay refuses to run inside WeChat: get the openid first, then come back here.
        await deps.authorize(deps.currentRouter());
        return { kind: 'left', orderId, via: 'authorize' };
      }
    }

    const serviceKind = serviceKindOfPayment({ ...request.order, orderId });
    const returnUrl = deps.returnUrl(orderId, serviceKind);
    const result = await deps.createPayOrder({
      payType: request.payType,
      orderId,
      couponId: request.couponId ?? undefined,
      return_url: returnUrl,
      openid: wechat && where.inWeChat && openid ? openid : undefined,
    });
    const action = payAction(result);
    switch (action.kind) {
      case 'paid':
        return paid(orderId, request.order, paidToast(result), navigate);
      case 'jsapi': {
        const answer = bridgeOutcome(await deps.invokeBridge(action.params).catch(() => 'fail'));
        if (answer === 'ok') {
          // Not proof of payment (providers.md): PayWaiting asks the server until it knows.
          deps.toast(PayText.success);
          deps.draft.finish();
          void deps.changed(orderId);
          // A video order shows its own page (spec §4); the others wait for the server's word.
          if (request.order.type === 'video') navigate(paths.videoOrder(orderId), { replace: true });
          else navigate(paths.payWaiting(orderId, serviceKind), { replace: true, state: { toasted: true } });
          return { kind: 'confirming', orderId };
        }
        if (answer === 'cancel')
          return closeAttempt(orderId, request, PayText.cancelled, 'cancelled', navigate);
        const failed = await closeAttempt(orderId, request, PayText.failed, 'failed', navigate);
        if (failed.kind === 'failed' && request.order.type === 'video') {
          navigate(paths.videoOrder(orderId), { replace: true });
        }
        return failed;
      }
      case 'h5':
        deps.draft.closeSheet();
        deps.openCashier(cashierUrl(action.mwebUrl, returnUrl, deps.baseUrl()));
        return { kind: 'left', orderId, via: 'cashier' };
      case 'alipay':
        try {
          deps.submitAliPayForm(action.form);
        } catch {
          return closeAttempt(orderId, request, PayText.failed, 'failed', navigate);
        }
        deps.draft.closeSheet();
        return { kind: 'left', orderId, via: 'alipay' };
      case 'unknown':
        return closeAttempt(orderId, request, PayText.failed, 'failed', navigate);
    }
  }

  return {
    isBusy: () => busy,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async pay(request, navigate) {
      if (busy) return { kind: 'busy' };
      setBusy(true);
      let release = true;
      try {
        const outcome = await run(request, navigate);
        if (outcome.kind === 'left' && outcome.via !== 'miniprogram') {
          // The page is being left: keep the button busy until it is gone (or came back from bfcache).
          release = false;
          deps.later(() => setBusy(false), LEAVING_GRACE_MS);
        }
        return outcome;
      } catch (error) {
        // The API client toasted the server's message; anything else is a failed payment.
        if (!(error instanceof ApiError)) deps.toast(PayText.failed);
        const orderId = request.order.orderId ?? deps.draft.created(request.order.productCode);
        return { kind: 'error', orderId: orderId ?? null };
      } finally {
        if (release) setBusy(false);
      }
    },
  };
}
