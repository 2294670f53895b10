import { useCallback, useState } from 'react';

/** A random v4 UUID; crypto.getRandomValues where randomUUID is missing (plain http on a phone). */
export function newUuid(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof c?.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function sessionGet(key: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function sessionSet(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, value);
  } catch {
    // refused (private mode): the id lives as long as the page
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One request id per form visit (issue 14: double taps create one order): every submit of this
 * visit sends the same id, so the server answers the order it already made. With `storageKey` the
 * id is kept in sessionStorage, so a reload after a submit whose answer was lost is the same order
 * too. `renew` starts a new one — once the order was made (call it before leaving the form).
 */
export function useRequestId(storageKey?: string): { requestId: string; renew: () => void } {
  const [requestId, setRequestId] = useState(() => {
    const kept = storageKey ? sessionGet(storageKey) : null;
    if (kept && UUID.test(kept)) return kept;
    const fresh = newUuid();
    if (storageKey) sessionSet(storageKey, fresh);
    return fresh;
  });
  const renew = useCallback(() => {
    const fresh = newUuid();
    if (storageKey) sessionSet(storageKey, fresh);
    setRequestId(fresh);
  }, [storageKey]);
  return { requestId, renew };
}
