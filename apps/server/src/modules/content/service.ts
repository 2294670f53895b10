import { appendTokenToOwnLink } from '@lawline/contract';
import type { Article, ArticleDetail, PageResult, PopularSearch, Tag } from '@lawline/contract/schemas';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { toPage } from '../../db/query-helpers.ts';
import type { ArticleTable } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import {
  type ArticleSort,
  countRead,
  findArticle,
  insertArticle,
  listArticleBodies,
  listTags,
  pageArticles,
  popularSearches,
  recordSearch,
  updateArticleBody,
} from './repo.ts';
import { sanitizeArticleHtml } from './sanitize.ts';

/** Who is reading: the token goes onto links of the product's own domain when logged in. */
export type Viewer = { token: string | null; ownDomain: string };

export type ArticleQuery = {
  page: number;
  limit: number;
  searchContent?: string | undefined;
  tagIds?: number[] | undefined;
  sort: ArticleSort;
};

const POPULAR_SEARCHES = 10;

/** '  Labour   Law ' → 'labour law': how a search is counted and matched. */
export function normaliseSearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Information (资讯): article list, tags, popular searches and the article reader. */
export class ContentService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
  ) {}

  /**
   * Newest first (or hot first), filtered by search text and tags. A first-page search that
   * finds something counts towards the popular searches (later pages are the same search).
   */
  async list(query: ArticleQuery, viewer: Viewer): Promise<PageResult<Article>> {
    const search = query.searchContent ? normaliseSearch(query.searchContent) : undefined;
    const { list, total } = await pageArticles(
      this.db,
      { search, tagIds: query.tagIds },
      query.sort,
      query.page,
      query.limit,
    );
    if (search && query.page === 1 && total > 0) await recordSearch(this.db, search, this.clock());
    return toPage(
      list.map((article) => this.withToken(article, viewer)),
      total,
      query.page,
      query.limit,
    );
  }

  /** Opens an article: counts one read and answers the sanitised body. */
  async detail(id: number, viewer: Viewer): Promise<ArticleDetail> {
    if (!(await countRead(this.db, id))) throw notFound('文章不存在或已下架');
    const article = await findArticle(this.db, id);
    if (!article) throw notFound('文章不存在或已下架');
    // Stored bodies are sanitised on the way in; they are sanitised again on the way out.
    return { ...this.withToken(article, viewer), contentHtml: sanitizeArticleHtml(article.contentHtml) };
  }

  tags(): Promise<Tag[]> {
    return listTags(this.db);
  }

  popularSearches(): Promise<PopularSearch[]> {
    return popularSearches(this.db, POPULAR_SEARCHES);
  }

  /** Stores an article; its body is sanitised first. */
  store(row: Insertable<ArticleTable>): Promise<number> {
    return insertArticle(this.db, { ...row, content_html: sanitizeArticleHtml(row.content_html) });
  }

  /** Sanitises every stored body again (after a bulk load such as the seed); answers how many changed. */
  async sanitiseStored(): Promise<number> {
    let changed = 0;
    for (const row of await listArticleBodies(this.db)) {
      const clean = sanitizeArticleHtml(row.content_html);
      if (clean !== row.content_html) {
        await updateArticleBody(this.db, row.id, clean);
        changed++;
      }
    }
    return changed;
  }

  private withToken<T extends Article>(article: T, viewer: Viewer): T {
    if (!viewer.token || article.infoUrl === '') return article;
    return { ...article, infoUrl: appendTokenToOwnLink(article.infoUrl, viewer.token, viewer.ownDomain) };
  }
}
