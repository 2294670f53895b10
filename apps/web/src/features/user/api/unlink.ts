import type { Unlink, UnlinkInfo, UnlinkReasonCode } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';

/** GET user/unlinkInfo: what happens on cancellation, the reasons offered, the cards given up. */
export const unlinkInfoQuery = () =>
  queryOptions({
    queryKey: [...ME_QUERY_KEY, 'unlinkInfo'],
    queryFn: ({ signal }) => api.get<UnlinkInfo>('user/unlinkInfo', {}, { signal }),
  });

/** POST user/unlink: confirm is required; reason and text are optional. */
export function unlinkAccount(input: { reason?: UnlinkReasonCode; text?: string }) {
  const body: Omit<Unlink, 'channel' | 'channelCode' | 'usertype'> = { confirm: true };
  if (input.reason) body.reason = input.reason;
  const text = input.text?.trim();
  if (text) body.text = text;
  return api.post<{ closedAt: number }>('user/unlink', body);
}
