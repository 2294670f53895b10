import type { ServiceKind } from '@lawline/contract';
import type { ServiceOrderDetail } from '@lawline/contract/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribe } from '../../../api/realtime.ts';
import { serviceOrderKey, serviceOrderQuery } from '../api/service-order.ts';
import { isPending, SERVICE_POLL_MS } from '../service-rules.ts';

/**
 * One service order, kept fresh: asked again every SERVICE_POLL_MS while a lawyer or the system is
 * about to move it (arranging, arranged, quoted), at once on the websocket's 101 (a notification:
 * the server sends one with every step of the order), and when the page comes back into view.
 * Polling pauses while the page is hidden and stops when the screen is left.
 */
export function useServiceOrder(orderId: string, kind: ServiceKind | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...serviceOrderQuery(orderId, kind),
    refetchInterval: (q) => {
      const data = q.state.data;
      if (!data || q.state.status === 'error') return false;
      return isPending(data) ? SERVICE_POLL_MS : false;
    },
    refetchIntervalInBackground: false,
  });

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: serviceOrderKey(orderId) });
    const off = subscribe('101', refresh);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      off();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [orderId, queryClient]);

  return query;
}

/** Put an answer (a step, a cancel, an evaluation) in the cache as the order's state now. */
export function useSetServiceOrder() {
  const queryClient = useQueryClient();
  return (detail: ServiceOrderDetail) => queryClient.setQueryData(serviceOrderKey(detail.orderId), detail);
}
