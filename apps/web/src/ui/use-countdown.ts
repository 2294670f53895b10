import { useEffect, useState, useSyncExternalStore } from 'react';
import { type Countdown, createCountdown } from '../lib/countdown.ts';

/** The SMS countdown as a hook: `left` seconds (0 = idle), `start()`, `reset()`. Stops on unmount. */
export function useCountdown(seconds?: number): Pick<Countdown, 'start' | 'reset'> & { left: number } {
  const [countdown] = useState(() => createCountdown(seconds));
  const left = useSyncExternalStore(
    countdown.subscribe,
    () => countdown.left,
    () => 0,
  );
  useEffect(() => () => countdown.reset(), [countdown]);
  return { left, start: countdown.start, reset: countdown.reset };
}
