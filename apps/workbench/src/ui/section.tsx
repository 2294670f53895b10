import type { ReactNode } from 'react';
import styles from './section.module.css';

/** A titled part of the workbench: 新订单 (with a count badge), 当前订单, 已完成通话 (with a note). */
export function Section({
  id,
  title,
  badge,
  note,
  children,
}: {
  id: string;
  title: string;
  badge?: number;
  note?: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {title}
        {badge ? <span className={styles.badge}>{badge}</span> : null}
        {note ? <span className={styles.note}>{note}</span> : null}
      </h2>
      {children}
    </section>
  );
}
