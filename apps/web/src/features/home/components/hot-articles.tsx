import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ArticleCard } from '../../../ui/article-card.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../../ui/list-states.tsx';
import { useOpenArticle } from '../../../ui/open-link.ts';
import { useHotArticles } from '../api/hot-articles.ts';

/** Top 2 hot articles (spec §2), linking to Information. */
export function HotArticles() {
  const query = useHotArticles();
  const openArticle = useOpenArticle();
  return (
    <section className="ll-home-block" data-testid="hot-articles" aria-labelledby="ll-hot-articles">
      <header className="ll-section-head ll-block-head">
        <h2 id="ll-hot-articles" className="ll-section-title">
          热门资讯
        </h2>
        <Link className="ll-more" to={paths.information()}>
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
        <ul className="ll-list">
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
