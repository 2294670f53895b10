import type { LawyerCard, LawyerProfile } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** uc/lawyerInfo?id: profile, career report, cases, institutes (spec §7). */
export function useLawyerProfile(id: number | null) {
  return useQuery({
    queryKey: ['lawyers', 'profile', id],
    queryFn: ({ signal }) => api.get<LawyerProfile>('uc/lawyerInfo', { id: id ?? undefined }, { signal }),
    enabled: id !== null,
  });
}

/** uc/lawyerInfo/recommend: lawyers of the same field, without this one (at most 6). */
export function useRecommendedLawyers(field: number | null, exclude: number | null) {
  return useQuery({
    queryKey: ['lawyers', 'recommend', field, exclude],
    queryFn: ({ signal }) =>
      api.get<LawyerCard[]>(
        'uc/lawyerInfo/recommend',
        { field: field ?? undefined, exclude: exclude ?? undefined, limit: 3 },
        { signal, ignoreError: true },
      ),
    enabled: field !== null && exclude !== null,
  });
}
