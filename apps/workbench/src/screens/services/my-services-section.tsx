import type { LawyerServiceItem } from '@lawline/contract/schemas';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../api.ts';
import { timeText } from '../../format.ts';
import { type ServiceTab, useServiceOrders } from '../../lawyer/use-service-orders.ts';
import { paths } from '../../route.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { Section } from '../../ui/section.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { Empty, Failed, Loading } from '../../ui/states.tsx';
import { Tag } from '../../ui/tag.tsx';
import styles from './my-services-section.module.css';

const finishedStates: readonly string[] = ['delivered', 'to_evaluate', 'evaluated'];

function statusTone(item: LawyerServiceItem) {
  if (item.state === 'cancelled') return 'muted' as const;
  if (finishedStates.includes(item.state)) return 'success' as const;
  return 'warm' as const;
}

/** This lawyer's service orders, 进行中 / 已完成, each opening its detail; the open one is marked. */
export function MyServicesSection({ openId }: { openId: string | null }) {
  const [tab, setTab] = useState<ServiceTab>('active');
  const orders = useServiceOrders(tab);
  const items = orders.data?.pages.flatMap((page) => page.list) ?? [];
  const total = orders.data?.pages[0]?.total ?? 0;

  let body: ReactNode;
  if (orders.isPending) body = <Loading />;
  else if (orders.isError && items.length === 0)
    body = <Failed message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} />;
  else if (items.length === 0)
    body = (
      <Empty title={tab === 'active' ? '没有进行中的服务订单' : '还没有已完成的服务订单'}>
        <p>
          {tab === 'active' ? '接单后，订单和下一步要做的事会显示在这里。' : '完成的订单和收入会显示在这里。'}
        </p>
      </Empty>
    );
  else
    body = (
      <>
        <ul className={styles.list} data-testid="service-orders">
          {items.map((item) => (
            <li key={item.orderId}>
              <a
                href={paths.service(item.orderId)}
                className={cx(styles.item, item.orderId === openId && styles.open)}
                aria-current={item.orderId === openId ? 'page' : undefined}
                data-order-id={item.orderId}
              >
                <span className={styles.head}>
                  <Tag tone="field">{item.title}</Tag>
                  <Tag tone={statusTone(item)}>{item.statusText}</Tag>
                  <span className={styles.time}>{timeText(item.updatedAt)}</span>
                </span>
                <span className={styles.summary}>{item.summary}</span>
                {item.nextStep ? (
                  <span className={styles.next} data-testid="service-next-step">
                    下一步：{item.nextStep}
                  </span>
                ) : null}
              </a>
            </li>
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
        ) : null}
      </>
    );

  return (
    <Section id="my-services-title" title="我的服务订单" note={total > 0 ? `（共${total}单）` : undefined}>
      <Segmented
        label="订单状态"
        value={tab}
        onChange={setTab}
        options={[
          { value: 'active', label: '进行中' },
          { value: 'done', label: '已完成' },
        ]}
      />
      {body}
    </Section>
  );
}
