import type { TemplateDetail } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { useSession } from '../../../state/session.ts';

/**
 * Who is looking, for the detail's key: its `exportable` depends on the token and on the person's
 * cards, so logging in or becoming a member asks again.
 */
function useViewer(): string {
  return useSession((s) =>
    s.token ? `u${s.userInfo?.id ?? ''}:${s.userInfo?.isMember ? 'm' : ''}` : 'visitor',
  );
}

/** GET doctemplate/detail?id=: the template's text, fields and whether this person may export. */
export function useTemplateDetail(id: number | null) {
  const viewer = useViewer();
  return useQuery({
    queryKey: ['templates', 'detail', id, viewer],
    queryFn: ({ signal }) =>
      api.get<TemplateDetail>('doctemplate/detail', { id: id ?? 0 }, { signal, ignoreError: true }),
    enabled: id !== null,
    staleTime: 60_000,
    // Keep the text on screen while the same template is asked again for a new viewer.
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
  });
}
