import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../app/api-effects.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';
import { isWeChat } from '../../../platform/detect.ts';
import { authorizeWeChat, detectMiniProgram } from '../../../platform/wechat.ts';
import { createPayOrder } from '../api/create-pay-order.ts';
import { fetchBoundOpenId } from '../api/open-id.ts';
import { cancelPayOrder } from '../api/pay-state.ts';
import { createProductOrder, fetchProductOrder } from '../api/product-orders.ts';
import { createdOrderFor, usePayDraft } from '../order-draft.ts';
import { createPayFlow, type PayFlow, type PayOutcome, type PayRequest } from '../pay-flow.ts';
import { currentRouter, payReturnUrl } from '../pay-rules.ts';
import { invokeWeChatPay, miniProgramApi, submitAliPayForm } from '../platform-pay.ts';

let changedListener: ((orderId: string) => Promise<void>) | null = null;

/** The app's one payment flow: one in flight at a time, wherever 立即支付 was tapped. */
export const appPayFlow: PayFlow = createPayFlow({
  createOrder: (productCode) => createProductOrder(productCode),
  productOrder: (orderId) => fetchProductOrder(orderId),
  createPayOrder: (input) => createPayOrder(input),
  cancelPayOrder: (orderId) => cancelPayOrder(orderId),
  boundOpenId: () => fetchBoundOpenId(),
  authorize: (router) => authorizeWeChat(router),
  platform: async () => {
    const inWeChat = isWeChat();
    const inMiniProgram = inWeChat ? await detectMiniProgram() : false;
    return { inWeChat, miniProgram: inMiniProgram ? miniProgramApi() : null };
  },
  invokeBridge: (params) => invokeWeChatPay(params),
  openCashier: (url) => window.location.assign(url),
  submitAliPayForm: (html) => submitAliPayForm(html),
  returnUrl: (orderId, serviceKind) => payReturnUrl(orderId, window.location, serviceKind),
  baseUrl: () => window.location.href,
  currentRouter: () => currentRouter(window.location.hash),
  toast: showToast,
  later: (fn, ms) => {
    setTimeout(fn, ms);
  },
  draft: {
    created: (productCode) => createdOrderFor(usePayDraft.getState(), productCode),
    rememberCreated: (productCode, orderId) => usePayDraft.getState().rememberCreated(productCode, orderId),
    finish: () => usePayDraft.getState().finish(),
    closeSheet: () => usePayDraft.getState().closeSheet(),
  },
  changed: (orderId) => changedListener?.(orderId),
});

/** Whether a payment is in flight (the sheet's button shows busy, the page holds its redirects). */
export function usePayBusy(): boolean {
  return useSyncExternalStore(appPayFlow.subscribe, appPayFlow.isBusy, () => false);
}

/** 立即支付: runs the flow with this page's navigation; refreshes the person's orders after it. */
export function usePay(): (request: PayRequest) => Promise<PayOutcome> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (request: PayRequest) => {
      changedListener = () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      return appPayFlow.pay(request, (to, options) => void navigate(to, options));
    },
    [navigate, queryClient],
  );
}
