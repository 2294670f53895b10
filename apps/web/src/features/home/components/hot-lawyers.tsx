import { Limits } from '@lawline/contract';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { LawyerCard } from '../../../ui/lawyer-card.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../../ui/list-states.tsx';
import { useHotLawyers } from '../api/hot-lawyers.ts';

/** Top 3 hot lawyers (spec §2), linking to the Lawyer list. */
export function HotLawyers() {
  const query = useHotLawyers();
  const lawyers = query.data?.slice(0, Limits.homeHotLawyers) ?? [];
  return (
    <section className="ll-home-block" data-testid="hot-lawyers" aria-labelledby="ll-hot-lawyers">
      <header className="ll-section-head ll-block-head">
        <h2 id="ll-hot-lawyers" className="ll-section-title">
          热门律师
        </h2>
        <Link className="ll-more" to={paths.lawyer()}>
          更多律师 ›
        </Link>
      </header>
      {query.isPending ? (
        <SkeletonRows rows={3} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : lawyers.length === 0 ? (
        <EmptyState text="暂无律师" />
      ) : (
        <ul className="ll-list">
          {lawyers.map((lawyer) => (
            <li key={lawyer.id}>
              <LawyerCard lawyer={lawyer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
