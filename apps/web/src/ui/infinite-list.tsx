import type { PageResult } from '@lawline/contract/schemas';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import type { ReactNode } from 'react';
import { flattenPages } from '../api/paging.ts';
import browse from './browse.module.css';
import { EmptyState, ErrorState, SkeletonRows } from './list-states.tsx';

export interface InfiniteListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<PageResult<T>>>;
  keyOf: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  emptyText?: string;
  /** Label of the list for assistive technology and tests. */
  label: string;
  className?: string;
}

/**
 * A paged list that loads the next page as its end scrolls into view (antd-mobile InfiniteScroll),
 * with a skeleton while the first page loads, an empty state and a retry on failure.
 */
export function InfiniteList<T>({
  query,
  keyOf,
  renderItem,
  emptyText,
  label,
  className,
}: InfiniteListProps<T>) {
  if (query.isPending) return <SkeletonRows rows={4} />;
  if (query.isError && !query.data) return <ErrorState onRetry={() => void query.refetch()} />;
  const items = flattenPages(query.data, keyOf);
  if (items.length === 0) return <EmptyState text={emptyText} />;
  const total = query.data?.pages[0]?.total ?? items.length;

  const loadMore = async () => {
    const result = await query.fetchNextPage({ cancelRefetch: false });
    if (result.isError) throw result.error;
  };

  return (
    <>
      <ul
        className={className ? `${browse.list} ${className}` : browse.list}
        aria-label={label}
        data-total={total}
        data-testid="infinite-list"
      >
        {items.map((item) => (
          <li key={keyOf(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      <InfiniteScroll
        className={browse.infiniteScroll}
        loadMore={loadMore}
        hasMore={Boolean(query.hasNextPage)}
      >
        {(hasMore, failed, retry) =>
          failed ? (
            <button type="button" className={browse.linkButton} onClick={() => void retry()}>
              加载失败，点击重试
            </button>
          ) : hasMore ? (
            <span>加载中…</span>
          ) : (
            <span data-testid="list-end">没有更多了</span>
          )
        }
      </InfiniteScroll>
    </>
  );
}
