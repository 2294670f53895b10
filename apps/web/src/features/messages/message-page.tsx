import type { Message, PageResult } from '@lawline/contract/schemas';
import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { RealtimeStatus } from '../../api/realtime.ts';
import { useRealtime } from '../../state/realtime.ts';
import { InfiniteList } from '../../ui/infinite-list.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { markRead, messagesKey, messagesQuery, unreadCountQuery } from './api/messages.ts';
import styles from './messages.module.css';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** 2025-01-02 08:05 in the reader's time zone. */
export function messageTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

type Pages = InfiniteData<PageResult<Message>>;

function setRead(data: Pages | undefined, id: number | 'all'): Pages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      list: page.list.map((m) => (id === 'all' || m.id === id ? { ...m, read: true } : m)),
    })),
  };
}

function MessageItem({ message, onOpen }: { message: Message; onOpen: (m: Message) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <button
      type="button"
      className={message.read ? styles.message : `${styles.message} ${styles.unread}`}
      aria-expanded={open}
      onClick={() => {
        setOpen((v) => !v);
        onOpen(message);
      }}
    >
      <span className={styles.head}>
        {message.read ? null : <span className={styles.dot} role="img" aria-label="未读" />}
        <span className={styles.title}>{message.title}</span>
        <time className={styles.time}>{messageTime(message.createdAt)}</time>
      </span>
      <span className={open ? styles.content : `${styles.content} ${styles.clamp}`}>{message.content}</span>
    </button>
  );
}

const LOST: ReadonlySet<RealtimeStatus> = new Set(['error', 'closed']);

/**
 * Whether the websocket connection is lost: it failed or closed, and has not opened again since
 * (the reconnect attempts in between count as lost). Never while it first connects.
 */
export function useConnectionLost(): boolean {
  const status = useRealtime((s) => s.status);
  const [lost, setLost] = useState(LOST.has(status));
  useEffect(() => {
    if (LOST.has(status)) setLost(true);
    else if (status === 'open' || status === 'idle') setLost(false);
  }, [status]);
  return lost && status !== 'open' && status !== 'idle';
}

/** A quiet banner while the connection is lost; nothing while it works. */
function ConnectionLostBanner() {
  const lost = useConnectionLost();
  if (!lost) return null;
  return (
    <p className={styles.lost} role="status" data-testid="ws-banner">
      连接已断开，正在重新连接…
    </p>
  );
}

function Messages() {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(messagesQuery());
  useQuery(unreadCountQuery());
  const unread = useRealtime((s) => s.unreadCount) ?? 0;

  const open = (message: Message) => {
    if (message.read) return;
    queryClient.setQueryData<Pages>(messagesKey, (data) => setRead(data, message.id));
    markRead({ id: message.id }).catch(() => void list.refetch());
  };
  const readAll = () => {
    queryClient.setQueryData<Pages>(messagesKey, (data) => setRead(data, 'all'));
    markRead({ all: true }).catch(() => void list.refetch());
  };

  return (
    <>
      <ConnectionLostBanner />
      <div className={styles.bar}>
        <span data-testid="unread-count">{unread > 0 ? `${unread} 条未读` : '暂无未读消息'}</span>
        {unread > 0 ? (
          <button type="button" className={styles.readAll} onClick={readAll}>
            全部已读
          </button>
        ) : null}
      </div>
      <InfiniteList
        query={list}
        label="消息列表"
        keyOf={(m) => m.id}
        emptyText="暂无消息通知"
        renderItem={(m) => <MessageItem message={m} onOpen={open} />}
      />
    </>
  );
}

/** 消息通知: notifications page by page, mark read, the unread count; a banner while the websocket is lost. */
export function MessagePage({ name }: PageProps) {
  return (
    <PageShell name={name}>
      <RequireLogin>
        <Messages />
      </RequireLogin>
    </PageShell>
  );
}

export default MessagePage;
