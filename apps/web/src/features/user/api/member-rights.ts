import type { MemberCardRights, NewMemberRightListSchema } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';

/** The contract names no type for this answer yet: inferred from its schema (type-only, no zod in the bundle). */
export type RightSummary = z.infer<typeof NewMemberRightListSchema>;
export type RightSummaryItem = RightSummary['rights'][number];

/** GET user/newMemberRightList: rights summed over the active cards. */
export const rightSummaryQuery = () =>
  queryOptions({
    queryKey: [...ME_QUERY_KEY, 'newMemberRightList'],
    queryFn: ({ signal }) => api.get<RightSummary>('user/newMemberRightList', {}, { signal }),
  });

/** GET user/memberRightList: the active cards, each with its rights. */
export const cardRightsQuery = () =>
  queryOptions({
    queryKey: [...ME_QUERY_KEY, 'memberRightList'],
    queryFn: ({ signal }) => api.get<MemberCardRights[]>('user/memberRightList', {}, { signal }),
  });
