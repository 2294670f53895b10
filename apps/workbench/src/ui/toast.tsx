import { useSyncExternalStore } from 'react';
import styles from './toast.module.css';

/** One short message at a time, at the bottom of the screen (role=status, so readers hear it). */
type ToastState = { id: number; text: string } | null;

let current: ToastState = null;
let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function toast(text: string, ms = 2000): void {
  seq += 1;
  current = { id: seq, text };
  clearTimeout(timer);
  timer = setTimeout(() => {
    current = null;
    emit();
  }, ms);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ToastHost() {
  const state = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return (
    <div className={styles.host} role="status" aria-live="polite">
      {state ? (
        <div key={state.id} className={styles.toast}>
          {state.text}
        </div>
      ) : null}
    </div>
  );
}
