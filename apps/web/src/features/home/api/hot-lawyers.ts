import type { LawyerCard } from '@lawline/contract/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** uc/lawyerInfo/home: the hottest lawyers (spec §9: the home shows 3). */
export const hotLawyersQuery = queryOptions({
  queryKey: ['home', 'hotLawyers'],
  queryFn: ({ signal }) => api.get<LawyerCard[]>('uc/lawyerInfo/home', {}, { signal }),
});

export function useHotLawyers() {
  return useQuery(hotLawyersQuery);
}
