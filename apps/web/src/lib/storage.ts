/** The slice of the Web Storage API the app uses; tests inject an in-memory one. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  readonly data: Map<string, string>;
} {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, String(value));
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

let fallback: KeyValueStorage | null = null;

/** localStorage when the browser lets us use it (private modes may throw), else memory. */
export function browserStorage(): KeyValueStorage {
  try {
    const storage = globalThis.localStorage;
    if (storage) {
      const probe = '__lawline_probe__';
      storage.setItem(probe, '1');
      storage.removeItem(probe);
      return storage;
    }
  } catch {
    // fall through to memory
  }
  fallback ??= memoryStorage();
  return fallback;
}

/** Storage keys, one place. */
export const StorageKey = {
  token: 'token',
  channel: 'channel',
} as const;
