import { articleAgeText } from '@lawline/contract';
import type { Article } from '@lawline/contract/schemas';
import browse from './browse.module.css';

/** An article in a list (spec §3): cover, subject, reads and age text. */
export function ArticleCard({ article, onOpen }: { article: Article; onOpen: (article: Article) => void }) {
  return (
    <article className={browse.card} data-testid="article-card" data-article-id={article.id}>
      <button type="button" className={browse.articleButton} onClick={() => onOpen(article)}>
        <div className={browse.articleText}>
          <h3 className={browse.articleSubject} data-testid="article-subject">
            {article.subject}
          </h3>
          <p className={browse.articleMeta}>
            <span>{article.readsCount}阅读</span>
            <span>{articleAgeText(article.createDate)}</span>
          </p>
        </div>
        {article.hCoverFileUrl ? (
          <img className={browse.articleCover} src={article.hCoverFileUrl} alt="" loading="lazy" />
        ) : null}
      </button>
    </article>
  );
}
