import type { LawyerOrderItem, PageResult } from '@lawline/contract/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { lawyerKeys } from './keys.ts';

export const ORDERS_PAGE_SIZE = 10;

/** lawyer/orders: finished calls with duration and earnings, newest first. */
export function fetchOrders(page: number): Promise<PageResult<LawyerOrderItem>> {
  return api.get<PageResult<LawyerOrderItem>>('lawyer/orders', { page, limit: ORDERS_PAGE_SIZE });
}

export function useOrders() {
  return useInfiniteQuery({
    queryKey: lawyerKeys.orders,
    queryFn: ({ pageParam }) => fetchOrders(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}
