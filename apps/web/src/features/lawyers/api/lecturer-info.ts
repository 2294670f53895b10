import type { LecturerInfo } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** lectureLawyer/info?id: the lecturer's profile and the videos they recorded. */
export function useLecturerInfo(id: number | null, enabled = true) {
  return useQuery({
    queryKey: ['lawyers', 'lecturer', id],
    queryFn: ({ signal }) => api.get<LecturerInfo>('lectureLawyer/info', { id: id ?? undefined }, { signal }),
    enabled: enabled && id !== null,
  });
}
