import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';

/**
 * GET order/orderStatusCount (spec §7): counts for the 我的 order shortcuts. Its answer is not in the
 * contract yet; an object of counts keyed by order-list tab (ongoing, unpaid, finished, cancelled)
 * or by general status code (2, 3, 5, 99) is read. Quiet: while the endpoint is missing, no counts.
 */
export type OrderCounts = Partial<Record<'ongoing' | 'unpaid' | 'finished' | 'cancelled', number>>;

const byStatus = { ongoing: ['1', '2'], unpaid: ['3'], finished: ['4', '5'], cancelled: ['99'] } as const;

export function readOrderCounts(raw: unknown): OrderCounts {
  if (typeof raw !== 'object' || raw === null) return {};
  const source = raw as Record<string, unknown>;
  const counts: OrderCounts = {};
  for (const [tab, statuses] of Object.entries(byStatus) as Array<[keyof OrderCounts, readonly string[]]>) {
    const direct = source[tab];
    if (typeof direct === 'number') {
      counts[tab] = direct;
      continue;
    }
    const summed = statuses.map((s) => source[s]).filter((v): v is number => typeof v === 'number');
    if (summed.length > 0) counts[tab] = summed.reduce((a, b) => a + b, 0);
  }
  return counts;
}

export const orderCountsQuery = () =>
  queryOptions({
    queryKey: [...ME_QUERY_KEY, 'orderStatusCount'],
    queryFn: async ({ signal }) =>
      readOrderCounts(await api.get<unknown>('order/orderStatusCount', {}, { ignoreError: true, signal })),
    retry: false,
    retryOnMount: false,
    staleTime: 60_000,
  });
