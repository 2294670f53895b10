import type { Poster } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';

export async function listPosters(db: Db, channelKey: string): Promise<Poster[]> {
  const rows = await db
    .selectFrom('channel_posters')
    .select(['kind', 'title', 'subtitle', 'img'])
    .where('channel_key', '=', channelKey)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    kind: r.kind === 'activity' ? 'activity' : 'share',
    title: r.title,
    subtitle: r.subtitle,
    img: r.img,
  }));
}
