import type { ServiceOrderDetail } from '@lawline/contract/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { showToast } from '../../app/api-effects.ts';
import { paths } from '../../app/paths.ts';
import { ME_QUERY_KEY } from '../../app/session-boot.ts';
import { EvaluationForm } from '../../ui/evaluation.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { evaluateServiceOrder } from './api/evaluate-service-order.ts';
import { evaluationTagsQuery } from './api/evaluation-tags.ts';
import { ServiceLawyer } from './components/service-lawyer.tsx';
import { ServiceScreen } from './components/service-screen.tsx';
import { ServiceStepBar } from './components/service-step-bar.tsx';
import { useSetServiceOrder } from './hooks/use-service-order.ts';
import styles from './services.module.css';

function Evaluate({ detail }: { detail: ServiceOrderDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setOrder = useSetServiceOrder();
  const tags = useQuery(evaluationTagsQuery());
  return (
    <div className={styles.services} data-testid="order-evaluate" data-order-id={detail.orderId}>
      <ServiceStepBar kind={detail.kind} state={detail.state} />
      <SectionCard title={detail.title}>
        {detail.lawyer ? (
          <ServiceLawyer lawyer={detail.lawyer}>
            <p className={styles.note}>{detail.statusText}</p>
          </ServiceLawyer>
        ) : (
          <p className={styles.note}>{detail.statusText}</p>
        )}
      </SectionCard>
      <EvaluationForm
        tags={tags}
        title="您对律师的服务满意吗？"
        onSubmit={async (input) => {
          const next = await evaluateServiceOrder({ orderId: detail.orderId, ...input });
          setOrder(next);
          void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
          showToast('感谢您的评价');
          navigate(paths.serviceDetail(next.kind, next.orderId), { replace: true });
        }}
      />
    </div>
  );
}

/**
 * OrderEvaluate (/OrderEvaluate/:orderId[/:kind]): a service order's evaluation — 1–5 stars, the
 * tags of tag/getAllEvaluate, words — through order/evaluateOrder (which moves the lawyer's rating
 * as phone evaluations do), then back to the order's detail page. An order that cannot be
 * evaluated (already evaluated, not delivered) opens its detail page instead.
 */
export function OrderEvaluatePage({ name }: PageProps) {
  return (
    <ServiceScreen
      name={name}
      kind={null}
      redirect={(detail) =>
        detail.actions.evaluate ? null : paths.serviceDetail(detail.kind, detail.orderId)
      }
      render={(detail) => <Evaluate detail={detail} />}
    />
  );
}

export default OrderEvaluatePage;
