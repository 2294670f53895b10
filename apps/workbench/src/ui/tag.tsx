import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './tag.module.css';

export type TagTone = 'field' | 'info' | 'warm' | 'requested' | 'success' | 'muted';

/** A short label: the consult field, the lawyer's level, 老客户, 指定您, a service order's status. */
export function Tag({
  tone,
  className,
  children,
  testId,
}: {
  tone: TagTone;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span className={cx(styles.tag, styles[tone], className)} data-testid={testId}>
      {children}
    </span>
  );
}
