import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cx } from './cx.ts';
import styles from './field.module.css';

/** What a control needs to be tied to its label, hint and error. */
export type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean };

/**
 * A labelled form control: the label above, then the control, a hint (what is expected) and the
 * control's own error (role=alert), both read with the control. `count` shows how much of `max`
 * is used (for long texts). The control is rendered by `children` with the props that tie it.
 */
export function Field({
  label,
  hint,
  error,
  count,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  count?: { used: number; max: number };
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {count ? (
          <span className={cx(styles.count, count.used > count.max && styles.over)}>
            {count.used}/{count.max}
          </span>
        ) : null}
      </div>
      {children({
        id,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })}
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function Input({ className, ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cx(styles.control, className)} {...rest} />;
}

export function TextArea({ className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cx(styles.control, styles.textarea, className)} {...rest} />;
}

export function Select({ className, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cx(styles.control, styles.select, className)} {...rest} />;
}

/** The server's answer to a form (a refused step), in words the lawyer can act on. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  ) : null;
}
