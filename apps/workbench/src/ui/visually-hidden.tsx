import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/** Text for screen readers only (a legend, the page's level-one heading). */
export function VisuallyHidden({
  as: Tag = 'span',
  children,
}: {
  as?: 'span' | 'legend' | 'h1';
  children: ReactNode;
}) {
  return <Tag className={styles.hidden}>{children}</Tag>;
}
