import type { ReactNode } from 'react';
import { Card } from '../../ui/card.tsx';
import styles from './panel.module.css';

/** A titled part of an order's detail (用户需求, 见面安排, 律师函稿, 案件进展 …). */
export function Panel({
  title,
  aside,
  children,
  testId,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card as="section" className={styles.panel} data-testid={testId}>
      <h3 className={styles.title}>
        {title}
        {aside ? <span className={styles.aside}>{aside}</span> : null}
      </h3>
      {children}
    </Card>
  );
}

/** A longer text the person wrote (the matter, the facts), kept as they broke it into lines. */
export function Prose({ children }: { children: ReactNode }) {
  return <p className={styles.prose}>{children}</p>;
}
