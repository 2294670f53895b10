import { cx } from './cx.ts';
import styles from './segmented.module.css';
import { VisuallyHidden } from './visually-hidden.tsx';

export type SegmentOption<V extends string> = { value: V; label: string; count?: number };

/** A row of toggle buttons choosing one view (全部 / 见面咨询 …, 进行中 / 已完成); each 44 px high. */
export function Segmented<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** What is being chosen, for screen readers. */
  label: string;
  options: readonly SegmentOption<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className={styles.segmented}>
      <VisuallyHidden as="legend">{label}</VisuallyHidden>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          className={cx(styles.segment, option.value === value && styles.on)}
          onClick={() => onChange(option.value)}
        >
          {option.label}
          {option.count !== undefined ? <span className={styles.count}>{option.count}</span> : null}
        </button>
      ))}
    </fieldset>
  );
}
