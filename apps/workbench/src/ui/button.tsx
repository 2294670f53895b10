import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';
import { cx } from './cx.ts';

export type ButtonVariant = 'primary' | 'danger' | 'ghost' | 'text';

/** The workbench's one button: at least 44 px high, in one of four looks; `type` is 'button' unless given. */
export function Button({
  variant = 'primary',
  block = false,
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; block?: boolean }) {
  return (
    <button
      type={type}
      className={cx(styles.button, styles[variant], block && styles.block, className)}
      {...rest}
    />
  );
}
