import { appendTokenToOwnLink } from '@lawline/contract';
import {
  type Article,
  type ArticleDetail,
  ArticlePageSchema,
  envelope,
  type PageResult,
  type PopularSearch,
  type Tag,
} from '@lawline/contract/schemas';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { toPage } from '../../db/query-helpers.ts';
import type { ArticleTable } from '../../db/schema.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { type Cached, ReadCache } from './read-cache.ts';
import {
  type ArticleSort,
  articleWrites,
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

/** How late an article list may show a change made outside this process (or a read count). */
const LIST_CACHE_MS = 5_000;
/** Distinct cached lists (sort × page × limit × tag filter); searches are never cached. */
const LIST_CACHE_KEYS = 500;

/** One page of the list; `cached` is its ready answer when the viewer sees the shared version. */
export type ArticleListAnswer = { page: PageResult<Article>; cached: Cached<PageResult<Article>> | null };

/** '  Labour   Law ' → 'labour law': how a search is counted and matched. */
export function normaliseSearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Information (资讯): article list, tags, popular searches and the article reader. */
export class ContentService {
  /**
   * Lists without a search (the home screen's and the 资讯 tab's first pages, read by every
   * visitor): kept for a few seconds, dropped at once when this process stores an article.
   */
  private readonly lists: ReadCache<PageResult<Article>>;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
  ) {
    this.lists = new ReadCache({
      ttlMs: LIST_CACHE_MS,
      maxEntries: LIST_CACHE_KEYS,
      schema: envelope(ArticlePageSchema),
      envelope: (page: PageResult<Article>) => ok(page),
      version: () => articleWrites.of(db),
    });
  }

  /**
   * Newest first (or hot first), filtered by search text and tags. A first-page search that
   * finds something counts towards the popular searches (later pages are the same search).
   * Comes with the ready answer when it is the shared one (no search, no token to add).
   */
  async list(query: ArticleQuery, viewer: Viewer): Promise<ArticleListAnswer> {
    const search = query.searchContent ? normaliseSearch(query.searchContent) : undefined;
    if (search) {
      const page = await this.loadPage(query, search);
      if (query.page === 1 && page.total > 0) await recordSearch(this.db, search, this.clock());
      return { page: this.pageWithToken(page, viewer), cached: null };
    }
    const key = `${query.sort}|${query.page}|${query.limit}|${query.tagIds?.join(',') ?? ''}`;
    const cached = await this.lists.get(key, () => this.loadPage(query, undefined));
    return viewer.token
      ? { page: this.pageWithToken(cached.value, viewer), cached: null }
      : { page: cached.value, cached };
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

  private async loadPage(query: ArticleQuery, search: string | undefined): Promise<PageResult<Article>> {
    const { list, total } = await pageArticles(
      this.db,
      { search, tagIds: query.tagIds },
      query.sort,
      query.page,
      query.limit,
    );
    return toPage(list, total, query.page, query.limit);
  }

  private pageWithToken(page: PageResult<Article>, viewer: Viewer): PageResult<Article> {
    if (!viewer.token) return page;
    return { ...page, list: page.list.map((article) => this.withToken(article, viewer)) };
  }

  private withToken<T extends Article>(article: T, viewer: Viewer): T {
    if (!viewer.token || article.infoUrl === '') return article;
    return { ...article, infoUrl: appendTokenToOwnLink(article.infoUrl, viewer.token, viewer.ownDomain) };
  }
}
