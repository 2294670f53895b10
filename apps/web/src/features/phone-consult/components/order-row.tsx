import type { OrderListItem } from '@lawline/contract/schemas';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { isProductOrderId } from '../../pay/pay-rules.ts';
import { dateTimeText, durationText } from '../phone-rules.ts';

/** Product orders ('P…': cards, orderType 2, and services bought by product code) open ServiceOrder. */
export function orderRowPath(order: Pick<OrderListItem, 'orderId'>): string {
  return isProductOrderId(order.orderId) ? paths.serviceOrder(order.orderId) : paths.telDetail(order.orderId);
}

/** Where 去支付 of an unpaid row leads: Payment (phone) or ServiceOrder with the sheet open. */
export function orderPayPath(order: Pick<OrderListItem, 'orderId'>): string {
  return isProductOrderId(order.orderId)
    ? paths.serviceOrder(order.orderId, { pay: true })
    : paths.payment(order.orderId);
}

/**
 * One order of the list: title, status, question, lawyer, call and money; tapping opens TelDetail
 * (phone) or ServiceOrder (product orders); an unpaid one offers 去支付.
 */
export function OrderRow({ order }: { order: OrderListItem }) {
  const navigate = useNavigate();
  const unpaid = order.status === 3 && (order.payable ?? 0) > 0;
  return (
    <div className="ll-card ll-order-row-card" data-testid="order-row" data-order-id={order.orderId}>
      <Link className="ll-order-row" to={orderRowPath(order)}>
        <span className="ll-order-row-head">
          <span className="ll-order-row-title">{order.title}</span>
          <span className={unpaid ? 'll-order-row-status ll-danger-text' : 'll-order-row-status'}>
            {order.statusText}
          </span>
        </span>
        {order.userRemark ? <span className="ll-order-row-remark">{order.userRemark}</span> : null}
        <span className="ll-order-row-meta">
          {order.lawyer ? <span>{order.lawyer.name}律师</span> : null}
          {order.durationSeconds !== null ? <span>通话{durationText(order.durationSeconds)}</span> : null}
          <span>{dateTimeText(order.createdAt)}</span>
        </span>
        {order.amount !== null ? (
          <span className="ll-order-row-money">
            {order.freeLabel ? <span className="ll-chip ll-chip-small">{order.freeLabel}</span> : null}
            <span className={unpaid ? 'll-order-row-price ll-danger-text' : 'll-order-row-price'}>
              {unpaid ? `待支付 ¥${order.payable}` : `¥${order.payable ?? order.amount}`}
            </span>
          </span>
        ) : null}
      </Link>
      {unpaid ? (
        <div className="ll-order-row-actions">
          <button
            type="button"
            className="ll-order-row-pay"
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
