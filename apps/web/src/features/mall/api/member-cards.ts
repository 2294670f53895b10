import type { MemberCard, MemberCardDetail, MemberCardKind } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** memberCard/list: cards on sale with their rights, optionally of one kind. */
export function useMemberCards(kind?: MemberCardKind) {
  return useQuery({
    queryKey: ['mall', 'memberCards', kind ?? 'all'],
    queryFn: ({ signal }) => api.get<MemberCard[]>('memberCard/list', { kind }, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** memberCard/detail?code (legacy codes answer the card they now mean). */
export function useMemberCardDetail(code: string | null) {
  return useQuery({
    queryKey: ['mall', 'memberCard', code],
    queryFn: ({ signal }) =>
      api.get<MemberCardDetail>('memberCard/detail', { code: code ?? undefined }, { signal }),
    enabled: code !== null,
    staleTime: 5 * 60_000,
  });
}
