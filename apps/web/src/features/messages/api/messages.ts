import type { Message, PageResult, UnreadCount } from '@lawline/contract/schemas';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { pagedQueryDefaults } from '../../../api/paging.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';
import { useRealtime } from '../../../state/realtime.ts';

export const MESSAGE_PAGE_SIZE = 10;
export const messagesKey = [...ME_QUERY_KEY, 'messages'] as const;

/** GET message/list, newest first, page by page. */
export const messagesQuery = () =>
  infiniteQueryOptions({
    queryKey: messagesKey,
    queryFn: ({ pageParam, signal }) =>
      api.get<PageResult<Message>>('message/list', { page: pageParam, limit: MESSAGE_PAGE_SIZE }, { signal }),
    ...pagedQueryDefaults,
  });

/** GET message/unreadCount; the answer also goes to the realtime store ('101' keeps it current). */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: [...ME_QUERY_KEY, 'unreadCount'],
    queryFn: async ({ signal }) => {
      const { unreadCount } = await api.get<UnreadCount>(
        'message/unreadCount',
        {},
        { signal, ignoreError: true },
      );
      useRealtime.getState().setUnreadCount(unreadCount);
      return unreadCount;
    },
  });

/** POST message/read: one message, or all of them; answers the new unread count. */
export async function markRead(target: { id: number } | { all: true }): Promise<number> {
  const { unreadCount } = await api.post<UnreadCount>('message/read', target);
  useRealtime.getState().setUnreadCount(unreadCount);
  return unreadCount;
}
