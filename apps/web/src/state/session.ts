import type { UserInfo } from '@lawline/contract/schemas';
import { create } from 'zustand';
import { browserStorage, type KeyValueStorage, StorageKey } from '../lib/storage.ts';
import { readUrlParam } from '../lib/url.ts';

/**
 * The session (spec §3): logged in when a token came in the URL (`?token=`, then remembered) or is
 * stored locally. User info and user center are filled by the user feature.
 */
export type UserInfoData = UserInfo;
export type UserCenterData = Record<string, unknown>;

/** Something to do once the person is logged in (e.g. the coupon claim of spec §4). */
export type AfterLogin = () => void | Promise<void>;

export interface SessionState {
  token: string | null;
  userInfo: UserInfoData | null;
  userCenter: UserCenterData | null;
  loginVisible: boolean;
  /** Remembered by runAfterLogin while logged out; run by completeLogin, dropped by hideLogin. */
  pendingAfterLogin: AfterLogin | null;
  setToken(token: string | null): void;
  setUserInfo(userInfo: UserInfoData | null): void;
  setUserCenter(userCenter: UserCenterData | null): void;
  showLogin(): void;
  /** Close the popup; a remembered after-login action is dropped (the person chose not to log in). */
  hideLogin(): void;
  /**
   * Run `fn` now when logged in; otherwise remember it (replacing an earlier one), open the login
   * popup, and run it right after a successful login (spec §4: the pending coupon claim).
   */
  runAfterLogin(fn: AfterLogin): void;
  /** A login succeeded: store the token, keep the user info, close the popup, run what was pending. */
  completeLogin(userInfo: UserInfoData): void;
  /** Forget token, user info and user center (login expired, logout). */
  clear(): void;
}

/** The token at start: `?token=` in the address wins (and is stored), else the stored one. */
export function initialToken(storage: KeyValueStorage, href?: string): string | null {
  const fromUrl = readUrlParam(StorageKey.token, href)?.trim();
  if (fromUrl) {
    storage.setItem(StorageKey.token, fromUrl);
    return fromUrl;
  }
  return storage.getItem(StorageKey.token) || null;
}

async function runSafely(fn: AfterLogin): Promise<void> {
  try {
    await fn();
  } catch (error) {
    // The action shows its own errors (the API client toasts); never break the login over it.
    console.warn('[session] after-login action failed', error);
  }
}

export function createSessionStore(storage: KeyValueStorage = browserStorage(), href?: string) {
  return create<SessionState>()((set, get) => ({
    token: initialToken(storage, href),
    userInfo: null,
    userCenter: null,
    loginVisible: false,
    pendingAfterLogin: null,
    setToken: (token) => {
      if (token) storage.setItem(StorageKey.token, token);
      else storage.removeItem(StorageKey.token);
      set({ token });
    },
    setUserInfo: (userInfo) => set({ userInfo }),
    setUserCenter: (userCenter) => set({ userCenter }),
    showLogin: () => set({ loginVisible: true }),
    hideLogin: () => set({ loginVisible: false, pendingAfterLogin: null }),
    runAfterLogin: (fn) => {
      if (get().token) {
        void runSafely(fn);
        return;
      }
      set({ pendingAfterLogin: fn, loginVisible: true });
    },
    completeLogin: (userInfo) => {
      const pending = get().pendingAfterLogin;
      storage.setItem(StorageKey.token, userInfo.token);
      set({ token: userInfo.token, userInfo, loginVisible: false, pendingAfterLogin: null });
      if (pending) void runSafely(pending);
    },
    clear: () => {
      storage.removeItem(StorageKey.token);
      set({ token: null, userInfo: null, userCenter: null });
    },
  }));
}

export const useSession = createSessionStore();

export const selectLoggedIn = (state: SessionState) => Boolean(state.token);
