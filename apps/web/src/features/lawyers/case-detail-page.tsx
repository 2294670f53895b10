import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { routeId } from '../../lib/route-params.ts';
import browse from '../../ui/browse.module.css';
import { LawyerCard } from '../../ui/lawyer-card.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useCaseDetail } from './api/case-detail.ts';
import styles from './lawyers.module.css';

/** CaseDetail (/CaseDetail/:id): a case the lawyer handled. */
export function CaseDetailPage({ name }: PageProps) {
  const id = routeId(useParams().id);
  const query = useCaseDetail(id);
  let body: ReactNode;
  if (id === null) body = <EmptyState text="案例不存在" />;
  else if (query.isPending) body = <SkeletonRows rows={3} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else {
    const item = query.data;
    body = (
      <>
        <section className={browse.section} data-testid="case-detail">
          <h2 className={styles.title}>{item.title}</h2>
          <p className={styles.sub}>
            {item.fieldName} · {item.caseDate}
          </p>
          <p className={`${styles.intro} ${styles.summary}`}>{item.summary}</p>
          <div className={styles.paragraphs}>
            {item.content.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <p className={styles.caseResult}>结果：{item.result}</p>
        </section>
        <h3 className={styles.listTitle}>代理律师</h3>
        <div className={browse.list}>
          <LawyerCard lawyer={item.lawyer} />
        </div>
      </>
    );
  }
  return <PageShell name={name}>{body}</PageShell>;
}

export default CaseDetailPage;
