import type { ServiceOffer } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { lawyerKeys } from './keys.ts';

/** Service offers wait hours, not seconds: asking every 10 s (and on every socket nudge) is plenty. */
export const SERVICE_OFFERS_POLL_MS = 10_000;

/** lawyer/services/offers: paid service orders of this lawyer's city and fields, not yet taken. */
export function fetchServiceOffers(): Promise<ServiceOffer[]> {
  return api.get<ServiceOffer[]>('lawyer/services/offers');
}

export function useServiceOffers() {
  return useQuery({
    queryKey: lawyerKeys.serviceOffers,
    queryFn: fetchServiceOffers,
    refetchInterval: SERVICE_OFFERS_POLL_MS,
  });
}
