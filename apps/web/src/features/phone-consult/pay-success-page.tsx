import { StepLists } from '@lawline/contract';
import type { CallOrderDetail } from '@lawline/contract/schemas';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { OrderScreen } from './components/order-screen.tsx';
import { redirectFor } from './phone-rules.ts';

function Paid({ detail }: { detail: CallOrderDetail }) {
  const navigate = useNavigate();
  return (
    <>
      <StepBar steps={StepLists.phoneConsult} current={3} />
      <section className="ll-status" data-testid="pay-success">
        <span className="ll-success-mark" aria-hidden="true">
          ✓
        </span>
        <h2 className="ll-status-title">支付成功</h2>
        <p className="ll-status-message">
          {detail.bill ? `已支付¥${detail.bill.payable}，` : ''}感谢您的信任，欢迎为律师的服务打分。
        </p>
        <div className="ll-phone-actions">
          {detail.actions.canEvaluate ? (
            <button
              type="button"
              className="ll-primary-button"
              onClick={() => navigate(paths.lawyerEvaluation(detail.orderId), { replace: true })}
            >
              评价律师
            </button>
          ) : null}
          <button
            type="button"
            className="ll-secondary-button"
            onClick={() => navigate(paths.telDetail(detail.orderId), { replace: true })}
          >
            查看订单
          </button>
        </div>
      </section>
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
