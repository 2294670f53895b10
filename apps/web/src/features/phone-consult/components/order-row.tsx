import type { OrderListItem } from '@lawline/contract/schemas';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { dateTimeText, durationText } from '../phone-rules.ts';

/** One order of the list: title, status, question, lawyer, call and money; tapping opens TelDetail. */
export function OrderRow({ order }: { order: OrderListItem }) {
  const unpaid = order.status === 3 && (order.payable ?? 0) > 0;
  return (
    <Link
      className="ll-card ll-order-row"
      to={paths.telDetail(order.orderId)}
      data-testid="order-row"
      data-order-id={order.orderId}
    >
      <span className="ll-order-row-head">
        <span className="ll-order-row-title">{order.title}</span>
        <span className={unpaid ? 'll-order-row-status ll-danger-text' : 'll-order-row-status'}>
          {order.statusText}
        </span>
      </span>
      <span className="ll-order-row-remark">{order.userRemark}</span>
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
  );
}
