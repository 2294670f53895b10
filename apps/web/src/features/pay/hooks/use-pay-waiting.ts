import { PayStatus, serviceKinds } from '@lawline/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { fetchUserInfo } from '../../../api/auth.ts';
import { showToast } from '../../../app/api-effects.ts';
import { paths } from '../../../app/paths.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';
import { useSession } from '../../../state/session.ts';
import { cancelPayOrder, payStateKey, payStateQuery } from '../api/pay-state.ts';
import { usePayDraft } from '../order-draft.ts';
import {
  orderViewPath,
  PAY_POLL_MS,
  PAY_POLL_SLOW_MS,
  PAY_WAIT_TIMEOUT_MS,
  type PayWaitingStep,
  payOrderKind,
  payWaitingStep,
} from '../pay-rules.ts';

/** Once a payment went through, the person's cards and rights may have changed: ask again. */
function refreshUserInfo(): void {
  const { token } = useSession.getState();
  if (!token) return;
  fetchUserInfo()
    .then((info) => {
      if (useSession.getState().token === token) useSession.getState().setUserInfo(info);
    })
    .catch(() => {
      // quiet: the pages ask again themselves
    });
}

/**
 * PayWaiting's logic for one order: ask pay/queryPayOrder every 2 s (5 s once late) until the server
 * knows, then move on (paid → PaySuccess or the product order with 支付成功; failed → pay again with
 * 支付失败); after 60 s say the answer is late and offer 重新支付 (close the open attempt first, so it
 * cannot be paid twice) and 查看订单.
 */
export function usePayWaiting(orderId: string, options: { callStatus?: number | null } = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  // A service order's kind is PayWaiting's second route part (/PayWaiting/S…/faceConsult).
  const { sub } = useParams();
  const serviceKind = serviceKinds.find((kind) => kind.toLowerCase() === sub?.toLowerCase()) ?? null;
  const [startedAt] = useState(() => Date.now());
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), PAY_WAIT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  const pay = useQuery({
    ...payStateQuery(orderId),
    refetchInterval: (query) => {
      const status = query.state.data?.payStatus;
      if (status === PayStatus.paid || status === PayStatus.failed) return false;
      return Date.now() - startedAt >= PAY_WAIT_TIMEOUT_MS ? PAY_POLL_SLOW_MS : PAY_POLL_MS;
    },
    refetchIntervalInBackground: false,
  });

  const step: PayWaitingStep = payWaitingStep({
    orderId,
    pay: pay.data,
    callStatus: options.callStatus,
    serviceKind,
    elapsedMs: late ? PAY_WAIT_TIMEOUT_MS : 0,
  });

  const toasted = (location.state as { toasted?: boolean } | null)?.toasted === true;
  const acted = useRef(false);
  const target = step.kind === 'wait' ? null : step;
  useEffect(() => {
    if (!target || acted.current) return;
    acted.current = true;
    if (target.kind === 'paid') {
      usePayDraft.getState().finish();
      refreshUserInfo();
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      if (target.toast && !toasted) showToast(target.toast);
    } else if (target.kind === 'failed') {
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      showToast(target.toast);
    }
    navigate(target.path, { replace: true });
  }, [target, toasted, navigate, queryClient]);

  const [repaying, setRepaying] = useState(false);
  /** 重新支付: close the open attempt (it may turn out paid), then pay again where the order is paid. */
  const payAgain = useCallback(async () => {
    if (repaying) return;
    setRepaying(true);
    try {
      const state = await cancelPayOrder(orderId).catch(() => null);
      if (state?.payStatus === PayStatus.paid) {
        // It went through after all: the effect above moves on as for any paid order.
        queryClient.setQueryData(payStateKey(orderId), state);
        return;
      }
      acted.current = true;
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      const kind = payOrderKind(orderId);
      navigate(
        kind === 'phone'
          ? paths.payment(orderId)
          : kind === 'service'
            ? serviceKind
              ? paths.servicePayment(orderId, serviceKind, { pay: true })
              : paths.orderList()
            : paths.serviceOrder(orderId, { pay: true }),
        { replace: true },
      );
    } finally {
      setRepaying(false);
    }
  }, [orderId, serviceKind, repaying, navigate, queryClient]);

  const viewOrder = useCallback(() => {
    acted.current = true;
    navigate(orderViewPath(orderId, serviceKind), { replace: true });
  }, [orderId, serviceKind, navigate]);

  return { pay, step, late: step.kind === 'wait' && step.late, payAgain, repaying, viewOrder };
}
