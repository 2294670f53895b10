import { cx } from './cx.ts';
import styles from './steps.module.css';

/** A step bar: the steps before `current` are done, `current` is now (current = length: all done). */
export function Steps({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className={styles.steps} aria-label="服务进度">
      {steps.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'now' : 'todo';
        return (
          <li
            key={step}
            className={cx(styles.step, styles[state])}
            aria-current={state === 'now' ? 'step' : undefined}
          >
            <span className={styles.dot} aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className={styles.name}>{step}</span>
          </li>
        );
      })}
    </ol>
  );
}
