import type { InstituteInfo } from '@lawline/contract/schemas';
import Button from 'antd-mobile/es/components/button';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { routeId } from '../../lib/route-params.ts';
import { InfiniteList } from '../../ui/infinite-list.tsx';
import { LawyerCard } from '../../ui/lawyer-card.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useInstituteInfo, useInstituteLawyers } from './api/institutes.ts';
import './institutes.css';

function InstituteHead({ institute }: { institute: InstituteInfo }) {
  return (
    <header className="ll-detail-head" data-testid="institute-info">
      <img className="ll-institute-logo" src={institute.logoUrl} alt="" width={64} height={64} />
      <div>
        <h2 className="ll-detail-title">{institute.name}</h2>
        <p className="ll-detail-sub">
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
      <section className="ll-section">
        <h3 className="ll-section-title">研究院简介</h3>
        <p className="ll-institute-brief-full">{institute.brief}</p>
        <Link className="ll-link-button" to={paths.institute4Info(institute.id)}>
          查看完整介绍 ›
        </Link>
      </section>
      <h3 className="ll-section-title ll-pad">平台律师</h3>
      {showAll ? (
        <AllLawyers id={institute.id} />
      ) : (
        <>
          <ul className="ll-list">
            {institute.lawyers.map((lawyer) => (
              <li key={lawyer.id}>
                <LawyerCard lawyer={lawyer} />
              </li>
            ))}
          </ul>
          {institute.platformLawyerCount > institute.lawyers.length ? (
            <div className="ll-pad ll-more-row">
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
