import type { Message, PageResult } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { RealtimeService } from '../realtime/service.ts';

export type NotificationInput = {
  title: string;
  content: string;
  /** system | order | card | account … */
  kind?: string;
};

/**
 * The user's notifications (Message page). Other modules call `notify`; every change of the
 * unread count is pushed to the user's websockets as '101'.
 */
export class NotificationService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
    private readonly realtime: RealtimeService,
  ) {}

  async notify(userId: number, input: NotificationInput): Promise<{ id: number; unreadCount: number }> {
    const row = await this.db
      .insertInto('notifications')
      .values({
        user_id: userId,
        title: input.title.slice(0, 100),
        content: input.content.slice(0, 2000),
        kind: input.kind ?? 'system',
        created_at: this.clock(),
        read_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const unreadCount = await this.pushCount(userId);
    return { id: row.id, unreadCount };
  }

  async unreadCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(userId: number, page: number, limit: number): Promise<PageResult<Message>> {
    const total = Number(
      (
        await this.db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const rows = await this.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return {
      list: rows.map((r) => ({
        id: r.id,
        title: r.title,
        content: r.content,
        kind: r.kind,
        createdAt: r.created_at,
        read: r.read_at !== null,
      })),
      total,
      page,
      limit,
      hasMore: page * limit < total,
    };
  }

  /** Marks one message (of this user) or all of them read; answers the new unread count. */
  async read(userId: number, target: { id?: number; all?: true }): Promise<number> {
    const now = this.clock();
    if (target.id !== undefined) {
      const row = await this.db
        .selectFrom('notifications')
        .select(['id', 'read_at'])
        .where('id', '=', target.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) throw notFound('消息不存在或已删除');
      if (row.read_at !== null) return this.unreadCount(userId);
      await this.db
        .updateTable('notifications')
        .set({ read_at: now })
        .where('id', '=', target.id)
        .where('read_at', 'is', null)
        .execute();
    } else {
      await this.db
        .updateTable('notifications')
        .set({ read_at: now })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute();
    }
    return this.pushCount(userId);
  }

  private async pushCount(userId: number): Promise<number> {
    const unreadCount = await this.unreadCount(userId);
    await this.realtime.emit(userId, '101', { unreadCount });
    return unreadCount;
  }
}
