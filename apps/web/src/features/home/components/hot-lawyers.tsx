import { Limits } from '@lawline/contract';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import browse from '../../../ui/browse.module.css';
import { LawyerCard } from '../../../ui/lawyer-card.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../../ui/list-states.tsx';
import { useHotLawyers } from '../api/hot-lawyers.ts';
import styles from '../home.module.css';

/** Top 3 hot lawyers (spec §2), linking to the Lawyer list. */
export function HotLawyers() {
  const query = useHotLawyers();
  const lawyers = query.data?.slice(0, Limits.homeHotLawyers) ?? [];
  return (
    <section className={styles.homeBlock} data-testid="hot-lawyers" aria-labelledby="home-hot-lawyers">
      <header className={`${styles.sectionHead} ${styles.blockHead}`}>
        <h2 id="home-hot-lawyers" className={browse.sectionTitle}>
          热门律师
        </h2>
        <Link className={styles.more} to={paths.lawyer()} data-testid="more-link">
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
        <ul className={browse.list}>
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
