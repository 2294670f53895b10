import { StepLists } from '@lawline/contract';
import type { CallOrderDetail } from '@lawline/contract/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Rate from 'antd-mobile/es/components/rate';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../app/api-effects.ts';
import { paths } from '../../app/paths.ts';
import browse from '../../ui/browse.module.css';
import { FixedBottomBar } from '../../ui/fixed-bottom-bar.tsx';
import forms from '../../ui/forms.module.css';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { callOrderKey } from './api/call-order-detail.ts';
import { evaluateOrder } from './api/evaluate-order.ts';
import { orderListKey } from './api/order-list.ts';
import { tagListQuery } from './api/tags.ts';
import { EvaluationView } from './components/evaluation-view.tsx';
import { OrderLawyerCard } from './components/order-lawyer.tsx';
import { OrderScreen } from './components/order-screen.tsx';
import styles from './phone.module.css';
import { durationText, fieldNameOf, redirectFor } from './phone-rules.ts';

export const EVALUATION_MAX = 300;
const MAX_TAGS = 8;
const STAR_TEXT = ['', '非常不满意', '不满意', '一般', '满意', '非常满意'];

/** The star (1–5) a click landed on, from Rate's radio labels. */
function starOf(target: EventTarget): number | null {
  const label =
    target instanceof Element ? target.closest('[role="radio"]')?.getAttribute('aria-label') : null;
  const value = Number(label);
  return Number.isInteger(value) && value >= 1 && value <= 5 ? value : null;
}

function EvaluationForm({ detail }: { detail: CallOrderDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tags = useQuery(tagListQuery('getAllEvaluate'));
  const [stars, setStars] = useState(0);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const toggleTag = (id: number) =>
    setTagIds((ids) =>
      ids.includes(id) ? ids.filter((x) => x !== id) : ids.length < MAX_TAGS ? [...ids, id] : ids,
    );

  const submit = async () => {
    if (busyRef.current) return;
    if (stars < 1) {
      showToast('请选择1–5星评分');
      return;
    }
    if (content.trim().length > EVALUATION_MAX) {
      showToast(`评价内容最多${EVALUATION_MAX}个字`);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const next = await evaluateOrder({ orderId: detail.orderId, stars, tagIds, content: content.trim() });
      queryClient.setQueryData(callOrderKey(detail.orderId), next);
      void queryClient.invalidateQueries({ queryKey: orderListKey });
      showToast('感谢您的评价');
      navigate(paths.telDetail(detail.orderId), { replace: true });
    } catch {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <>
      <SectionCard title="您对本次服务满意吗？">
        <div className={styles.rateRow} data-testid="rate">
          {/* antd-mobile's Rate follows touches only; a mouse click picks the star it lands on. */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer fallback over Rate's own radios. */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: same; the stars are Rate's radios. */}
          <div onClick={(event) => setStars((value) => starOf(event.target) ?? value)}>
            <Rate value={stars} onChange={setStars} allowClear={false} aria-label="评分" />
          </div>
          <span className={styles.note} data-testid="rate-text">
            {STAR_TEXT[stars] ?? ''}
          </span>
        </div>
        {tags.isPending ? (
          <p className={styles.note}>标签加载中…</p>
        ) : tags.isError ? (
          <button type="button" className={browse.linkButton} onClick={() => void tags.refetch()}>
            标签加载失败，点击重试
          </button>
        ) : (
          <fieldset
            className={`${styles.chips} ${styles.chipsWrap}`}
            aria-label="评价标签"
            data-testid="evaluate-tags"
          >
            {tags.data.map((tag) => (
              <button
                key={tag.id}
                type="button"
                className={browse.chip}
                aria-pressed={tagIds.includes(tag.id)}
                onClick={() => toggleTag(tag.id)}
              >
                {tag.name}
              </button>
            ))}
          </fieldset>
        )}
        <label className={styles.fieldArea}>
          <span className={styles.visuallyHidden}>评价内容（选填）</span>
          <textarea
            className={styles.areaInput}
            name="content"
            rows={4}
            maxLength={EVALUATION_MAX}
            placeholder="说说律师的服务吧（选填，300字以内）"
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
        </label>
        <p className={`${styles.counter} ${styles.alignEnd}`}>
          {content.trim().length}/{EVALUATION_MAX}
        </p>
      </SectionCard>
      <FixedBottomBar
        buttonText={busy ? '提交中…' : '提交评价'}
        loading={busy}
        onClick={() => void submit()}
        testId="evaluate-bar"
      />
    </>
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
        <EvaluationForm detail={detail} />
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
