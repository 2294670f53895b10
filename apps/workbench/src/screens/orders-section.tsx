import type { ReactNode } from 'react';
import { errorMessage } from '../api.ts';
import { durationText, timeText, yuanText } from '../format.ts';
import { useOrders } from '../lawyer/use-orders.ts';
import { Empty, Failed, Loading } from '../ui/states.tsx';

/** Finished calls: when, how long, what the call was worth and the lawyer's share. */
export function OrdersSection() {
  const orders = useOrders();
  const items = orders.data?.pages.flatMap((page) => page.list) ?? [];
  const total = orders.data?.pages[0]?.total ?? 0;

  let body: ReactNode;
  if (orders.isPending) body = <Loading />;
  else if (orders.isError && items.length === 0)
    body = <Failed message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} />;
  else if (items.length === 0)
    body = (
      <Empty title="还没有已完成的通话">
        <p>完成的通话和收入会显示在这里。</p>
      </Empty>
    );
  else
    body = (
      <>
        <ul className="orders" data-testid="orders">
          {items.map((order) => (
            <li key={order.orderId} className="card order" data-order-id={order.orderId}>
              <div className="order-head">
                <span className="field-tag">{order.consultFieldName || '综合咨询'}</span>
                <span className="order-status">{order.statusText}</span>
              </div>
              <p className="order-question">{order.userRemark}</p>
              <dl className="facts facts-row">
                <div>
                  <dt>时间</dt>
                  <dd>{timeText(order.endedAt ?? order.createdAt)}</dd>
                </div>
                <div>
                  <dt>时长</dt>
                  <dd data-testid="order-duration">{durationText(order.durationSeconds)}</dd>
                </div>
                <div>
                  <dt>订单金额</dt>
                  <dd>{yuanText(order.amount)}</dd>
                </div>
                <div>
                  <dt>我的收入</dt>
                  <dd className="earn" data-testid="order-earnings">
                    {yuanText(order.earnings)}
                  </dd>
                </div>
              </dl>
              <p className="order-foot">
                {order.customerName}
                {order.stars !== null ? ` · 评价 ${'★'.repeat(order.stars)}` : ''}
              </p>
            </li>
          ))}
        </ul>
        {orders.hasNextPage ? (
          <button
            type="button"
            className="btn btn-ghost btn-block"
            disabled={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
          >
            {orders.isFetchingNextPage ? '加载中…' : '加载更多'}
          </button>
        ) : (
          <p className="list-end">没有更多了</p>
        )}
      </>
    );

  return (
    <section className="section" aria-labelledby="orders-title">
      <h2 id="orders-title" className="section-title">
        已完成通话{total > 0 ? <span className="muted">（共{total}单）</span> : null}
      </h2>
      {body}
    </section>
  );
}
