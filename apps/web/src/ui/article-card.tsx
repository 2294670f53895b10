import { articleAgeText } from '@lawline/contract';
import type { Article } from '@lawline/contract/schemas';
import './browse.css';

/** An article in a list (spec §3): cover, subject, reads and age text. */
export function ArticleCard({ article, onOpen }: { article: Article; onOpen: (article: Article) => void }) {
  return (
    <article className="ll-card ll-article-card" data-testid="article-card" data-article-id={article.id}>
      <button type="button" className="ll-article-button" onClick={() => onOpen(article)}>
        <div className="ll-article-text">
          <h3 className="ll-article-subject">{article.subject}</h3>
          <p className="ll-article-meta">
            <span>{article.readsCount}阅读</span>
            <span>{articleAgeText(article.createDate)}</span>
          </p>
        </div>
        {article.hCoverFileUrl ? (
          <img className="ll-article-cover" src={article.hCoverFileUrl} alt="" loading="lazy" />
        ) : null}
      </button>
    </article>
  );
}
