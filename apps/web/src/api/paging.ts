import type { PageResult } from '@lawline/contract/schemas';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * Paged lists (the server's `{ list, total, page, limit, hasMore }`) with TanStack Query's
 * infinite queries: the first page is 1, the next page is asked for while `hasMore`.
 */
export const FIRST_PAGE = 1;

export function nextPageOf<T>(last: PageResult<T>): number | undefined {
  return last.hasMore ? last.page + 1 : undefined;
}

/** Every item loaded so far, in order, without repeats (a list that shifted between pages). */
export function flattenPages<T>(
  data: InfiniteData<PageResult<T>> | undefined,
  keyOf: (item: T) => string | number,
): T[] {
  if (!data) return [];
  const seen = new Set<string | number>();
  const items: T[] = [];
  for (const page of data.pages) {
    for (const item of page.list) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  return items;
}

/** The common options of a paged list query: `queryFn` gets the page number as `pageParam`. */
export const pagedQueryDefaults = {
  initialPageParam: FIRST_PAGE,
  getNextPageParam: nextPageOf,
} as const;
