import type { InstituteInfo } from '@lawline/contract/schemas';
import Button from 'antd-mobile/es/components/button';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { routeId } from '../../lib/route-params.ts';
import browse from '../../ui/browse.module.css';
import { InfiniteList } from '../../ui/infinite-list.tsx';
import { LawyerCard } from '../../ui/lawyer-card.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useInstituteInfo, useInstituteLawyers } from './api/institutes.ts';
import styles from './institutes.module.css';

function InstituteHead({ institute }: { institute: InstituteInfo }) {
  return (
    <header className={browse.detailHead} data-testid="institute-info">
      <img className={styles.logo} src={institute.logoUrl} alt="" width={64} height={64} />
      <div>
        <h2 className={browse.detailTitle}>{institute.name}</h2>
        <p className={browse.detailSub}>
          {institute.city} · 成员{institute.lawyerCount}人 · 平台律师{institute.platformLawyerCount}人
        </p>
      </div>
    </header>
  );
}

function AllLawyers({ id }: { id: number }) {
  const query = useInstituteLawyers(id, true);
  return (
    <InfiniteList
      query={query}
      label="研究院律师"
      keyOf={(lawyer) => lawyer.id}
      emptyText="暂无平台律师"
      renderItem={(lawyer) => <LawyerCard lawyer={lawyer} />}
    />
  );
}

function InstituteBody({ institute }: { institute: InstituteInfo }) {
  const [showAll, setShowAll] = useState(false);
  return (
    <>
      <InstituteHead institute={institute} />
      <section className={browse.section}>
        <h3 className={browse.sectionTitle}>研究院简介</h3>
        <p className={styles.briefFull}>{institute.brief}</p>
        <Link className={styles.textLink} to={paths.institute4Info(institute.id)}>
          查看完整介绍 ›
        </Link>
      </section>
      <h3 className={styles.listTitle}>平台律师</h3>
      {showAll ? (
        <AllLawyers id={institute.id} />
      ) : (
        <>
          <ul className={browse.list}>
            {institute.lawyers.map((lawyer) => (
              <li key={lawyer.id}>
                <LawyerCard lawyer={lawyer} />
              </li>
            ))}
          </ul>
          {institute.platformLawyerCount > institute.lawyers.length ? (
            <div className={styles.moreRow}>
              <Button block fill="none" color="primary" onClick={() => setShowAll(true)}>
                查看全部{institute.platformLawyerCount}位律师
              </Button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}

/** InstituteInfo (/InstituteInfo/:id): the institute and its platform lawyers. */
export function InstituteInfoPage({ name }: PageProps) {
  const id = routeId(useParams().id);
  const query = useInstituteInfo(id);
  let body: ReactNode;
  if (id === null) body = <EmptyState text="研究院不存在" />;
  else if (query.isPending) body = <SkeletonRows rows={3} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else body = <InstituteBody institute={query.data} />;
  return <PageShell name={name}>{body}</PageShell>;
}

export default InstituteInfoPage;
