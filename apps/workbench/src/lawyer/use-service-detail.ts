import type { LawyerServiceDetail } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { lawyerKeys } from './keys.ts';

/** The person may answer at any moment (confirm a time, approve a draft, sign): look again now and then. */
export const SERVICE_DETAIL_POLL_MS = 10_000;

/** lawyer/services/detail: the order as its lawyer sees it (the person's number masked). */
export function fetchServiceDetail(orderId: string): Promise<LawyerServiceDetail> {
  return api.get<LawyerServiceDetail>('lawyer/services/detail', { orderId });
}

export function useServiceDetail(orderId: string) {
  return useQuery({
    queryKey: lawyerKeys.serviceDetail(orderId),
    queryFn: () => fetchServiceDetail(orderId),
    refetchInterval: SERVICE_DETAIL_POLL_MS,
  });
}
