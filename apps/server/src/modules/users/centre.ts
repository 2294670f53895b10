import { maskPhone } from '@lawline/contract';
import { MOBILE_SAME, MOBILE_TAKEN, type UserCenter } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, loginExpired } from '../../http/errors.ts';
import type { AuthService } from '../auth/service.ts';
import type { MembershipService } from './membership.ts';

export type CentreDeps = {
  db: Db;
  clock: () => number;
  membership: MembershipService;
  /** SMS codes for the new number (the same limits as login). */
  codes: Pick<AuthService, 'sendCode' | 'verifyCode'>;
  wechatAppId: string;
};

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

/** 我的: the centre's summary, profile edits, the guide flag and changing the phone number. */
export class UserCentreService {
  constructor(private readonly deps: CentreDeps) {}

  private async user(userId: number) {
    const user = await this.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user || user.closed_at !== null) throw loginExpired();
    return user;
  }

  async centre(userId: number): Promise<UserCenter> {
    const { db, membership } = this.deps;
    const user = await this.user(userId);
    const [{ isMember, memberEntityList }, activeCardCount, unread, realName, wechat] = await Promise.all([
      membership.entities(userId),
      membership.activeCardCount(userId),
      db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow(),
      db.selectFrom('user_real_names').select('user_id').where('user_id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('user_wechat')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('app_id', '=', this.deps.wechatAppId)
        .executeTakeFirst(),
    ]);
    return {
      id: user.id,
      mobile: user.mobile ? maskPhone(user.mobile) : '',
      nickname: user.nickname,
      avatar: user.avatar_url,
      isGuide: user.is_guide === 1 ? 1 : 0,
      isMember,
      memberEntityList,
      unreadMessageCount: Number(unread.n),
      activeCardCount,
      realNameVerified: realName !== undefined,
      wechatBound: wechat !== undefined,
    };
  }

  async update(userId: number, change: { nickname?: string; avatar?: string }): Promise<void> {
    await this.user(userId);
    await this.deps.db
      .updateTable('users')
      .set({
        ...(change.nickname !== undefined ? { nickname: change.nickname } : {}),
        ...(change.avatar !== undefined ? { avatar_url: change.avatar } : {}),
        updated_at: this.deps.clock(),
      })
      .where('id', '=', userId)
      .execute();
  }

  async finishGuide(userId: number): Promise<void> {
    await this.deps.db
      .updateTable('users')
      .set({ is_guide: 1, updated_at: this.deps.clock() })
      .where('id', '=', userId)
      .execute();
  }

  private async refuseSame(userId: number, mobile: string): Promise<void> {
    const user = await this.user(userId);
    if (user.mobile === mobile) throw badRequest(MOBILE_SAME);
  }

  /** Sends a code to the NEW number. Whether it is taken is only said once the code proves it. */
  async sendChangeCode(userId: number, mobile: string, ip: string) {
    await this.refuseSame(userId, mobile);
    return this.deps.codes.sendCode(mobile, 'changeMobile', ip);
  }

  /** Moves the account to the new number; sessions stay valid. */
  async changeMobile(userId: number, mobile: string, code: string): Promise<{ mobile: string }> {
    const { db, clock } = this.deps;
    await this.refuseSame(userId, mobile);
    await this.deps.codes.verifyCode(mobile, 'changeMobile', code);
    const holder = await db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst();
    if (holder && holder.id !== userId) throw conflict(MOBILE_TAKEN);
    try {
      await db.updateTable('users').set({ mobile, updated_at: clock() }).where('id', '=', userId).execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(MOBILE_TAKEN);
      throw err;
    }
    return { mobile: maskPhone(mobile) };
  }
}
