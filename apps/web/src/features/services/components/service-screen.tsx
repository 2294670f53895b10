import type { PageName, ServiceKind } from '@lawline/contract';
import type { ServiceOrderDetail } from '@lawline/contract/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SkeletonRows } from '../../../ui/list-states.tsx';
import { PageShell } from '../../../ui/page-shell.tsx';
import { RequireLogin } from '../../../ui/require-login.tsx';
import { useServiceOrder } from '../hooks/use-service-order.ts';
import { isServiceOrderId, serviceKindParam } from '../service-rules.ts';
import styles from '../services.module.css';
import { ServiceProblem } from './service-problem.tsx';

export interface ServiceScreenProps {
  name: PageName;
  /**
   * The kind this page shows (FaceDetail: faceConsult); null: the route's second part says it
   * (`/OrderEvaluate/S…/faceConsult`), else it is found by asking.
   */
  kind: ServiceKind | null;
  /** The screen for the loaded order. */
  render: (detail: ServiceOrderDetail, query: UseQueryResult<ServiceOrderDetail>) => ReactNode;
  /** Another screen for this order (replaces this one in history), or null to stay. */
  redirect?: (detail: ServiceOrderDetail) => string | null;
  title?: string;
}

/**
 * The frame of every screen of one service order (`/Name/:orderId[/:kind]`): logged in first, the
 * id checked, a skeleton while it loads, the server's message (404 订单不存在 for another person's
 * order) with a retry and a way on, then the screen — kept fresh by useServiceOrder.
 */
export function ServiceScreen({ name, title, ...rest }: ServiceScreenProps) {
  return (
    <PageShell name={name} title={title} className={styles.services}>
      <RequireLogin>
        <FromRoute {...rest} />
      </RequireLogin>
    </PageShell>
  );
}

function FromRoute({ kind, ...rest }: Omit<ServiceScreenProps, 'name' | 'title'>) {
  const { id, sub } = useParams();
  if (!id) return <ServiceProblem message="缺少订单号" />;
  if (!isServiceOrderId(id)) return <ServiceProblem message="订单不存在" />;
  return <Loaded key={id} orderId={id} kind={kind ?? serviceKindParam(sub)} {...rest} />;
}

function Loaded({
  orderId,
  kind,
  render,
  redirect,
}: Omit<ServiceScreenProps, 'name' | 'title'> & { orderId: string }) {
  const navigate = useNavigate();
  const query = useServiceOrder(orderId, kind);
  const target = query.data && redirect ? redirect(query.data) : null;
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
  if (query.isPending) return <SkeletonRows rows={4} label="订单加载中" />;
  if (query.isError && !query.data) {
    return <ServiceProblem error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (target || !query.data) return <SkeletonRows rows={4} label="正在跳转" />;
  return <>{render(query.data, query)}</>;
}
