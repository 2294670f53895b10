import type { PageResult, TaxAdvisor, TaxAdvisorCard } from '@lawline/contract/schemas';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { pagedQueryDefaults } from '../../../api/paging.ts';

/** uc/taxAdvisor/page (all advisors) or tax/taxexpert/page (experts only), keyword search, paged. */
export function useTaxAdvisors(expertsOnly: boolean, keyword: string) {
  return useInfiniteQuery({
    queryKey: ['tax', expertsOnly ? 'experts' : 'advisors', keyword],
    queryFn: ({ pageParam, signal }) =>
      api.get<PageResult<TaxAdvisorCard>>(
        expertsOnly ? 'tax/taxexpert/page' : 'uc/taxAdvisor/page',
        { page: pageParam, limit: 20, keyword: keyword || undefined },
        { signal },
      ),
    ...pagedQueryDefaults,
  });
}

/** uc/taxAdvisor?id */
export function useTaxAdvisor(id: number | null) {
  return useQuery({
    queryKey: ['tax', 'advisor', id],
    queryFn: ({ signal }) => api.get<TaxAdvisor>('uc/taxAdvisor', { id: id ?? undefined }, { signal }),
    enabled: id !== null,
  });
}
