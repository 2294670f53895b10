import { create } from 'zustand';
import type { RealtimeStatus } from '../api/realtime.ts';

/** What the websocket tells the app: its status, and the unread notification count ('101'). */
export interface RealtimeState {
  status: RealtimeStatus;
  /** Null until the server or message/unreadCount has said. */
  unreadCount: number | null;
  setStatus(status: RealtimeStatus): void;
  setUnreadCount(count: number | null): void;
}

export const useRealtime = create<RealtimeState>()((set) => ({
  status: 'idle',
  unreadCount: null,
  setStatus: (status) => set({ status }),
  setUnreadCount: (unreadCount) => set({ unreadCount }),
}));
