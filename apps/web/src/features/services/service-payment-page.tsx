import { OrderStatus, ServiceKindFlow } from '@lawline/contract';
import type { ServiceOrderDetail } from '@lawline/contract/schemas';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { FixedBottomBar } from '../../ui/fixed-bottom-bar.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { PaySheet } from '../pay/components/pay-sheet.tsx';
import { usePayBusy } from '../pay/hooks/use-pay-flow.ts';
import { usePaySheet } from '../pay/hooks/use-pay-sheet.ts';
import { useRefetchOnReturn } from '../pay/hooks/use-refetch-on-return.ts';
import { usePayDraft } from '../pay/order-draft.ts';
import { serviceOrderKey } from './api/service-order.ts';
import { ServiceScreen } from './components/service-screen.tsx';
import { ServiceStepBar } from './components/service-step-bar.tsx';
import { timeText, yuanText } from './service-rules.ts';
import styles from './services.module.css';

/** 订金 / 尾款 / 服务费: what this payment is. */
export function dueName(detail: Pick<ServiceOrderDetail, 'kind' | 'state'>): string {
  if (detail.state === 'balance_due') return '尾款';
  return ServiceKindFlow[detail.kind].upFront === 'deposit' ? '订金' : '服务费';
}

/** One line about the order: the meeting's city and field, the letter's recipient, the case. */
function summaryOf(detail: ServiceOrderDetail): string {
  if (detail.face)
    return `${detail.face.regionName} · ${detail.face.consultFieldName} · ${detail.face.levelName}`;
  if (detail.letter) return `致 ${detail.letter.recipient.name}`;
  if (detail.lawsuit) {
    return `${detail.lawsuit.roleName} · ${detail.lawsuit.caseTypeName} · ${detail.lawsuit.consultFieldName}`;
  }
  return '';
}

function PayDue({ detail }: { detail: ServiceOrderDetail }) {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const busy = usePayBusy();
  const sheet = usePaySheet({ productCode: detail.productCode, orderId: detail.orderId });
  useRefetchOnReturn(serviceOrderKey(detail.orderId));
  const payable = detail.payable ?? 0;

  // ?pay=1 (right after the form, 去支付 of the order or the list): open the sheet once, drop the flag.
  const wantsPay = params.get('pay') === '1';
  useEffect(() => {
    if (!wantsPay) return;
    const draft = usePayDraft.getState();
    draft.begin({ productCode: detail.productCode, orderId: detail.orderId });
    draft.openSheet(location.pathname);
    setParams({}, { replace: true });
  }, [wantsPay, detail.productCode, detail.orderId, location.pathname, setParams]);

  const summary = summaryOf(detail);
  return (
    <div className={styles.services} data-testid="service-payment" data-order-id={detail.orderId}>
      <ServiceStepBar kind={detail.kind} state={detail.state} />
      <SectionCard title={detail.title}>
        {summary ? <p className={styles.note}>{summary}</p> : null}
        <p className={styles.priceLine}>
          <span className={styles.priceUnit}>应付{dueName(detail)}</span>
          <span className={styles.price} data-testid="payable-amount">
            {yuanText(payable)}
          </span>
          {detail.state === 'awaiting_payment' && payable !== detail.price && detail.kind !== 'lawsuit' ? (
            <span className={styles.priceOld}>{yuanText(detail.price)}</span>
          ) : null}
        </p>
        {detail.rightNote ? <p className={styles.rightNote}>{detail.rightNote}</p> : null}
        {detail.deadline ? <p className={styles.note}>{detail.deadline.text}</p> : null}
      </SectionCard>
      <SectionCard title="退改规则" testId="service-cancel-rule">
        <p className={styles.note}>{detail.cancelRule}</p>
      </SectionCard>
      <SectionCard title="订单信息">
        <dl className={styles.kv}>
          <div>
            <dt>订单编号</dt>
            <dd>{detail.orderId}</dd>
          </div>
          <div>
            <dt>下单时间</dt>
            <dd>{timeText(detail.createdAt)}</dd>
          </div>
        </dl>
      </SectionCard>
      <FixedBottomBar
        price={payable}
        waitingPayment
        buttonText="立即支付"
        loading={busy}
        onClick={sheet.open}
        testId="pay-bar"
      />
      <PaySheet
        order={{
          type: 'service',
          productCode: detail.productCode,
          orderId: detail.orderId,
          // actions.pay is the server's word that this order is the one to pay now.
          status: OrderStatus.unpaid,
        }}
        control={sheet}
      />
    </div>
  );
}

/**
 * Payment of a service order (/Payment/S…/kind, issue 14): the step bar at 确认支付, what is due
 * now (服务费, 订金 or 尾款, the server's figure), the refund rule, and 立即支付 — the app's payment
 * sheet and flow. Once nothing is due (paid, cancelled) it moves on to the order's detail page.
 */
export function ServicePaymentPage({ name }: PageProps) {
  const busy = usePayBusy();
  return (
    <ServiceScreen
      name={name}
      kind={null}
      redirect={(detail) =>
        busy || (detail.actions.pay && detail.payable !== null)
          ? null
          : paths.serviceDetail(detail.kind, detail.orderId)
      }
      render={(detail) => <PayDue detail={detail} />}
    />
  );
}

export default ServicePaymentPage;
