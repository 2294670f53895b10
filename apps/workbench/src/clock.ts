import { useEffect, useState } from 'react';

/**
 * The server's clock as seen from here. Offers carry `expiresAt` and calls `startedAt` in the
 * server's epoch ms; a phone whose clock is off would show a wrong countdown. The offset is
 * estimated from answers that carry both an instant and the seconds left to it.
 */
let offsetMs = 0;

/** `serverNow` is an estimate of the server's clock at the time the answer arrived. */
export function observeServerTime(serverNow: number): void {
  const offset = serverNow - Date.now();
  // Within a second is measurement noise (secondsLeft is rounded up): keep the phone's clock.
  offsetMs = Math.abs(offset) > 1500 ? offset : 0;
}

export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Re-renders every `intervalMs` while `active`, answering the server's current time. */
export function useServerNow(active = true, intervalMs = 250): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!active) return;
    setNow(serverNow());
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}
