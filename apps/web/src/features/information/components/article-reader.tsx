import { articleAgeText } from '@lawline/contract';
import { LeftOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect } from 'react';
import { EmptyState, ErrorState, SkeletonRows } from '../../../ui/list-states.tsx';
import { outboundUrl } from '../../../ui/open-link.ts';
import { useGoBack } from '../../../ui/page-shell.tsx';
import { useArticleDetail } from '../api/article-detail.ts';

/**
 * An article read in the app, over the Information list (which stays mounted and keeps its scroll):
 * a full-screen layer with its own scrolling. The HTML was sanitised by the server (content/detail).
 */
export function ArticleReader({ id }: { id: number | null }) {
  const query = useArticleDetail(id);
  const goBack = useGoBack();
  const infoUrl = query.data?.infoUrl ?? '';

  useEffect(() => {
    if (infoUrl) window.location.assign(outboundUrl(infoUrl));
  }, [infoUrl]);

  let body: ReactNode;
  if (id === null) body = <EmptyState text="文章不存在" />;
  else if (query.isPending || infoUrl) body = <SkeletonRows rows={3} />;
  else if (query.isError) body = <ErrorState text="文章加载失败" onRetry={() => void query.refetch()} />;
  else {
    const article = query.data;
    body = (
      <article className="ll-article" data-testid="article-detail" data-article-id={article.id}>
        <h2 className="ll-article-title">{article.subject}</h2>
        <p className="ll-article-byline">
          <span>{article.author}</span>
          <span>{articleAgeText(article.createDate)}</span>
          <span>{article.readsCount}阅读</span>
        </p>
        {article.hCoverFileUrl ? (
          <img className="ll-article-hero" src={article.hCoverFileUrl} alt="" />
        ) : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored or served (issue 4 item 5). */}
        <div className="ll-article-body" dangerouslySetInnerHTML={{ __html: article.contentHtml }} />
        {article.tags.length > 0 ? (
          <p className="ll-article-tags">
            {article.tags.map((tag) => (
              <span key={tag.id} className="ll-chip ll-chip-small">
                {tag.name}
              </span>
            ))}
          </p>
        ) : null}
      </article>
    );
  }

  return (
    <div
      className="ll-reader"
      role="dialog"
      aria-modal="true"
      aria-labelledby="ll-reader-title"
      data-testid="article-reader"
    >
      <header className="ll-nav ll-reader-head">
        <button type="button" className="ll-reader-back" aria-label="返回" onClick={goBack}>
          <LeftOutline />
        </button>
        <h1 id="ll-reader-title" className="ll-nav-title">
          资讯详情
        </h1>
        <span />
      </header>
      <div className="ll-reader-body">{body}</div>
    </div>
  );
}
