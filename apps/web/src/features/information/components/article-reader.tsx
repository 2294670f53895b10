import { articleAgeText } from '@lawline/contract';
import { type ReactNode, useEffect } from 'react';
import browse from '../../../ui/browse.module.css';
import { EmptyState, ErrorState, SkeletonRows } from '../../../ui/list-states.tsx';
import { outboundUrl } from '../../../ui/open-link.ts';
import { BackButton } from '../../../ui/page-shell.tsx';
import { useArticleDetail } from '../api/article-detail.ts';
import styles from '../information.module.css';
import { ArticleConsultBar } from './article-consult-bar.tsx';

/**
 * An article read in the app, over the Information list (which stays mounted and keeps its scroll):
 * a full-screen layer with its own scrolling, ending with the 咨询律师 bar for the article's field.
 * The HTML was sanitised by the server (content/detail).
 */
export function ArticleReader({ id }: { id: number | null }) {
  const query = useArticleDetail(id);
  const infoUrl = query.data?.infoUrl ?? '';

  useEffect(() => {
    if (infoUrl) window.location.assign(outboundUrl(infoUrl));
  }, [infoUrl]);

  let body: ReactNode;
  let bar: ReactNode = null;
  if (id === null) body = <EmptyState text="文章不存在" />;
  else if (query.isPending || infoUrl) body = <SkeletonRows rows={3} />;
  else if (query.isError) body = <ErrorState text="文章加载失败" onRetry={() => void query.refetch()} />;
  else {
    const article = query.data;
    body = (
      <article className={styles.article} data-testid="article-detail" data-article-id={article.id}>
        <h2 className={styles.articleTitle}>{article.subject}</h2>
        <p className={styles.byline}>
          <span>{article.author}</span>
          <span>{articleAgeText(article.createDate)}</span>
          <span>{article.readsCount}阅读</span>
        </p>
        {article.hCoverFileUrl ? <img className={styles.hero} src={article.hCoverFileUrl} alt="" /> : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored or served (issue 4 item 5). */}
        <div className={styles.articleBody} dangerouslySetInnerHTML={{ __html: article.contentHtml }} />
        {article.tags.length > 0 ? (
          <p className={styles.articleTags}>
            {article.tags.map((tag) => (
              <span key={tag.id} className={`${browse.chip} ${browse.chipSmall}`}>
                {tag.name}
              </span>
            ))}
          </p>
        ) : null}
      </article>
    );
    bar = <ArticleConsultBar article={article} />;
  }

  return (
    <div
      className={styles.reader}
      role="dialog"
      aria-modal="true"
      aria-labelledby="article-reader-title"
      data-testid="article-reader"
    >
      <header className={styles.readerHead}>
        <BackButton />
        <h1 id="article-reader-title" className={styles.readerTitle}>
          资讯详情
        </h1>
        <span />
      </header>
      <div className={styles.readerBody}>{body}</div>
      {bar}
    </div>
  );
}
