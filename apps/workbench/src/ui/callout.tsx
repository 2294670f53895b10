import type { ReactNode } from 'react';
import styles from './callout.module.css';
import { cx } from './cx.ts';

export type CalloutTone = 'info' | 'warning' | 'success' | 'muted';

/** Where an order stands and what the lawyer should do about it, framed by its tone. */
export function Callout({
  tone = 'info',
  title,
  children,
  testId,
}: {
  tone?: CalloutTone;
  title: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={cx(styles.callout, styles[tone])} data-testid={testId}>
      <p className={styles.title}>{title}</p>
      {children ? <div className={styles.body}>{children}</div> : null}
    </div>
  );
}
