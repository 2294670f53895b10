import { articleConsultField, consultFieldName } from '@lawline/contract';
import type { Article, ArticleDetail, PopularSearch, Tag } from '@lawline/contract/schemas';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsText, isoTime, offsetOf } from '../../db/query-helpers.ts';
import type { ArticleTable } from '../../db/schema.ts';
import { VersionCounter } from './read-cache.ts';

export type ArticleFilter = { search?: string | undefined; tagIds?: readonly number[] | undefined };
export type ArticleSort = 'new' | 'hot';

type ArticleRow = Selectable<ArticleTable>;

/**
 * Bumped by the article writes below (per database handle): cached article lists compare it.
 * A read count (countRead) is not a change here: lists may show it a few seconds late.
 */
export const articleWrites = new VersionCounter();

/** Columns of a list card (summary, author, tags and the body come with the detail). */
const cardColumns = [
  'articles.id',
  'articles.subject',
  'articles.info_url',
  'articles.h_cover_url',
  'articles.v_cover_url',
  'articles.reads_count',
  'articles.created_at',
] as const;

type CardRow = Pick<
  ArticleRow,
  'id' | 'subject' | 'info_url' | 'h_cover_url' | 'v_cover_url' | 'reads_count' | 'created_at'
>;

function toArticle(row: CardRow): Article {
  return {
    id: row.id,
    subject: row.subject,
    createDate: isoTime(row.created_at),
    readsCount: row.reads_count,
    infoUrl: row.info_url,
    hCoverFileUrl: row.h_cover_url,
    vCoverFileUrl: row.v_cover_url,
  };
}

function baseQuery(db: Db, filter: ArticleFilter) {
  let query = db.selectFrom('articles');
  if (filter.search) {
    const search = filter.search;
    query = query.where((eb) =>
      eb.or([containsText('articles.subject', search), containsText('articles.summary', search)]),
    );
  }
  if (filter.tagIds && filter.tagIds.length > 0) {
    const tagIds = [...filter.tagIds];
    query = query.where((eb) =>
      eb(
        'articles.id',
        'in',
        eb
          .selectFrom('article_tags')
          .select('article_tags.article_id')
          .where('article_tags.tag_id', 'in', tagIds),
      ),
    );
  }
  return query;
}

async function tagsOf(db: Db, articleId: number): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('article_tags')
    .innerJoin('tags', 'tags.id', 'article_tags.tag_id')
    .select(['tags.id', 'tags.name'])
    .where('article_tags.article_id', '=', articleId)
    .orderBy('tags.sort')
    .orderBy('tags.id')
    .execute();
}

export async function pageArticles(
  db: Db,
  filter: ArticleFilter,
  sort: ArticleSort,
  page: number,
  limit: number,
): Promise<{ list: Article[]; total: number }> {
  let listQuery = baseQuery(db, filter).select(cardColumns);
  listQuery =
    sort === 'hot'
      ? listQuery
          .orderBy('articles.is_hot', 'desc')
          .orderBy('articles.reads_count', 'desc')
          .orderBy('articles.id', 'desc')
      : listQuery.orderBy('articles.created_at', 'desc').orderBy('articles.id', 'desc');
  const [rows, count] = await Promise.all([
    listQuery.limit(limit).offset(offsetOf(page, limit)).execute(),
    baseQuery(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toArticle), total: Number(count.n) };
}

/** Counts one read; false when there is no such article. */
export async function countRead(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('articles')
    .set((eb) => ({ reads_count: eb('reads_count', '+', 1) }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findArticle(db: Db, id: number): Promise<ArticleDetail | null> {
  const row = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const tags = await tagsOf(db, id);
  // The 咨询律师 bar at the end of the article opens SubTel with this field (issue 23).
  const consultField = articleConsultField(tags.map((t) => t.name));
  return {
    ...toArticle(row),
    summary: row.summary,
    author: row.author,
    isHot: row.is_hot === 1,
    tags,
    contentHtml: row.content_html,
    consultField,
    consultFieldName: consultFieldName(consultField) ?? '',
  };
}

export async function insertArticle(db: Db, row: Insertable<ArticleTable>): Promise<number> {
  const inserted = await db.insertInto('articles').values(row).returning('id').executeTakeFirstOrThrow();
  articleWrites.bump(db);
  return inserted.id;
}

export function listArticleBodies(db: Db) {
  return db.selectFrom('articles').select(['id', 'content_html']).orderBy('id').execute();
}

export async function updateArticleBody(db: Db, id: number, html: string): Promise<void> {
  await db.updateTable('articles').set({ content_html: html }).where('id', '=', id).execute();
  articleWrites.bump(db);
}

/** Tags in the operators' order, with how many articles carry each. */
export async function listTags(db: Db): Promise<Tag[]> {
  const rows = await db
    .selectFrom('tags')
    .select(['tags.id', 'tags.name'])
    .select((eb) =>
      eb
        .selectFrom('article_tags')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('article_tags.tag_id', '=', 'tags.id')
        .as('article_count'),
    )
    .orderBy('tags.sort')
    .orderBy('tags.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, articleCount: Number(r.article_count ?? 0) }));
}

/** One more search of `term` (already normalised). */
export async function recordSearch(db: Db, term: string, now: number): Promise<void> {
  await db
    .insertInto('search_terms')
    .values({ term, count: 1, updated_at: now })
    .onConflict((oc) =>
      oc.column('term').doUpdateSet((eb) => ({
        count: eb('search_terms.count', '+', 1),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

export async function popularSearches(db: Db, limit: number): Promise<PopularSearch[]> {
  const rows = await db
    .selectFrom('search_terms')
    .select(['term', 'count'])
    .where('count', '>', 0)
    .orderBy('count', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('term')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ keyword: r.term, count: r.count }));
}
