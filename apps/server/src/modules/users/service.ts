import { maskPhone } from '@lawline/contract';
import type { UserInfo } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { loginExpired } from '../../http/errors.ts';
import { MembershipService } from './membership.ts';

export class UserService {
  readonly membership: MembershipService;

  constructor(
    private readonly db: Db,
    clock: () => number = Date.now,
  ) {
    this.membership = new MembershipService(db, clock);
  }

  /** User info of spec §3 for the holder of `token`. */
  async info(userId: number, token: string, channel: { activity: { id: number } | null }): Promise<UserInfo> {
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user || user.closed_at !== null) throw loginExpired();
    const { isMember, memberEntityList } = await this.membership.entities(userId);
    // The oldest phone consultation with money owed (issue 5), for the unpaid-order reminder.
    const unpaid = await this.db
      .selectFrom('call_orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('state', 'in', ['payment_due', 'pay_submitted'])
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    // The coupon popup is for people who have not claimed the running campaign yet.
    const claimed = channel.activity
      ? await this.db
          .selectFrom('user_coupons')
          .select('id')
          .where('user_id', '=', userId)
          .where('activity_id', '=', channel.activity.id)
          .executeTakeFirst()
      : undefined;
    return {
      id: user.id,
      token,
      mobile: user.mobile ? maskPhone(user.mobile) : '',
      nickname: user.nickname,
      avatar: user.avatar_url,
      showCoupon: channel.activity && !claimed ? 1 : 0,
      isGuide: user.is_guide === 1 ? 1 : 0,
      isMember,
      memberEntityList,
      unpaidOrderId: unpaid?.id ?? null,
    };
  }
}
