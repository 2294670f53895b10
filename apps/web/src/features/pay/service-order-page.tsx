import { OrderStatus } from '@lawline/contract';
import type { ProductOrderDetail } from '@lawline/contract/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { showToast } from '../../app/api-effects.ts';
import { paths } from '../../app/paths.ts';
import { ME_QUERY_KEY } from '../../app/session-boot.ts';
import browse from '../../ui/browse.module.css';
import { confirmDialog } from '../../ui/confirm.ts';
import { FixedBottomBar } from '../../ui/fixed-bottom-bar.tsx';
import forms from '../../ui/forms.module.css';
import { SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { cancelProductOrder, productOrderKey, productOrderQuery } from './api/product-orders.ts';
import { OrderContactService } from './components/contact-service.tsx';
import { PaySheet } from './components/pay-sheet.tsx';
import { usePayBusy } from './hooks/use-pay-flow.ts';
import { usePaySheet } from './hooks/use-pay-sheet.ts';
import { useRefetchOnReturn } from './hooks/use-refetch-on-return.ts';
import { usePayDraft } from './order-draft.ts';
import styles from './pay.module.css';
import { cancelConfirmText, isProductOrderId, refundText, timeText } from './pay-rules.ts';

function Problem({ error, text, onRetry }: { error?: unknown; text?: string; onRetry?: () => void }) {
  const navigate = useNavigate();
  const message =
    text ??
    (error instanceof ApiError && (error.kind === 'business' || error.kind === 'format')
      ? error.message
      : '网络异常，请稍后重试');
  const canRetry = !text && !(error instanceof ApiError && error.kind === 'business');
  return (
    <section className={browse.status} role="alert" data-testid="order-problem">
      <h2 className={browse.statusTitle}>{message}</h2>
      <p className={browse.statusMessage}>请确认订单号是否正确，或到我的订单中查看</p>
      <div className={styles.statusActions}>
        {canRetry && onRetry ? (
          <button type="button" className={forms.secondaryButton} onClick={onRetry}>
            重新加载
          </button>
        ) : null}
        <button type="button" className={forms.primaryButton} onClick={() => navigate(paths.orderList())}>
          我的订单
        </button>
      </div>
    </section>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** What was paid, when and how: the server's payment record, else the order's paid fields. */
function paidView(
  detail: ProductOrderDetail,
): { amount: number; paidAt: number; methodText: string | null } | null {
  if (detail.payment) {
    return {
      amount: detail.payment.amount,
      paidAt: detail.payment.paidAt,
      methodText: detail.payment.methodText,
    };
  }
  if (detail.paidAt === null) return null;
  return { amount: detail.paidAmount ?? 0, paidAt: detail.paidAt, methodText: null };
}

function OrderView({ detail }: { detail: ProductOrderDetail }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const busy = usePayBusy();
  const scope = { productCode: detail.productCode, orderId: detail.orderId };
  const sheet = usePaySheet(scope);
  const [cancelling, setCancelling] = useState(false);
  const { canPay, canCancel } = detail.actions;
  const unpaid = detail.status === OrderStatus.unpaid;
  const paid = paidView(detail);

  // ?pay=1 (去支付 of the order list, 重新支付 of PayWaiting): open the sheet once, then drop the flag.
  const wantsPay = params.get('pay') === '1';
  useEffect(() => {
    if (!wantsPay) return;
    if (canPay) {
      const draft = usePayDraft.getState();
      draft.begin({ productCode: detail.productCode, orderId: detail.orderId });
      draft.openSheet(location.pathname);
    }
    setParams({}, { replace: true });
  }, [wantsPay, canPay, detail.productCode, detail.orderId, location.pathname, setParams]);

  const cancel = async () => {
    if (cancelling) return;
    const confirmed = await confirmDialog({
      title: '取消订单',
      content: cancelConfirmText(detail),
      confirmText: '确定取消',
      cancelText: '暂不取消',
    });
    if (!confirmed) return;
    setCancelling(true);
    try {
      const next = await cancelProductOrder(detail.orderId);
      queryClient.setQueryData(productOrderKey(detail.orderId), next);
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      showToast(next.refund ? '订单已取消，退款将原路退回' : '订单已取消');
    } catch {
      // The client toasted the server's message; show the order as it is now.
      void queryClient.invalidateQueries({ queryKey: productOrderKey(detail.orderId) });
    } finally {
      setCancelling(false);
    }
  };

  return (
    <div data-testid="service-order" data-order-id={detail.orderId} data-status={detail.status}>
      <SectionCard
        title={detail.productName}
        extra={
          <span
            className={
              unpaid
                ? `${styles.orderStatus} ${styles.orderStatusUnpaid}`
                : paid && !detail.refund
                  ? `${styles.orderStatus} ${styles.orderStatusPaid}`
                  : styles.orderStatus
            }
            data-testid="service-order-status"
          >
            {detail.statusText}
          </span>
        }
      >
        <dl className={styles.kv}>
          <Row label="订单编号">{detail.orderId}</Row>
          <Row label="下单时间">{timeText(detail.createdAt)}</Row>
          {detail.kind === 'card' && detail.cardExpireDate ? (
            <Row label="有效期至" testId="service-order-expire">
              {detail.cardExpireDate}
            </Row>
          ) : null}
          {detail.remark ? <Row label="备注">{detail.remark}</Row> : null}
        </dl>
      </SectionCard>

      {detail.payPending ? (
        <SectionCard title="支付确认中" testId="service-order-pending">
          <p className={styles.note}>已提交支付，正在等待支付结果，请勿重复支付。</p>
          <button
            type="button"
            className={styles.textLink}
            onClick={() => navigate(paths.payWaiting(detail.orderId))}
          >
            查看支付结果 ›
          </button>
        </SectionCard>
      ) : null}

      <SectionCard title="费用明细">
        <dl className={styles.kv}>
          <Row label="订单金额">¥{detail.price}</Row>
          {detail.memberDiscount > 0 ? <Row label="会员优惠">−¥{detail.memberDiscount}</Row> : null}
          {detail.couponValue > 0 ? (
            <Row label="优惠券">
              {detail.couponName ? `${detail.couponName} ` : ''}−¥{detail.couponValue}
            </Row>
          ) : paid ? (
            <Row label="优惠券">未使用</Row>
          ) : null}
          {paid ? (
            <>
              <div className={styles.paidTotal}>
                <dt>已支付</dt>
                <dd data-testid="service-order-paid">¥{paid.amount}</dd>
              </div>
              <Row label="支付时间" testId="service-order-paid-time">
                {timeText(paid.paidAt)}
              </Row>
              {paid.methodText ? (
                <Row label="支付方式" testId="service-order-paid-method">
                  {paid.methodText}
                </Row>
              ) : null}
            </>
          ) : (
            <div className={styles.total}>
              <dt>待支付</dt>
              <dd data-testid="service-order-payable">¥{detail.payable}</dd>
            </div>
          )}
        </dl>
      </SectionCard>

      {detail.refund ? (
        <section
          className={`${styles.card} ${styles.refund}`}
          aria-labelledby="service-order-refund-title"
          data-testid="service-order-refund"
          data-state={detail.refund.state}
        >
          <h2 id="service-order-refund-title" className={styles.cardTitle}>
            退款信息
          </h2>
          <p className={styles.refundText}>{refundText(detail.refund)}</p>
          <p className={styles.note}>
            申请时间 {timeText(detail.refund.createdAt)}
            {detail.refund.doneAt !== null
              ? `，到账时间 ${timeText(detail.refund.doneAt)}`
              : '，款项将原路退回'}
          </p>
        </section>
      ) : null}

      <OrderContactService orderId={detail.orderId} />

      {canPay ? (
        <>
          <FixedBottomBar
            price={detail.payable}
            waitingPayment
            buttonText="去支付"
            loading={busy}
            onClick={sheet.open}
            secondary={
              canCancel
                ? {
                    text: cancelling ? '取消中…' : '取消订单',
                    onClick: () => void cancel(),
                    disabled: cancelling || busy,
                    testId: 'service-order-cancel',
                  }
                : undefined
            }
            testId="service-order-bar"
          />
          <PaySheet
            order={{
              type: detail.kind === 'card' ? 'card' : 'service',
              productCode: detail.productCode,
              orderId: detail.orderId,
              // canPay is the server's word that this order is the one to pay.
              status: OrderStatus.unpaid,
            }}
            control={sheet}
          />
        </>
      ) : canCancel ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={forms.secondaryButton}
            data-testid="service-order-cancel"
            disabled={cancelling}
            aria-busy={cancelling}
            onClick={() => void cancel()}
          >
            {cancelling ? '取消中…' : '取消订单'}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function LoadedOrder({ orderId }: { orderId: string }) {
  const query = useQuery({
    ...productOrderQuery(orderId),
    refetchInterval: (q) => (q.state.data?.payPending ? 3000 : false),
  });
  useRefetchOnReturn(productOrderKey(orderId));
  if (query.isPending) return <SkeletonRows rows={4} label="订单加载中" />;
  if (query.isError && !query.data) {
    return <Problem error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <OrderView detail={query.data} />;
}

function FromRoute() {
  const { id } = useParams();
  if (!isProductOrderId(id)) return <Problem text="订单不存在" />;
  return <LoadedOrder key={id} orderId={id} />;
}

/**
 * ServiceOrder (/ServiceOrder/:orderId): a product order (member card or service): name, status,
 * price, discounts and what is payable, what was paid and when, the card's validity, the refund of
 * a cancelled paid order (退款中 / 已退款 ¥x); 去支付 when it can be paid (`?pay=1` opens the sheet at
 * once) and 取消订单 (confirmed; a paid one says the money goes back) when it can be cancelled.
 */
export function ServiceOrderPage({ name }: PageProps) {
  return (
    <PageShell name={name} className={styles.serviceOrder}>
      <RequireLogin>
        <FromRoute />
      </RequireLogin>
    </PageShell>
  );
}

export default ServiceOrderPage;
