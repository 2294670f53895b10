import type { LawyerCard, LawyerListChannel, PageResult } from '@lawline/contract/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { pagedQueryDefaults } from '../../../api/paging.ts';

/** uc/lawyerInfo/channelPage: the lawyer list of zxyh, paky or yjjd (spec §7). */
export function useChannelLawyers(lawyerChannel: LawyerListChannel) {
  return useInfiniteQuery({
    queryKey: ['lawyers', 'channelPage', lawyerChannel],
    queryFn: ({ pageParam, signal }) =>
      api.get<PageResult<LawyerCard>>(
        'uc/lawyerInfo/channelPage',
        { page: pageParam, limit: 10, lawyerChannel },
        { signal },
      ),
    ...pagedQueryDefaults,
  });
}
