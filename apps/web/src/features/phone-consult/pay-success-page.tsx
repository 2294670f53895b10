import { StepLists } from '@lawline/contract';
import type { CallOrderDetail } from '@lawline/contract/schemas';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import browse from '../../ui/browse.module.css';
import forms from '../../ui/forms.module.css';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { OrderContactService } from '../pay/components/contact-service.tsx';
import { PaidRows } from './components/bill-rows.tsx';
import { OrderScreen } from './components/order-screen.tsx';
import styles from './phone.module.css';
import { redirectFor } from './phone-rules.ts';

function Paid({ detail }: { detail: CallOrderDetail }) {
  const navigate = useNavigate();
  return (
    <>
      <StepBar steps={StepLists.phoneConsult} current={3} />
      <section className={browse.status} data-testid="pay-success">
        <span className={styles.successMark} aria-hidden="true">
          ✓
        </span>
        <h2 className={browse.statusTitle}>支付成功</h2>
        <p className={browse.statusMessage}>感谢您的信任，欢迎为律师的服务打分。</p>
        {detail.payment ? (
          <div className={styles.successPaid}>
            <PaidRows payment={detail.payment} />
          </div>
        ) : null}
        <div className={styles.actions}>
          {detail.actions.canEvaluate ? (
            <button
              type="button"
              className={forms.primaryButton}
              onClick={() => navigate(paths.lawyerEvaluation(detail.orderId), { replace: true })}
            >
              评价律师
            </button>
          ) : null}
          <button
            type="button"
            className={forms.secondaryButton}
            onClick={() => navigate(paths.telDetail(detail.orderId), { replace: true })}
          >
            查看订单
          </button>
        </div>
      </section>
      <OrderContactService orderId={detail.orderId} />
    </>
  );
}

/** PaySuccess (/PaySuccess/:orderId): the payment went through (status 4); evaluate or see the order. */
export function PaySuccessPage({ name }: PageProps) {
  return (
    <OrderScreen
      name={name}
      redirect={(detail) => redirectFor('PaySuccess', detail)}
      render={(detail) => <Paid detail={detail} />}
    />
  );
}

export default PaySuccessPage;
