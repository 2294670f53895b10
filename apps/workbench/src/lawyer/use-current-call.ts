import type { LawyerCall } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { lawyerKeys } from './keys.ts';

/** While a call is open it may end elsewhere (the person cancels, the real call ends): look again. */
export const CURRENT_CALL_POLL_MS = 3_000;

/** lawyer/call/current: the accepted order (to call, or in the call), or null. */
export function fetchCurrentCall(): Promise<LawyerCall | null> {
  return api.get<LawyerCall | null>('lawyer/call/current');
}

/**
 * `expectCall`: the server says this lawyer is in a call (presence busy) — e.g. taken on another
 * device, whose event this one may not get — so ask until the call shows up here too.
 */
export function useCurrentCall({ expectCall = false }: { expectCall?: boolean } = {}) {
  return useQuery({
    queryKey: lawyerKeys.currentCall,
    queryFn: fetchCurrentCall,
    refetchInterval: (query) => (query.state.data || expectCall ? CURRENT_CALL_POLL_MS : false),
  });
}
