import type { LawyerMe } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { lawyerKeys } from './keys.ts';

/** lawyer/me: profile, presence, today's and all-time calls and earnings. */
export function fetchMe(): Promise<LawyerMe> {
  return api.get<LawyerMe>('lawyer/me');
}

export function useMe() {
  return useQuery({ queryKey: lawyerKeys.me, queryFn: fetchMe, refetchInterval: 60_000 });
}
