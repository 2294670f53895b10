import type { ReactNode } from 'react';
import { errorMessage } from '../api.ts';
import { durationText, fieldText, timeText, yuanText } from '../format.ts';
import { useOrders } from '../lawyer/use-orders.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Facts } from '../ui/facts.tsx';
import { Section } from '../ui/section.tsx';
import { Empty, Failed, Loading } from '../ui/states.tsx';
import { Tag } from '../ui/tag.tsx';
import styles from './orders-section.module.css';

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
        <ul className={styles.orders} data-testid="orders">
          {items.map((order) => (
            <Card as="li" key={order.orderId} className={styles.order} data-order-id={order.orderId}>
              <div className={styles.head}>
                <Tag tone="field">{fieldText(order.consultField)}</Tag>
                <span className={styles.status}>{order.statusText}</span>
              </div>
              <p className={styles.question}>{order.userRemark}</p>
              <Facts
                layout="grid"
                items={[
                  { label: '时间', value: timeText(order.endedAt ?? order.createdAt) },
                  { label: '时长', value: durationText(order.durationSeconds), testId: 'order-duration' },
                  { label: '订单金额', value: yuanText(order.amount) },
                  {
                    label: '我的收入',
                    value: yuanText(order.earnings),
                    testId: 'order-earnings',
                    tone: 'success',
                  },
                ]}
              />
              <p className={styles.foot}>
                {order.customerName}
                {order.stars !== null ? ` · 评价 ${'★'.repeat(order.stars)}` : ''}
              </p>
            </Card>
          ))}
        </ul>
        {orders.hasNextPage ? (
          <Button
            variant="ghost"
            block
            disabled={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
          >
            {orders.isFetchingNextPage ? '加载中…' : '加载更多'}
          </Button>
        ) : (
          <p className={styles.end}>没有更多了</p>
        )}
      </>
    );

  return (
    <Section id="orders-title" title="已完成通话" note={total > 0 ? `（共${total}单）` : undefined}>
      {body}
    </Section>
  );
}
