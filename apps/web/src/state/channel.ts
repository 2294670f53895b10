import { defaultChannel } from '@lawline/contract';
import type { ChannelData } from '@lawline/contract/schemas';
import { create } from 'zustand';
import { browserStorage, type KeyValueStorage, StorageKey } from '../lib/storage.ts';
import { readUrlParam } from '../lib/url.ts';

/** Same rule as the contract's channel param (letters, digits, _ and -, at most 32). */
const CHANNEL_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** The channel at start: `?channel=` in the address (remembered), else the remembered one, else gzh. */
export function resolveChannelKey(storage: KeyValueStorage, href?: string): string {
  const fromUrl = readUrlParam('channel', href)?.trim();
  if (fromUrl && CHANNEL_PATTERN.test(fromUrl)) {
    storage.setItem(StorageKey.channel, fromUrl);
    return fromUrl;
  }
  const stored = storage.getItem(StorageKey.channel);
  if (stored && CHANNEL_PATTERN.test(stored)) return stored;
  return defaultChannel;
}

export type ChannelStatus = 'loading' | 'ready' | 'error';

export interface ChannelState {
  /** The channel asked for (sent with every request as `channel`). */
  key: string;
  data: ChannelData | null;
  status: ChannelStatus;
  setData(data: ChannelData): void;
  setFailed(): void;
}

export function createChannelStore(storage: KeyValueStorage = browserStorage(), href?: string) {
  return create<ChannelState>()((set) => ({
    key: resolveChannelKey(storage, href),
    data: null,
    status: 'loading',
    setData: (data) => set({ data, status: 'ready' }),
    setFailed: () => set({ status: 'error' }),
  }));
}

export const useChannel = createChannelStore();
