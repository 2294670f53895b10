import { useCallback, useEffect, useId, useLayoutEffect, useState } from 'react';
import { useBackCloses } from '../../../ui/use-back-closes.ts';
import styles from '../home.module.css';

/** The two steps of spec §4: step 0 points to the field grid, step 1 to the hot services. */
const steps = [
  {
    target: '[data-guide="fields"]',
    title: '选择咨询领域',
    text: '点击您遇到的问题类型，60秒连线专业律师，先咨询后付费。',
  },
  {
    target: '[data-guide="services"]',
    title: '热门法律服务',
    text: '律师函、见面咨询、合同审查、诉讼代理……一站办理。',
  },
] as const;

type Rect = { top: number; left: number; width: number; height: number };

const PAD = 6;

function measure(selector: string): Rect | null {
  const element = document.querySelector(selector);
  if (!element) return null;
  const r = element.getBoundingClientRect();
  return { top: r.top - PAD, left: r.left - PAD, width: r.width + PAD * 2, height: r.height + PAD * 2 };
}

/**
 * The new-user guide: a dimmed page with the step's block lit, a note and the step buttons. The tab
 * bar stays above it, so a person can still leave. 跳过 or 我知道了 ends it (the page records it).
 */
export function NewUserGuide({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState(0);
  const titleId = useId();
  // Back ends the guide as 跳过 does (issue 23: overlays close on Back).
  const leave = useBackCloses(true, onDone);
  const done = () => leave(onDone);
  const [rect, setRect] = useState<Rect | null>(null);
  const current = steps[step] ?? steps[0];

  const update = useCallback(() => setRect(measure(current.target)), [current.target]);

  useLayoutEffect(() => {
    const element = document.querySelector(current.target);
    // Scrolled to only when out of sight: a scroll repaints the page.
    element?.scrollIntoView({ block: 'nearest' });
    update();
  }, [current.target, update]);

  useEffect(() => {
    // Measured once a frame at most: a scroll sends many events, each measure forces a layout.
    let frame = 0;
    const schedule = () => {
      if (frame === 0) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          update();
        });
      }
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [update]);

  const last = step === steps.length - 1;
  const viewportHeight = typeof window === 'undefined' ? 800 : window.innerHeight;
  const below = rect ? rect.top + rect.height / 2 < viewportHeight / 2 : true;
  // Placed with transforms too (the note follows the spot while the page settles).
  const tipStyle = rect
    ? below
      ? { top: 0, transform: `translateY(${rect.top + rect.height + 12}px)` }
      : { bottom: 0, transform: `translateY(${-(viewportHeight - rect.top + 12)}px)` }
    : { top: '40%' };

  return (
    <div
      className={styles.guide}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid="new-user-guide"
      data-step={step}
    >
      {rect ? (
        <div
          className={styles.guideSpot}
          // Moved with a transform, not top/left: a moving spot is no layout shift (CLS).
          style={{
            width: rect.width,
            height: rect.height,
            transform: `translate(${rect.left}px, ${rect.top}px)`,
          }}
        />
      ) : (
        <div className={styles.guideDim} />
      )}
      <div className={styles.guideTip} style={tipStyle}>
        <p className={styles.guideStep}>
          {step + 1}/{steps.length}
        </p>
        <h2 id={titleId} className={styles.guideTitle}>
          {current.title}
        </h2>
        <p className={styles.guideText}>{current.text}</p>
        <div className={styles.guideActions}>
          {last ? (
            <button type="button" className={styles.guidePrimary} onClick={done}>
              我知道了
            </button>
          ) : (
            <>
              <button type="button" className={styles.guideSkip} onClick={done}>
                跳过
              </button>
              <button type="button" className={styles.guidePrimary} onClick={() => setStep(step + 1)}>
                下一步
              </button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

export default NewUserGuide;
