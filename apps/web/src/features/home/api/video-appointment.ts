import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';

/**
 * Whether the server answers order-vc/getVcOrderDate. The video consultation issue builds it and
 * turns this on; until then the app does not ask (issue 23: no call to an endpoint that does not
 * exist, which logged a 404 on every logged-in page) and the floating countdown stays hidden.
 */
export const VIDEO_ORDERS_BUILT = false;

/** order-vc/getVcOrderDate: the person's next video consultation (spec §7 video orders). */
export function useVideoAppointmentData(enabled: boolean) {
  return useQuery({
    queryKey: [...ME_QUERY_KEY, 'home', 'videoAppointment'],
    queryFn: ({ signal }) =>
      api.get<unknown>('order-vc/getVcOrderDate', {}, { signal, ignoreError: true }).catch(() => null),
    enabled: enabled && VIDEO_ORDERS_BUILT,
  });
}
