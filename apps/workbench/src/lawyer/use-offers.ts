import type { LawyerOffer } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { observeServerTime } from '../clock.ts';
import { lawyerKeys } from './keys.ts';

/** Without the websocket the workbench asks every 2 s; with it, now and then as a safety net. */
export const OFFERS_POLL_MS = 2_000;
export const OFFERS_LIVE_POLL_MS = 15_000;

/** lawyer/offers: orders offered to this lawyer, waiting for an answer before expiresAt. */
export async function fetchOffers(): Promise<LawyerOffer[]> {
  const offers = await api.get<LawyerOffer[]>('lawyer/offers');
  const first = offers[0];
  if (first) observeServerTime(first.expiresAt - first.secondsLeft * 1000);
  return offers;
}

export function useOffers(options: { enabled: boolean; live: boolean }) {
  return useQuery({
    queryKey: lawyerKeys.offers,
    queryFn: fetchOffers,
    enabled: options.enabled,
    refetchInterval: options.enabled ? (options.live ? OFFERS_LIVE_POLL_MS : OFFERS_POLL_MS) : false,
  });
}
