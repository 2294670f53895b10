import { useSyncExternalStore } from 'react';

/**
 * The workbench session: the lawyer token, kept apart from the consumer app's `token` key so the
 * two never mix on a shared device, and a notice for the login screen (why the session ended).
 */
export const WORKBENCH_TOKEN_KEY = 'll.workbench.token';

type SessionState = { token: string | null; notice: string | null };

function readToken(): string | null {
  try {
    return localStorage.getItem(WORKBENCH_TOKEN_KEY);
  } catch {
    return null;
  }
}

let state: SessionState = { token: readToken(), notice: null };
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const session = {
  get: (): SessionState => state,
  token: (): string | null => state.token,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(token: string): void {
    try {
      localStorage.setItem(WORKBENCH_TOKEN_KEY, token);
    } catch {
      // Private mode: the session lasts as long as the page.
    }
    set({ token, notice: null });
  },
  /** Forgets the token; `notice` is shown on the login screen (expired, refused, logged out). */
  signOut(notice: string | null = null): void {
    try {
      localStorage.removeItem(WORKBENCH_TOKEN_KEY);
    } catch {
      // nothing stored
    }
    set({ token: null, notice });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
