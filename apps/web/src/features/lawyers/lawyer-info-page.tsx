import { useParams } from 'react-router';
import { routeId } from '../../lib/route-params.ts';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { LawyerProfileView } from './components/lawyer-profile-view.tsx';

/**
 * LawyerInfo (/LawyerInfo/:id/:sub, sub = the lawyer's user id), and the consultant lawyer pages
 * LawyerForInfo and LawyerPaInfo of the channel lists (/…/:id): the same profile.
 */
export function LawyerInfoPage({ name }: PageProps) {
  const { id } = useParams();
  return (
    <PageShell name={name}>
      <LawyerProfileView id={routeId(id)} />
    </PageShell>
  );
}

export default LawyerInfoPage;
