import { CALL_ORDER_PRODUCT_CODE, StepLists } from '@lawline/contract';
import type { CallOrderDetail } from '@lawline/contract/schemas';
import { FixedBottomBar } from '../../ui/fixed-bottom-bar.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { OrderContactService } from '../pay/components/contact-service.tsx';
import { PaySheet } from '../pay/components/pay-sheet.tsx';
import { usePayBusy } from '../pay/hooks/use-pay-flow.ts';
import { usePaySheet } from '../pay/hooks/use-pay-sheet.ts';
import { useRefetchOnReturn } from '../pay/hooks/use-refetch-on-return.ts';
import { callOrderKey } from './api/call-order-detail.ts';
import { BillRows } from './components/bill-rows.tsx';
import { OrderLawyerCard } from './components/order-lawyer.tsx';
import { OrderScreen } from './components/order-screen.tsx';
import styles from './phone.module.css';
import { durationText, fieldNameOf, redirectFor } from './phone-rules.ts';

function PaymentDue({ detail }: { detail: CallOrderDetail }) {
  const { bill } = detail;
  const productCode = detail.productCode || CALL_ORDER_PRODUCT_CODE;
  const sheet = usePaySheet({ productCode, orderId: detail.orderId });
  const busy = usePayBusy();
  useRefetchOnReturn(callOrderKey(detail.orderId));
  return (
    <>
      <StepBar steps={StepLists.phoneConsult} current={2} />
      <SectionCard className={styles.payHead}>
        <h2 className={styles.payTitle}>咨询已完成，请立即支付</h2>
        <p className={styles.payAmount}>
          <span className={styles.payAmountLabel}>应付金额</span>
          <span className={styles.payAmountValue} data-testid="payable-amount">
            ¥{bill?.payable ?? 0}
          </span>
        </p>
        <p className={styles.note}>满意再付费：费用按本次通话记录计算。</p>
        {bill?.ruleText ? (
          <p className={styles.note} data-testid="billing-rule">
            计费规则：{bill.ruleText}
          </p>
        ) : null}
      </SectionCard>
      {detail.lawyer ? (
        <section className={styles.card} aria-label="咨询律师">
          <OrderLawyerCard lawyer={detail.lawyer}>
            <p className={styles.note}>
              {fieldNameOf(detail)} · 通话{durationText(detail.call?.durationSeconds)}
            </p>
          </OrderLawyerCard>
        </section>
      ) : null}
      <SectionCard title="费用明细">
        {bill ? (
          <BillRows bill={bill} call={detail.call} />
        ) : (
          <p className={styles.note}>账单生成中，请稍候…</p>
        )}
      </SectionCard>
      <OrderContactService orderId={detail.orderId} />
      <FixedBottomBar
        price={bill?.payable ?? null}
        waitingPayment
        unitText={`通话${durationText(detail.call?.durationSeconds)}`}
        buttonText="立即支付"
        disabled={!detail.actions.canPay}
        loading={busy}
        onClick={sheet.open}
        testId="pay-bar"
      />
      <PaySheet order={{ type: 'phone', productCode, orderId: detail.orderId }} control={sheet} />
    </>
  );
}

/**
 * Payment (/Payment/:orderId): a phone order whose call is over and money is owed (status 5): the
 * amount from the server's bill and 立即支付, which opens the payment sheet (spec §2, §4). Any other
 * status goes where the spec's table says, except while a payment is in flight (pay/createPayOrder
 * moves the order to 3 for as long as the WeChat bridge is open).
 */
export function PaymentPage({ name }: PageProps) {
  const busy = usePayBusy();
  return (
    <OrderScreen
      name={name}
      redirect={(detail) => (busy ? null : redirectFor('Payment', detail))}
      render={(detail) => <PaymentDue detail={detail} />}
    />
  );
}

export default PaymentPage;
