import { CouponType, fenToYuan } from '@lawline/contract';
import type { Campaign, UserCoupon, UserCouponStatus } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { conflict, notFound } from '../../http/errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function valueText(type: number, value: number): string {
  if (type === CouponType.time) return `${value}分钟通话时长`;
  if (type === CouponType.times) return `${value}次咨询`;
  return `${fenToYuan(value)}元`;
}

/** Campaign coupons: claimed once per person while stock lasts; listed as valid, used or expired. */
export class CouponService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
  ) {}

  async claim(userId: number, activityId: number, channelKey: string): Promise<string> {
    const now = this.clock();
    return this.db.transaction().execute(async (trx) => {
      const activity = await trx
        .selectFrom('activities')
        .selectAll()
        .where('id', '=', activityId)
        .where('channel_key', '=', channelKey)
        .executeTakeFirst();
      if (!activity || activity.coupon_id === null) throw notFound('活动不存在');
      if (activity.starts_at > now || activity.ends_at <= now) throw conflict('活动未开始或已结束');
      const already = await trx
        .selectFrom('user_coupons')
        .select('id')
        .where('user_id', '=', userId)
        .where('activity_id', '=', activityId)
        .executeTakeFirst();
      if (already) throw conflict('您已领取过该优惠券');
      const coupon = await trx
        .selectFrom('coupons')
        .selectAll()
        .where('id', '=', activity.coupon_id)
        .executeTakeFirstOrThrow();
      // Stock is taken with a guarded update: two claims of the last coupon cannot both win.
      const taken = await trx
        .updateTable('coupons')
        .set((eb) => ({ claimed: eb('claimed', '+', 1) }))
        .where('id', '=', coupon.id)
        .where('claimed', '<', coupon.total)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw conflict('优惠券已领完');
      try {
        await trx
          .insertInto('user_coupons')
          .values({
            user_id: userId,
            coupon_id: coupon.id,
            activity_id: activityId,
            claimed_at: now,
            expires_at: now + coupon.valid_days * DAY_MS,
            used_order_id: null,
            used_at: null,
          })
          .execute();
      } catch {
        // The unique (user, activity) index: a double tap claimed it a moment ago.
        throw conflict('您已领取过该优惠券');
      }
      return `领取成功：${coupon.name}已放入您的优惠券`;
    });
  }

  /** The channel's running campaign with its coupon, and whether this person claimed it. */
  async campaign(channelKey: string, userId: number | null): Promise<Campaign> {
    const now = this.clock();
    const activity = await this.db
      .selectFrom('activities')
      .selectAll()
      .where('channel_key', '=', channelKey)
      .where('starts_at', '<=', now)
      .where('ends_at', '>', now)
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!activity) return { activity: null, claimed: false };
    const coupon =
      activity.coupon_id === null
        ? undefined
        : await this.db
            .selectFrom('coupons')
            .selectAll()
            .where('id', '=', activity.coupon_id)
            .executeTakeFirst();
    const claimed =
      userId === null
        ? false
        : (await this.db
            .selectFrom('user_coupons')
            .select('id')
            .where('user_id', '=', userId)
            .where('activity_id', '=', activity.id)
            .executeTakeFirst()) !== undefined;
    return {
      activity: {
        id: activity.id,
        title: activity.title,
        img: activity.img,
        startsAt: activity.starts_at,
        endsAt: activity.ends_at,
        coupon: coupon
          ? {
              name: coupon.name,
              couponType: coupon.coupon_type,
              valueText: valueText(coupon.coupon_type, coupon.value),
              minSpend: fenToYuan(coupon.min_spend_fen),
              validDays: coupon.valid_days,
              intro: coupon.intro,
              left: Math.max(0, coupon.total - coupon.claimed),
            }
          : null,
      },
      claimed,
    };
  }

  async list(userId: number, status?: UserCouponStatus): Promise<UserCoupon[]> {
    const now = this.clock();
    const rows = await this.db
      .selectFrom('user_coupons')
      .innerJoin('coupons', 'coupons.id', 'user_coupons.coupon_id')
      .select([
        'user_coupons.id as id',
        'user_coupons.coupon_id as couponId',
        'user_coupons.claimed_at as claimedAt',
        'user_coupons.expires_at as expiresAt',
        'user_coupons.used_at as usedAt',
        'coupons.name as name',
        'coupons.coupon_type as couponType',
        'coupons.value as value',
        'coupons.min_spend_fen as minSpendFen',
        'coupons.product_codes as productCodes',
        'coupons.intro as intro',
      ])
      .where('user_coupons.user_id', '=', userId)
      .orderBy('user_coupons.claimed_at', 'desc')
      .orderBy('user_coupons.id', 'desc')
      .execute();
    return rows
      .map((r): UserCoupon => {
        const state: UserCouponStatus = r.usedAt !== null ? 'used' : r.expiresAt <= now ? 'expired' : 'valid';
        return {
          id: r.id,
          couponId: r.couponId,
          name: r.name,
          couponType: r.couponType,
          value: r.couponType === CouponType.money ? fenToYuan(r.value) : r.value,
          valueText: valueText(r.couponType, r.value),
          minSpend: fenToYuan(r.minSpendFen),
          productCodes: r.productCodes ? r.productCodes.split(',').filter(Boolean) : [],
          intro: r.intro,
          claimedAt: r.claimedAt,
          expiresAt: r.expiresAt,
          status: state,
        };
      })
      .filter((c) => !status || c.status === status);
  }
}
