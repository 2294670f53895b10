import type { CallOrderDetail } from '@lawline/contract/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { subscribe } from '../../../api/realtime.ts';
import { callOrderKey, callOrderQuery } from '../api/call-order-detail.ts';

/** How often a screen waiting for the order to move on asks again (spec §4: status 2 is polled). */
export const POLL_MS = 2000;

/**
 * One call order, kept fresh: re-fetched at once on the websocket's '102' (lawyer assigned) and
 * '103' (order over) for this order, and polled every POLL_MS while `poll(detail)` says so. Polling
 * pauses while the page is hidden (TanStack Query's focus manager) and stops when the screen is
 * left; coming back into view asks at once.
 */
export function useCallOrder(orderId: string, options: { poll?: (detail: CallOrderDetail) => boolean } = {}) {
  const queryClient = useQueryClient();
  const pollRef = useRef(options.poll);
  pollRef.current = options.poll;
  const query = useQuery({
    ...callOrderQuery(orderId),
    refetchInterval: (q) => {
      const data = q.state.data;
      if (!data || q.state.status === 'error') return false;
      return pollRef.current?.(data) ? POLL_MS : false;
    },
    refetchIntervalInBackground: false,
  });

  useEffect(() => {
    const refetch = (data: { orderId: string }) => {
      if (data.orderId === orderId) void queryClient.invalidateQueries({ queryKey: callOrderKey(orderId) });
    };
    const offLawyer = subscribe('102', refetch);
    const offOver = subscribe('103', refetch);
    const onVisible = () => {
      const data = queryClient.getQueryData<CallOrderDetail>(callOrderKey(orderId));
      if (document.visibilityState === 'visible' && data && pollRef.current?.(data)) {
        void queryClient.invalidateQueries({ queryKey: callOrderKey(orderId) });
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      offLawyer();
      offOver();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [orderId, queryClient]);

  return query;
}
