import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ArticleCard } from '../../../ui/article-card.tsx';
import browse from '../../../ui/browse.module.css';
import { EmptyState, ErrorState, SkeletonRows } from '../../../ui/list-states.tsx';
import { useOpenArticle } from '../../../ui/open-link.ts';
import { useHotArticles } from '../api/hot-articles.ts';
import styles from '../home.module.css';

/** Top 2 hot articles (spec §2), linking to Information. */
export function HotArticles() {
  const query = useHotArticles();
  const openArticle = useOpenArticle();
  return (
    <section className={styles.homeBlock} data-testid="hot-articles" aria-labelledby="home-hot-articles">
      <header className={`${styles.sectionHead} ${styles.blockHead}`}>
        <h2 id="home-hot-articles" className={browse.sectionTitle}>
          热门资讯
        </h2>
        <Link className={styles.more} to={paths.information()} data-testid="more-link">
          更多资讯 ›
        </Link>
      </header>
      {query.isPending ? (
        <SkeletonRows rows={2} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState text="暂无资讯" />
      ) : (
        <ul className={browse.list}>
          {query.data.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} onOpen={openArticle} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
