import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { routeId } from '../../lib/route-params.ts';
import browse from '../../ui/browse.module.css';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useInstituteInfo } from './api/institutes.ts';
import styles from './institutes.module.css';

/** Institute4Info (/Institute4Info/:id): the institute's full introduction and address. */
export function Institute4InfoPage({ name }: PageProps) {
  const id = routeId(useParams().id);
  const query = useInstituteInfo(id);
  let body: ReactNode;
  if (id === null) body = <EmptyState text="研究院不存在" />;
  else if (query.isPending) body = <SkeletonRows rows={2} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else {
    const institute = query.data;
    body = (
      <article className={browse.section} data-testid="institute-intro">
        <img className={`${styles.logo} ${styles.logoLarge}`} src={institute.logoUrl} alt="" />
        <h2 className={styles.title}>{institute.name}</h2>
        <p className={styles.sub}>
          {institute.city} · {institute.address}
        </p>
        <div className={styles.intro}>
          {institute.intro
            .split(/\n+/)
            .filter(Boolean)
            .map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
        </div>
      </article>
    );
  }
  return <PageShell name={name}>{body}</PageShell>;
}

export default Institute4InfoPage;
