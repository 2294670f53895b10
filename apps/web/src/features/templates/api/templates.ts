import type { TemplateCategoryCode, TemplatePage } from '@lawline/contract/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { pagedQueryDefaults } from '../../../api/paging.ts';

export interface TemplateFilters {
  category: TemplateCategoryCode | null;
  search: string;
}

const PAGE_LIMIT = 10;

/** GET doctemplate/list?category=&search=&page=&limit=: the templates, page by page. */
export function useTemplates(filters: TemplateFilters) {
  return useInfiniteQuery({
    queryKey: ['templates', 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      api.get<TemplatePage>(
        'doctemplate/list',
        {
          category: filters.category ?? undefined,
          search: filters.search || undefined,
          page: pageParam,
          limit: PAGE_LIMIT,
        },
        { signal, ignoreError: true },
      ),
    ...pagedQueryDefaults,
    staleTime: 5 * 60_000,
  });
}
