import { StepLists } from '@lawline/contract';
import type { CallOrderDetail } from '@lawline/contract/schemas';
import { showToast } from '../../app/api-effects.ts';
import { FixedBottomBar } from '../../ui/fixed-bottom-bar.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { BillRows } from './components/bill-rows.tsx';
import { OrderLawyerCard } from './components/order-lawyer.tsx';
import { OrderScreen } from './components/order-screen.tsx';
import { durationText, fieldNameOf, redirectFor } from './phone-rules.ts';

/** Until the payment providers land (next issue), the pay button says so. */
export const PAY_COMING_SOON = '支付功能即将上线，敬请期待';

function PaymentDue({ detail }: { detail: CallOrderDetail }) {
  const { bill } = detail;
  return (
    <>
      <StepBar steps={StepLists.phoneConsult} current={2} />
      <section className="ll-card ll-pay-head" aria-labelledby="ll-pay-title">
        <h2 id="ll-pay-title" className="ll-card-title">
          咨询已完成，请立即支付
        </h2>
        <p className="ll-pay-amount">
          <span className="ll-pay-amount-label">应付金额</span>
          <span className="ll-pay-amount-value" data-testid="payable-amount">
            ¥{bill?.payable ?? 0}
          </span>
        </p>
        <p className="ll-note">满意再付费：费用按本次通话记录计算。</p>
      </section>
      {detail.lawyer ? (
        <section className="ll-card" aria-label="咨询律师">
          <OrderLawyerCard lawyer={detail.lawyer}>
            <p className="ll-note">
              {fieldNameOf(detail)} · 通话{durationText(detail.call?.durationSeconds)}
            </p>
          </OrderLawyerCard>
        </section>
      ) : null}
      <section className="ll-card" aria-labelledby="ll-bill-title">
        <h2 id="ll-bill-title" className="ll-card-title">
          费用明细
        </h2>
        {bill ? <BillRows bill={bill} call={detail.call} /> : <p className="ll-note">账单生成中，请稍候…</p>}
      </section>
      <FixedBottomBar
        price={bill?.payable ?? null}
        waitingPayment
        unitText={`通话${durationText(detail.call?.durationSeconds)}`}
        buttonText="立即支付"
        disabled={!detail.actions.canPay}
        onClick={() => showToast(PAY_COMING_SOON)}
        testId="pay-bar"
      />
    </>
  );
}

/**
 * Payment (/Payment/:orderId): a phone order whose call is over and money is owed (status 5): the
 * amount from the server's bill and the pay button. Any other status goes where the spec's table says.
 */
export function PaymentPage({ name }: PageProps) {
  return (
    <OrderScreen
      name={name}
      redirect={(detail) => redirectFor('Payment', detail)}
      render={(detail) => <PaymentDue detail={detail} />}
    />
  );
}

export default PaymentPage;
