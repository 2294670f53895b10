import type { SaveThreeElements, ThreeElements } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';

export const threeElementsKey = [...ME_QUERY_KEY, 'threeElements'] as const;

/** GET user/checkThreeElements: real-name status, values masked by the server. */
export const threeElementsQuery = () =>
  queryOptions({
    queryKey: threeElementsKey,
    queryFn: ({ signal }) => api.get<ThreeElements>('user/checkThreeElements', {}, { signal }),
  });

/** POST user/saveThreeElements with the separate, explicit consent. */
export function saveThreeElements(input: Omit<SaveThreeElements, 'channel' | 'channelCode' | 'usertype'>) {
  return api.post<ThreeElements>('user/saveThreeElements', input);
}
