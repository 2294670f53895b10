import type { Db } from '../../db/database.ts';

export function findChannel(db: Db, key: string) {
  return db.selectFrom('channels').selectAll().where('key', '=', key).executeTakeFirst();
}

export function listBanners(db: Db, channelKey: string) {
  return db
    .selectFrom('banners')
    .selectAll()
    .where('channel_key', '=', channelKey)
    .orderBy('place')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findActiveActivity(db: Db, channelKey: string, now: number) {
  return db
    .selectFrom('activities')
    .selectAll()
    .where('channel_key', '=', channelKey)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
