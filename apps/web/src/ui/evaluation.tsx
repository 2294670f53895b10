import type { Evaluation, TagItem } from '@lawline/contract/schemas';
import Rate from 'antd-mobile/es/components/rate';
import { useRef, useState } from 'react';
import { showToast } from '../app/api-effects.ts';
import browse from './browse.module.css';
import styles from './evaluation.module.css';
import { FixedBottomBar } from './fixed-bottom-bar.tsx';
import { SectionCard } from './section-card.tsx';

/** The evaluation's limits (contract EvaluateOrderSchema: 1–5 stars, ≤ 8 tags, ≤ 300 characters). */
export const EVALUATION_MAX = 300;
export const EVALUATION_MAX_TAGS = 8;
const STAR_TEXT = ['', '非常不满意', '不满意', '一般', '满意', '非常满意'];

export type EvaluationInput = { stars: number; tagIds: number[]; content: string };

/** The tag list as a query gives it (tag/getAllEvaluate). */
export type EvaluationTags = {
  data: TagItem[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/** The star (1–5) a click landed on, from Rate's radio labels. */
function starOf(target: EventTarget): number | null {
  const label =
    target instanceof Element ? target.closest('[role="radio"]')?.getAttribute('aria-label') : null;
  const value = Number(label);
  return Number.isInteger(value) && value >= 1 && value <= 5 ? value : null;
}

export interface EvaluationFormProps {
  tags: EvaluationTags;
  /** Sends the evaluation; resolves once done (the page moves on), rejects to let the person try again. */
  onSubmit: (input: EvaluationInput) => Promise<unknown>;
  title?: string;
}

/**
 * The evaluation form of every order (phone LawyerEvaluation, service OrderEvaluate): 1–5 stars,
 * the tags of tag/getAllEvaluate, up to 300 characters, and 提交评价 in the fixed bottom bar.
 */
export function EvaluationForm({ tags, onSubmit, title = '您对本次服务满意吗？' }: EvaluationFormProps) {
  const [stars, setStars] = useState(0);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const toggleTag = (id: number) =>
    setTagIds((ids) =>
      ids.includes(id) ? ids.filter((x) => x !== id) : ids.length < EVALUATION_MAX_TAGS ? [...ids, id] : ids,
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
      await onSubmit({ stars, tagIds, content: content.trim() });
    } catch {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <>
      <SectionCard title={title}>
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
        ) : tags.isError || !tags.data ? (
          <button type="button" className={browse.linkButton} onClick={() => void tags.refetch()}>
            标签加载失败，点击重试
          </button>
        ) : (
          <fieldset className={styles.chips} aria-label="评价标签" data-testid="evaluate-tags">
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
        <p className={styles.counter}>
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

/** A given evaluation: the stars, the tags and the words. */
export function EvaluationView({ evaluation }: { evaluation: Evaluation }) {
  return (
    <div className={styles.evaluation} data-testid="evaluation">
      <Rate readOnly value={evaluation.stars} aria-label={`${evaluation.stars}星`} />
      {evaluation.tags.length > 0 ? (
        <p className={styles.chips}>
          {evaluation.tags.map((tag) => (
            <span key={tag.id} className={`${browse.chip} ${browse.chipSmall}`}>
              {tag.name}
            </span>
          ))}
        </p>
      ) : null}
      {evaluation.content ? <p className={styles.remark}>{evaluation.content}</p> : null}
    </div>
  );
}
