import type { PosterInfo } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** poster/info: what the channel's posters say and the link their QR code carries. */
export function usePosterInfo() {
  return useQuery({
    queryKey: ['posters', 'info'],
    queryFn: ({ signal }) => api.get<PosterInfo>('poster/info', {}, { signal }),
  });
}
