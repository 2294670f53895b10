import type { LawyerServiceEarnings } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { lawyerKeys } from './keys.ts';

/** lawyer/services/earnings: per service kind, how many orders and what they earned. */
export function fetchServiceEarnings(): Promise<LawyerServiceEarnings> {
  return api.get<LawyerServiceEarnings>('lawyer/services/earnings');
}

export function useServiceEarnings() {
  return useQuery({
    queryKey: lawyerKeys.serviceEarnings,
    queryFn: fetchServiceEarnings,
    refetchInterval: 60_000,
  });
}
