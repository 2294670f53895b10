import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './facts.module.css';

export type Fact = { label: string; value: ReactNode; testId?: string; tone?: 'success' };

/** Label–value pairs (所在地区, 期望时间, 时长, 我的收入…), in rows or in a two-column grid. */
export function Facts({ items, layout = 'rows' }: { items: Fact[]; layout?: 'rows' | 'grid' }) {
  return (
    <dl className={cx(styles.facts, layout === 'grid' && styles.grid)}>
      {items.map((item) => (
        <div key={item.label} className={styles.fact}>
          <dt className={styles.label}>{item.label}</dt>
          <dd className={cx(styles.value, item.tone && styles[item.tone])} data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
