import type { PageName } from '@lawline/contract';
import type { CallOrderDetail } from '@lawline/contract/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SkeletonRows } from '../../../ui/list-states.tsx';
import { PageShell } from '../../../ui/page-shell.tsx';
import { RequireLogin } from '../../../ui/require-login.tsx';
import { useCallOrder } from '../hooks/use-call-order.ts';
import styles from '../phone.module.css';
import { isCallOrderId } from '../phone-rules.ts';
import { OrderProblem } from './order-problem.tsx';

export interface OrderScreenProps {
  name: PageName;
  /** The screen for the loaded order. */
  render: (detail: CallOrderDetail, query: UseQueryResult<CallOrderDetail>) => ReactNode;
  /** Keep asking every 2 s while this says so. */
  poll?: (detail: CallOrderDetail) => boolean;
  /** Another screen for this order's state (replaces this one in history), or null to stay. */
  redirect?: (detail: CallOrderDetail) => string | null;
  className?: string;
}

/**
 * The frame of every screen of one call order (`/Name/:orderId`): logged in first, the id checked,
 * a skeleton while it loads, the server's message (404 订单不存在 for another person's order) with a
 * way home, and a move to the screen the order's state calls for.
 */
export function OrderScreen({ name, className, ...rest }: OrderScreenProps) {
  return (
    <PageShell name={name} className={className ? `${styles.phone} ${className}` : styles.phone}>
      <RequireLogin>
        <OrderFromRoute {...rest} />
      </RequireLogin>
    </PageShell>
  );
}

function OrderFromRoute(props: Omit<OrderScreenProps, 'name' | 'className'>) {
  const { id } = useParams();
  if (!id) return <OrderProblem message="缺少订单号" />;
  if (!isCallOrderId(id)) return <OrderProblem message="订单不存在" />;
  return <LoadedOrder key={id} orderId={id} {...props} />;
}

function LoadedOrder({
  orderId,
  render,
  poll,
  redirect,
}: Omit<OrderScreenProps, 'name' | 'className'> & { orderId: string }) {
  const navigate = useNavigate();
  const query = useCallOrder(orderId, { poll });
  const target = query.data && redirect ? redirect(query.data) : null;
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
  if (query.isPending) return <SkeletonRows rows={4} label="订单加载中" />;
  if (query.isError && !query.data)
    return <OrderProblem error={query.error} onRetry={() => void query.refetch()} />;
  if (target || !query.data) return <SkeletonRows rows={4} label="正在跳转" />;
  return <>{render(query.data, query)}</>;
}
