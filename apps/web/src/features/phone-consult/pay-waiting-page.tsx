import { StepLists } from '@lawline/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { productOrderQuery } from '../pay/api/product-orders.ts';
import { OrderContactService } from '../pay/components/contact-service.tsx';
import { PayWaitingView } from '../pay/components/pay-waiting-view.tsx';
import { isPayOrderId } from '../pay/pay-rules.ts';
import { OrderProblem } from './components/order-problem.tsx';
import { useCallOrder } from './hooks/use-call-order.ts';
import styles from './phone.module.css';

/** A phone order: the step bar, and the call order polled too (4 paid, 99 closed win). */
function PhoneOrderWaiting({ orderId }: { orderId: string }) {
  const order = useCallOrder(orderId, { poll: () => true });
  if (order.isError && !order.data) {
    return <OrderProblem error={order.error} onRetry={() => void order.refetch()} />;
  }
  return (
    <>
      <StepBar steps={StepLists.phoneConsult} current={2} />
      <PayWaitingView
        orderId={orderId}
        callStatus={order.data?.status ?? null}
        amount={order.data?.bill?.payable ?? null}
      />
    </>
  );
}

/** A product order (card or service): its name and the payment. */
function ProductOrderWaiting({ orderId }: { orderId: string }) {
  const order = useQuery(productOrderQuery(orderId));
  return (
    <PayWaitingView
      orderId={orderId}
      amount={order.data?.payable ?? null}
      productName={order.data?.productName ?? null}
    />
  );
}

function Waiting() {
  const { id } = useParams();
  if (!id) return <OrderProblem message="缺少订单号" />;
  if (!isPayOrderId(id)) return <OrderProblem message="订单不存在" />;
  return (
    <>
      {id.startsWith('T') ? (
        <PhoneOrderWaiting key={id} orderId={id} />
      ) : (
        <ProductOrderWaiting key={id} orderId={id} />
      )}
      <OrderContactService orderId={id} />
    </>
  );
}

/**
 * PayWaiting (/PayWaiting/:orderId): where the cashier, Alipay and the WeChat bridge bring the
 * person back, for phone orders ('T…') and product orders ('P…'). Asks pay/queryPayOrder every 2 s
 * until the server knows: paid → PaySuccess (phone, then evaluation) or the product order with
 * 支付成功; failed → Payment (phone) or the product order with 支付失败; late after 60 s → 重新支付 / 查看订单.
 */
export function PayWaitingPage({ name }: PageProps) {
  return (
    <PageShell name={name} className={styles.phone}>
      <RequireLogin>
        <Waiting />
      </RequireLogin>
    </PageShell>
  );
}

export default PayWaitingPage;
