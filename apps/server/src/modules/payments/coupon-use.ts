import { couponDiscount } from '@lawline/contract';
import type { Db } from '../../db/database.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Q } from '../calls/repo.ts';
import type { PayableOrder } from './orders.ts';

/**
 * Coupons on payments (issue 6): what a coupon takes off an order, and its reservation — held by
 * the order (user_coupons.used_order_id) while one of its payments is open, used when one is paid,
 * released when the attempts close.
 */
export class CouponUse {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
  ) {}

  async userCoupon(db: Q, userId: number, userCouponId: number) {
    const row = await db
      .selectFrom('user_coupons')
      .innerJoin('coupons', 'coupons.id', 'user_coupons.coupon_id')
      .select([
        'user_coupons.id as id',
        'user_coupons.user_id as user_id',
        'user_coupons.expires_at as expires_at',
        'user_coupons.used_at as used_at',
        'user_coupons.used_order_id as used_order_id',
        'coupons.name as name',
        'coupons.coupon_type as coupon_type',
        'coupons.value as value',
        'coupons.min_spend_fen as min_spend_fen',
        'coupons.product_codes as product_codes',
      ])
      .where('user_coupons.id', '=', userCouponId)
      .where('user_coupons.user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound('优惠券不存在');
    return row;
  }

  /** The discount a coupon gives this order, or a message saying why it cannot be used. */
  async couponFor(
    order: Pick<PayableOrder, 'id' | 'userId' | 'couponTarget'>,
    userCouponId: number,
    db: Q = this.db,
  ): Promise<{ discountFen: number; name: string } | { error: string; name: string }> {
    const c = await this.userCoupon(db, order.userId, userCouponId);
    if (c.used_at !== null) return { error: '该优惠券已使用', name: c.name };
    if (c.expires_at <= this.clock()) return { error: '该优惠券已过期', name: c.name };
    if (
      c.used_order_id !== null &&
      c.used_order_id !== order.id &&
      (await this.hasOpenAttempt(db, c.used_order_id))
    ) {
      return { error: '该优惠券正在另一笔订单的支付中使用', name: c.name };
    }
    const verdict = couponDiscount(
      {
        couponType: c.coupon_type,
        value: c.value,
        minSpendFen: c.min_spend_fen,
        productCodes: c.product_codes ? c.product_codes.split(',').filter(Boolean) : [],
      },
      order.couponTarget,
    );
    return verdict.usable
      ? { discountFen: verdict.discountFen, name: c.name }
      : { error: verdict.reason, name: c.name };
  }

  async hasOpenAttempt(db: Q, orderId: string): Promise<boolean> {
    const row = await db
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', orderId)
      .where('state', '=', 'open')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Reserves the coupon for this order (guarded: a coupon serves one order's payment). */
  async reserve(trx: Q, userId: number, userCouponId: number, orderId: string): Promise<void> {
    const c = await trx
      .selectFrom('user_coupons')
      .selectAll()
      .where('id', '=', userCouponId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!c) throw notFound('优惠券不存在');
    const holder = c.used_order_id;
    if (holder !== null && holder !== orderId && (await this.hasOpenAttempt(trx, holder))) {
      throw conflict('该优惠券正在另一笔订单的支付中使用');
    }
    const taken = await trx
      .updateTable('user_coupons')
      .set({ used_order_id: orderId })
      .where('id', '=', userCouponId)
      .where('used_at', 'is', null)
      .where((eb) => (holder === null ? eb('used_order_id', 'is', null) : eb('used_order_id', '=', holder)))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw conflict('该优惠券已被使用');
  }

  /** Frees the order's coupon when no open payment of the order still counts on it. */
  async release(trx: Q, orderId: string): Promise<void> {
    if (await this.hasOpenAttempt(trx, orderId)) return;
    await trx
      .updateTable('user_coupons')
      .set({ used_order_id: null })
      .where('used_order_id', '=', orderId)
      .where('used_at', 'is', null)
      .execute();
  }
}
