import { Timing } from '@lawline/contract';

/**
 * The get-code link's countdown (spec §4): idle → after a code is sent it counts 60, 59, … once a
 * second → idle again. Framework-free so it can be tested with fake timers; `useCountdown` wraps it.
 */

export const GET_CODE_LABEL = '获取验证码';
export const SENDING_LABEL = '发送中…';

/** The link text: 已发送(n秒) while counting, else 获取验证码. */
export function countdownLabel(secondsLeft: number): string {
  return secondsLeft > 0 ? `已发送(${secondsLeft}秒)` : GET_CODE_LABEL;
}

export interface Countdown {
  /** Seconds left; 0 when idle. */
  readonly left: number;
  /** Start (or restart) counting down from `seconds`. */
  start(seconds?: number): void;
  /** Back to idle at once (a failed send re-enables the link). */
  reset(): void;
  /** Be told of every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export function createCountdown(defaultSeconds: number = Timing.smsCountdownS): Countdown {
  let left = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  return {
    get left() {
      return left;
    },
    start(seconds = defaultSeconds) {
      stop();
      left = Math.max(0, Math.floor(seconds));
      emit();
      if (left === 0) return;
      timer = setInterval(() => {
        left -= 1;
        if (left <= 0) {
          left = 0;
          stop();
        }
        emit();
      }, 1000);
    },
    reset() {
      stop();
      if (left !== 0) {
        left = 0;
        emit();
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
