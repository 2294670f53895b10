import type { InsertObject, Transaction } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import { rateFromSampleEvaluations, seedSampleCallOrders, seedSampleReviews } from './call-orders.ts';
import { memberCardRightRows, memberCardRows, productRows } from './catalogue.ts';
import { seedCatalogueExtra } from './catalogue-extra.ts';
import { activityRows, bannerRows, channelRows, couponRows } from './channels.ts';
import { articleSeeds, tagRows } from './content.ts';
import { instituteRows, lawyerCaseRows, lawyerRows, lawyerSeeds, taxAdvisorRows } from './lawyers.ts';

/** At most this many rows per insert statement (keeps both dialects far from parameter limits). */
const BATCH_SIZE = 100;

async function insertAll<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly InsertObject<Database, T>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + BATCH_SIZE))
      .execute();
  }
}

/**
 * Fills an empty database with the sample data (channels, banners, campaigns, coupons, lawyers
 * and their cases, institutes, tax advisors, articles, products and member cards), all in one
 * transaction. Does nothing when channels already exist, so a restart keeps the data.
 * Ids are assigned by the database and looked up afterwards by natural keys.
 */
export async function seedDatabase(db: Db, now: number): Promise<{ seeded: boolean }> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('channels').select('key').limit(1).executeTakeFirst();
    if (existing) {
      await fillNewChannelFields(trx);
      return { seeded: false };
    }

    await insertAll(trx, 'channels', channelRows());
    await insertAll(trx, 'banners', bannerRows());

    await insertAll(trx, 'coupons', couponRows());
    const coupons = await trx.selectFrom('coupons').select(['id', 'name']).execute();
    const couponIds = new Map(coupons.map((c) => [c.name, c.id]));
    await insertAll(trx, 'activities', activityRows(now, couponIds));

    const lawyers = lawyerSeeds(now);
    await insertAll(trx, 'lawyers', lawyerRows(lawyers));
    const lawyerIdRows = await trx.selectFrom('lawyers').select(['id', 'user_id']).execute();
    const lawyerIds = new Map(lawyerIdRows.map((l) => [l.user_id, l.id]));
    await insertAll(trx, 'lawyer_cases', lawyerCaseRows(lawyers, lawyerIds, now));

    await insertAll(trx, 'institutes', instituteRows());
    await insertAll(trx, 'tax_advisors', taxAdvisorRows());

    await insertAll(trx, 'tags', tagRows());
    const tags = await trx.selectFrom('tags').select(['id', 'name']).execute();
    const tagIds = new Map(tags.map((t) => [t.name, t.id]));
    const articles = articleSeeds(
      now,
      lawyers.map((l) => l.real_name),
    );
    await insertAll(
      trx,
      'articles',
      articles.map(({ tagNames: _tagNames, ...row }) => row),
    );
    const articleIdRows = await trx.selectFrom('articles').select(['id', 'subject']).execute();
    const articleIds = new Map(articleIdRows.map((a) => [a.subject, a.id]));
    await insertAll(
      trx,
      'article_tags',
      articles.flatMap((article) => {
        const articleId = articleIds.get(article.subject);
        if (articleId === undefined) throw new Error(`article not inserted: ${article.subject}`);
        return article.tagNames.map((name) => {
          const tagId = tagIds.get(name);
          if (tagId === undefined) throw new Error(`unknown article tag: ${name}`);
          return { article_id: articleId, tag_id: tagId };
        });
      }),
    );

    await insertAll(trx, 'products', productRows());
    await insertAll(trx, 'member_cards', memberCardRows());
    await insertAll(trx, 'member_card_rights', memberCardRightRows());
    await seedCatalogueExtra(trx, now);
    // Phone consultation (issue 5): sample finished calls for the home ticker (clearly sample).
    await seedSampleCallOrders(trx, now);
    // Reviews on profiles (issue 23): evaluated sample calls of the hottest lawyers.
    await seedSampleReviews(trx, now);
    await rateFromSampleEvaluations(trx);

    return { seeded: true };
  });
}

/**
 * Sample data kept from an earlier start has the columns later migrations added left at their
 * defaults: the sample channels get their customer service phone (migration 0012 adds it empty),
 * so 联系客服 shows after an upgrade too. A phone somebody set is never overwritten.
 */
async function fillNewChannelFields(trx: Transaction<Database>): Promise<void> {
  for (const row of channelRows()) {
    if (!row.service_phone) continue;
    await trx
      .updateTable('channels')
      .set({ service_phone: row.service_phone, service_hours: row.service_hours })
      .where('key', '=', row.key)
      .where('service_phone', '=', '')
      .execute();
  }
}
