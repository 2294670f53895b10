import type { ServiceTerms } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';
import type { BuiltServiceKind } from '../service-rules.ts';

/** Under the person's data: the price depends on their cards (dropped at logout). */
export const serviceTermsKey = (kind: BuiltServiceKind, level?: number | null) =>
  [...ME_QUERY_KEY, 'serviceTerms', kind, level ?? 0] as const;

/**
 * GET order/serviceTerms?kind=[&level=]: price (by lawyer level for a face consultation), what a
 * card takes off, the promise and the refund rule — everything a form shows before paying. Needs
 * the token (a 401 would take the login-expired path): ask only when logged in. Quiet: the page
 * shows its own retry.
 */
export function fetchServiceTerms(
  kind: BuiltServiceKind,
  level?: number | null,
  signal?: AbortSignal,
): Promise<ServiceTerms> {
  return api.get<ServiceTerms>('order/serviceTerms', level ? { kind, level } : { kind }, {
    signal,
    ignoreError: true,
  });
}

export const serviceTermsQuery = (kind: BuiltServiceKind, level?: number | null) =>
  queryOptions({
    queryKey: serviceTermsKey(kind, level),
    queryFn: ({ signal }) => fetchServiceTerms(kind, level, signal),
    staleTime: 60_000,
  });
