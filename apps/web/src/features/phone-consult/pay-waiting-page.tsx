import { StepLists } from '@lawline/contract';
import type { CallOrderDetail } from '@lawline/contract/schemas';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { OrderScreen } from './components/order-screen.tsx';
import { redirectFor } from './phone-rules.ts';

function Confirming({ detail }: { detail: CallOrderDetail }) {
  const navigate = useNavigate();
  return (
    <>
      <StepBar steps={StepLists.phoneConsult} current={2} />
      <section className="ll-status" data-testid="pay-waiting" aria-live="polite">
        <span className="ll-spinner" aria-hidden="true" />
        <h2 className="ll-status-title">支付确认中</h2>
        <p className="ll-status-message">
          已提交支付¥{detail.bill?.payable ?? 0}，正在等待支付结果，请勿重复支付。确认后将自动跳转。
        </p>
        <button
          type="button"
          className="ll-secondary-button ll-button-inline"
          onClick={() => navigate(paths.telDetail(detail.orderId))}
        >
          查看订单
        </button>
      </section>
    </>
  );
}

/**
 * PayWaiting (/PayWaiting/:orderId): payment submitted, awaiting confirmation (status 3). Polls the
 * order every 2 s and moves on: paid → PaySuccess, failed → Payment again, closed → TelDetail.
 */
export function PayWaitingPage({ name }: PageProps) {
  return (
    <OrderScreen
      name={name}
      poll={(detail) => detail.status === 3}
      redirect={(detail) => redirectFor('PayWaiting', detail)}
      render={(detail) => <Confirming detail={detail} />}
    />
  );
}

export default PayWaitingPage;
