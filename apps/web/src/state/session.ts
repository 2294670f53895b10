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

export interface SessionState {
  token: string | null;
  userInfo: UserInfoData | null;
  userCenter: UserCenterData | null;
  loginVisible: boolean;
  setToken(token: string | null): void;
  setUserInfo(userInfo: UserInfoData | null): void;
  setUserCenter(userCenter: UserCenterData | null): void;
  showLogin(): void;
  hideLogin(): void;
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

export function createSessionStore(storage: KeyValueStorage = browserStorage(), href?: string) {
  return create<SessionState>()((set) => ({
    token: initialToken(storage, href),
    userInfo: null,
    userCenter: null,
    loginVisible: false,
    setToken: (token) => {
      if (token) storage.setItem(StorageKey.token, token);
      else storage.removeItem(StorageKey.token);
      set({ token });
    },
    setUserInfo: (userInfo) => set({ userInfo }),
    setUserCenter: (userCenter) => set({ userCenter }),
    showLogin: () => set({ loginVisible: true }),
    hideLogin: () => set({ loginVisible: false }),
    clear: () => {
      storage.removeItem(StorageKey.token);
      set({ token: null, userInfo: null, userCenter: null });
    },
  }));
}

export const useSession = createSessionStore();

export const selectLoggedIn = (state: SessionState) => Boolean(state.token);
