import type { CaseDetail } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** uc/lawyerPartCase?id: one case a lawyer handled. */
export function useCaseDetail(id: number | null) {
  return useQuery({
    queryKey: ['lawyers', 'case', id],
    queryFn: ({ signal }) => api.get<CaseDetail>('uc/lawyerPartCase', { id: id ?? undefined }, { signal }),
    enabled: id !== null,
  });
}
