import { OrderListTabs } from '@lawline/contract';
import type { OrderListItem } from '@lawline/contract/schemas';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Tabs from 'antd-mobile/es/components/tabs';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import forms from '../../ui/forms.module.css';
import { InfiniteList } from '../../ui/infinite-list.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { orderCountQuery, orderListQuery } from './api/order-list.ts';
import { OrderRow } from './components/order-row.tsx';
import styles from './phone.module.css';
import { emptyTabText, type OrderTabKey, tabIndexOf, tabKeyOf } from './phone-rules.ts';

function TabOrders({ tab }: { tab: OrderTabKey }) {
  const navigate = useNavigate();
  const query = useInfiniteQuery(orderListQuery(tab));
  const empty = query.isSuccess && (query.data.pages[0]?.list.length ?? 0) === 0;
  return (
    <div className={styles.orderList} data-testid={`orders-${tab}`}>
      <InfiniteList<OrderListItem>
        query={query}
        keyOf={(order) => order.orderId}
        renderItem={(order) => <OrderRow order={order} />}
        emptyText={emptyTabText[tab]}
        label={`${OrderListTabs.find((t) => t.key === tab)?.title ?? ''}订单`}
      />
      {empty ? (
        <div className={`${styles.actions} ${styles.actionsCenter}`}>
          <button
            type="button"
            className={`${forms.primaryButton} ${forms.buttonInline}`}
            onClick={() => navigate(paths.home())}
          >
            去咨询律师
          </button>
        </div>
      ) : null}
    </div>
  );
}

function Orders() {
  const [params, setParams] = useSearchParams();
  const index = tabIndexOf(params.get('index'));
  const tab = tabKeyOf(index);
  const counts = useQuery(orderCountQuery());
  return (
    <>
      <Tabs
        className={styles.orderTabs}
        activeKey={tab}
        onChange={(key) => {
          const next = OrderListTabs.findIndex((t) => t.key === key);
          setParams(next > 0 ? { index: String(next) } : {}, { replace: true });
        }}
      >
        {OrderListTabs.map((t) => {
          const count = counts.data?.[t.key] ?? 0;
          return (
            <Tabs.Tab
              key={t.key}
              title={
                <span data-testid={`tab-${t.key}`}>
                  {t.title}
                  {count > 0 && t.key !== 'finished' && t.key !== 'cancelled' ? (
                    <span className={styles.tabCount}>
                      {count}
                      <span className={styles.visuallyHidden}>个</span>
                    </span>
                  ) : null}
                </span>
              }
            />
          );
        })}
      </Tabs>
      <TabOrders key={tab} tab={tab} />
    </>
  );
}

/**
 * OrderList (/OrderList?index=): tabs 进行中 / 待支付 / 已完成 / 已取消 (spec §4; `?index=1` opens the
 * unpaid ones), each an infinite list over order/list-new; a row opens TelDetail.
 */
export function OrderListPage({ name }: PageProps) {
  return (
    <PageShell name={name} className={styles.phone}>
      <RequireLogin>
        <Orders />
      </RequireLogin>
    </PageShell>
  );
}

export default OrderListPage;
