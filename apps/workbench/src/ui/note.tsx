import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './note.module.css';

/** A small secondary line of explanation under a form or a card. */
export function Note({ className, children }: { className?: string; children: ReactNode }) {
  return <p className={cx(styles.note, className)}>{children}</p>;
}
