import type { TemplateCategory } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/**
 * GET field/getSubsetByFieldValue[?fieldValue=]: the template categories (of one consult field, or
 * all), each with its number of templates. Quiet: the list shows its own retry.
 */
export function useTemplateCategories(fieldValue: number | null = null) {
  return useQuery({
    queryKey: ['templates', 'categories', fieldValue ?? 0],
    queryFn: ({ signal }) =>
      api.get<TemplateCategory[]>('field/getSubsetByFieldValue', fieldValue === null ? {} : { fieldValue }, {
        signal,
        ignoreError: true,
      }),
    staleTime: 10 * 60_000,
  });
}
