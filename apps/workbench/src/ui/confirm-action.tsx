import { type ReactNode, useState } from 'react';
import { Button, type ButtonVariant } from './button.tsx';
import styles from './confirm-action.module.css';

/**
 * A step that cannot be undone (mark held, finalise a letter, close a case): the first tap asks,
 * with what will happen, and 确认 takes it.
 */
export function ConfirmAction({
  label,
  question,
  confirmLabel = '确认',
  variant = 'primary',
  confirmVariant = variant,
  busy,
  onConfirm,
  children,
}: {
  label: string;
  question: string;
  confirmLabel?: string;
  variant?: ButtonVariant;
  /** The look of 确认 (e.g. danger), when it differs from the first button's. */
  confirmVariant?: ButtonVariant;
  busy: boolean;
  onConfirm: () => void;
  /** More to fill in before confirming (e.g. a note). */
  children?: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant={variant} block onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <div className={styles.ask}>
      <p className={styles.question}>{question}</p>
      {children}
      <div className={styles.actions}>
        <Button variant="ghost" disabled={busy} onClick={() => setAsking(false)}>
          取消
        </Button>
        <Button variant={confirmVariant} disabled={busy} onClick={onConfirm}>
          {busy ? '提交中…' : confirmLabel}
        </Button>
      </div>
    </div>
  );
}
