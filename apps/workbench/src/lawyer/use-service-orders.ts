import type { LawyerServiceItem, PageResult } from '@lawline/contract/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { lawyerKeys } from './keys.ts';

export const SERVICES_PAGE_SIZE = 10;
export type ServiceTab = 'active' | 'done';

/** lawyer/services: this lawyer's service orders, in progress (active) or finished (done). */
export function fetchServiceOrders(tab: ServiceTab, page: number): Promise<PageResult<LawyerServiceItem>> {
  return api.get<PageResult<LawyerServiceItem>>('lawyer/services', { tab, page, limit: SERVICES_PAGE_SIZE });
}

export function useServiceOrders(tab: ServiceTab) {
  return useInfiniteQuery({
    queryKey: lawyerKeys.serviceList(tab),
    queryFn: ({ pageParam }) => fetchServiceOrders(tab, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    // The person answers elsewhere (confirms a time, asks for changes): the next steps move.
    refetchInterval: tab === 'active' ? 30_000 : false,
  });
}
