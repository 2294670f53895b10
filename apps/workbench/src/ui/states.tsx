import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { cx } from './cx.ts';
import styles from './states.module.css';

/** The three states every list has besides its content. */
export function Loading({ text = '加载中…' }: { text?: string }) {
  return (
    <div className={styles.state} aria-busy="true">
      <span className={styles.spinner} aria-hidden="true" />
      {text}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.state}>
      <p className={styles.title}>{title}</p>
      {children}
    </div>
  );
}

export function Failed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={cx(styles.state, styles.error)} role="alert">
      <p className={styles.title}>加载失败</p>
      <p>{message}</p>
      <Button variant="ghost" onClick={onRetry}>
        重试
      </Button>
    </div>
  );
}
