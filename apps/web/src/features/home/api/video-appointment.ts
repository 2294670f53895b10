import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';

/**
 * order-vc/getVcOrderDate: the person's next video consultation (spec §7 video orders). The video
 * issue builds it; until then the floating countdown stays hidden (ignoreError).
 */
export function useVideoAppointmentData(enabled: boolean) {
  return useQuery({
    queryKey: [...ME_QUERY_KEY, 'home', 'videoAppointment'],
    queryFn: ({ signal }) =>
      api.get<unknown>('order-vc/getVcOrderDate', {}, { signal, ignoreError: true }).catch(() => null),
    enabled,
  });
}
