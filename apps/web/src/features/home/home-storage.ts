import { browserStorage, type KeyValueStorage, memoryStorage } from '../../lib/storage.ts';

let sessionFallback: KeyValueStorage | null = null;

/** sessionStorage when usable (once-per-session flags), else memory for this page load. */
export function sessionFlags(): KeyValueStorage {
  try {
    const storage = globalThis.sessionStorage;
    if (storage) {
      storage.setItem('__ll_probe__', '1');
      storage.removeItem('__ll_probe__');
      return storage;
    }
  } catch {
    // fall through
  }
  sessionFallback ??= memoryStorage();
  return sessionFallback;
}

/** localStorage (or memory) for what a visitor's device remembers. */
export function deviceFlags(): KeyValueStorage {
  return browserStorage();
}
