import { StepLists } from '@lawline/contract';
import type { CallOrderDetail } from '@lawline/contract/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { showToast } from '../../app/api-effects.ts';
import { paths } from '../../app/paths.ts';
import browse from '../../ui/browse.module.css';
import { EvaluationForm, EvaluationView } from '../../ui/evaluation.tsx';
import forms from '../../ui/forms.module.css';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { callOrderKey } from './api/call-order-detail.ts';
import { evaluateOrder } from './api/evaluate-order.ts';
import { orderListKey } from './api/order-list.ts';
import { tagListQuery } from './api/tags.ts';
import { OrderLawyerCard } from './components/order-lawyer.tsx';
import { OrderScreen } from './components/order-screen.tsx';
import styles from './phone.module.css';
import { durationText, fieldNameOf, redirectFor } from './phone-rules.ts';

/** The evaluation form (shared with service orders) sending order/evaluateOrder, then TelDetail. */
function EvaluationFormFor({ detail }: { detail: CallOrderDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tags = useQuery(tagListQuery('getAllEvaluate'));
  return (
    <EvaluationForm
      tags={tags}
      onSubmit={async (input) => {
        const next = await evaluateOrder({ orderId: detail.orderId, ...input });
        queryClient.setQueryData(callOrderKey(detail.orderId), next);
        void queryClient.invalidateQueries({ queryKey: orderListKey });
        showToast('感谢您的评价');
        navigate(paths.telDetail(detail.orderId), { replace: true });
      }}
    />
  );
}

function Evaluate({ detail }: { detail: CallOrderDetail }) {
  const navigate = useNavigate();
  return (
    <>
      <StepBar steps={StepLists.phoneConsult} current={3} />
      {detail.lawyer ? (
        <section className={styles.card} aria-label="咨询律师">
          <OrderLawyerCard lawyer={detail.lawyer}>
            <p className={styles.note}>
              {fieldNameOf(detail)} · 通话{durationText(detail.call?.durationSeconds)}
              {detail.bill?.freeLabel ? ` · ${detail.bill.freeLabel}` : ''}
            </p>
          </OrderLawyerCard>
        </section>
      ) : null}
      {detail.evaluation ? (
        <SectionCard title="您已评价">
          <EvaluationView evaluation={detail.evaluation} />
          <button
            type="button"
            className={forms.secondaryButton}
            onClick={() => navigate(paths.telDetail(detail.orderId), { replace: true })}
          >
            查看订单
          </button>
        </SectionCard>
      ) : detail.actions.canEvaluate ? (
        <EvaluationFormFor detail={detail} />
      ) : (
        <section className={browse.status}>
          <h2 className={browse.statusTitle}>该订单暂不能评价</h2>
          <button
            type="button"
            className={`${forms.secondaryButton} ${forms.buttonInline}`}
            onClick={() => navigate(paths.telDetail(detail.orderId))}
          >
            查看订单
          </button>
        </section>
      )}
    </>
  );
}

/** LawyerEvaluation (/LawyerEvaluation/:orderId): 1–5 stars, tags, words → order/evaluateOrder → TelDetail. */
export function LawyerEvaluationPage({ name }: PageProps) {
  return (
    <OrderScreen
      name={name}
      redirect={(detail) => redirectFor('LawyerEvaluation', detail)}
      render={(detail) => <Evaluate detail={detail} />}
    />
  );
}

export default LawyerEvaluationPage;
