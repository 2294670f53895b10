import type { TemplateExport, TemplateExportPage } from '@lawline/contract/schemas';
import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { pagedQueryDefaults } from '../../../api/paging.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';
import { replaceExport } from '../template-rules.ts';

/** Under the person's data: dropped at logout. */
export const templateExportsKey = [...ME_QUERY_KEY, 'templateExports'] as const;

const PAGE_LIMIT = 10;
/** ModuleDetail looks for this template's exports among the newest ones. */
const RECENT_LIMIT = 50;

function fetchExports(page: number, limit: number, signal?: AbortSignal): Promise<TemplateExportPage> {
  return api.get<TemplateExportPage>('doctemplate/exports', { page, limit }, { signal, ignoreError: true });
}

/** GET doctemplate/exports: the person's exports, newest first, page by page (我的导出). */
export function useTemplateExports(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...templateExportsKey, 'pages'],
    queryFn: ({ pageParam, signal }) => fetchExports(pageParam, PAGE_LIMIT, signal),
    ...pagedQueryDefaults,
    enabled,
  });
}

/** The newest exports (one page of 50): ModuleDetail finds this template's among them. */
export function useRecentExports(enabled: boolean) {
  return useQuery({
    queryKey: [...templateExportsKey, 'recent'],
    queryFn: ({ signal }) => fetchExports(1, RECENT_LIMIT, signal),
    enabled,
  });
}

/**
 * An export changed (confirmed, resent) or was made: put the server's answer into every cached
 * list at once, then ask again for the lists (a new export goes on top).
 */
export function storeExport(queryClient: QueryClient, updated: TemplateExport, isNew = false): void {
  queryClient.setQueryData<TemplateExportPage>([...templateExportsKey, 'recent'], (page) =>
    page
      ? isNew
        ? { ...page, list: [updated, ...page.list], total: page.total + 1 }
        : replaceExport(page, updated)
      : page,
  );
  queryClient.setQueryData<{ pages: TemplateExportPage[]; pageParams: unknown[] }>(
    [...templateExportsKey, 'pages'],
    (data) => (data ? { ...data, pages: data.pages.map((page) => replaceExport(page, updated)) } : data),
  );
  void queryClient.invalidateQueries({ queryKey: templateExportsKey });
}
