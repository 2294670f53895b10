import type { OrderListItem } from '@lawline/contract/schemas';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import browse from '../../../ui/browse.module.css';
import { isProductOrderId } from '../../pay/pay-rules.ts';
import styles from '../phone.module.css';
import { dateTimeText, durationText } from '../phone-rules.ts';

/**
 * Where a row leads: a service order ('S…', issue 14) its kind's detail page (FaceDetail,
 * LetterDetail, LawsuitDetail); product orders ('P…': cards, orderType 2) ServiceOrder; phone
 * orders TelDetail.
 */
export function orderRowPath(
  order: Pick<OrderListItem, 'orderId'> & Partial<Pick<OrderListItem, 'serviceKind'>>,
): string {
  if (order.serviceKind) return paths.serviceDetail(order.serviceKind, order.orderId);
  return isProductOrderId(order.orderId) ? paths.serviceOrder(order.orderId) : paths.telDetail(order.orderId);
}

/** Where 去支付 of an unpaid row leads: Payment (phone, and a service order by kind) or ServiceOrder with the sheet open. */
export function orderPayPath(
  order: Pick<OrderListItem, 'orderId'> & Partial<Pick<OrderListItem, 'serviceKind'>>,
): string {
  if (order.serviceKind) return paths.servicePayment(order.orderId, order.serviceKind, { pay: true });
  return isProductOrderId(order.orderId)
    ? paths.serviceOrder(order.orderId, { pay: true })
    : paths.payment(order.orderId);
}

/**
 * One order of the list: title, status, question, lawyer, call and money; tapping opens TelDetail
 * (phone), the service order's detail page, or ServiceOrder (product orders); an unpaid one offers 去支付.
 */
export function OrderRow({ order }: { order: OrderListItem }) {
  const navigate = useNavigate();
  const unpaid = order.status === 3 && (order.payable ?? 0) > 0;
  return (
    <div className={styles.orderRowCard} data-testid="order-row" data-order-id={order.orderId}>
      <Link className={styles.orderRow} to={orderRowPath(order)}>
        <span className={styles.orderRowHead}>
          <span className={styles.orderRowTitle}>{order.title}</span>
          <span
            className={unpaid ? `${styles.orderRowStatus} ${styles.orderRowUnpaid}` : styles.orderRowStatus}
          >
            {order.statusText}
          </span>
        </span>
        {order.userRemark ? <span className={styles.orderRowRemark}>{order.userRemark}</span> : null}
        <span className={styles.orderRowMeta}>
          {order.lawyer ? <span>{order.lawyer.name}律师</span> : null}
          {order.durationSeconds !== null ? <span>通话{durationText(order.durationSeconds)}</span> : null}
          <span>{dateTimeText(order.createdAt)}</span>
        </span>
        {order.payment ? (
          <span className={styles.orderRowMoney} data-testid="order-row-paid">
            {order.freeLabel ? (
              <span className={`${browse.chip} ${browse.chipSmall}`}>{order.freeLabel}</span>
            ) : null}
            <span className={`${styles.orderRowPrice} ${styles.billPaid}`}>
              已支付 ¥{order.payment.amount}
            </span>
          </span>
        ) : order.amount !== null ? (
          <span className={styles.orderRowMoney}>
            {order.freeLabel ? (
              <span className={`${browse.chip} ${browse.chipSmall}`}>{order.freeLabel}</span>
            ) : null}
            <span
              className={unpaid ? `${styles.orderRowPrice} ${styles.orderRowUnpaid}` : styles.orderRowPrice}
            >
              {unpaid ? `待支付 ¥${order.payable}` : `¥${order.payable ?? order.amount}`}
            </span>
          </span>
        ) : null}
      </Link>
      {unpaid ? (
        <div className={styles.orderRowActions}>
          <button
            type="button"
            className={styles.orderRowPay}
            data-testid="order-pay"
            onClick={() => navigate(orderPayPath(order))}
          >
            去支付
          </button>
        </div>
      ) : null}
    </div>
  );
}
