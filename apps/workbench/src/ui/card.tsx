import type { HTMLAttributes } from 'react';
import styles from './card.module.css';
import { cx } from './cx.ts';

/** A white section card (offer, call, stats, a finished order). */
export function Card({
  as: Tag = 'div',
  className,
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: 'div' | 'article' | 'section' | 'li' }) {
  return <Tag className={cx(styles.card, className)} {...rest} />;
}
