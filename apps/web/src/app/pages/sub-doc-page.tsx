import { useParams } from 'react-router';
import ServiceSubDocPage from '../../features/services/sub-doc-page.tsx';
import DocModuleIntroPage from '../../features/templates/doc-module-intro-page.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';

/**
 * SubDoc (/SubDoc/:service) composes two features: /SubDoc/docModule is the contract templates'
 * intro (issue 15); /SubDoc/faceConsult and /SubDoc/lawsuit are the service orders' (issue 14).
 */
export function SubDocPage({ name }: PageProps) {
  const { id } = useParams();
  return id?.toLowerCase() === 'docmodule' ? (
    <DocModuleIntroPage name={name} />
  ) : (
    <ServiceSubDocPage name={name} />
  );
}

export default SubDocPage;
