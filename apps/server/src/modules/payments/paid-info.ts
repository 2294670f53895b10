import { fenToYuan, PaidMethod, PaidMethodText } from '@lawline/contract';
import type { PaidInfo } from '@lawline/contract/schemas';
import type { Q } from '../calls/repo.ts';

function methodOf(vendor: string): PaidMethod {
  return vendor === PaidMethod.wechat || vendor === PaidMethod.alipay ? vendor : PaidMethod.none;
}

/**
 * How these orders were paid (issue 23: 已支付 with amount, time, method and coupon): the settled
 * payment attempt of each (paid, or paid and later refunded), with its coupon's name. Orders with
 * no settled payment are absent from the map. One query for the payments, one for the coupons.
 */
export async function paidInfoOf(db: Q, orderIds: readonly string[]): Promise<Map<string, PaidInfo>> {
  const result = new Map<string, PaidInfo>();
  if (orderIds.length === 0) return result;
  const payments = await db
    .selectFrom('payments')
    .select([
      'id',
      'order_id',
      'vendor',
      'amount_fen',
      'order_amount_fen',
      'discount_fen',
      'user_coupon_id',
      'paid_at',
    ])
    .where('order_id', 'in', [...new Set(orderIds)])
    .where('state', 'in', ['paid', 'refunded'])
    .where('paid_at', 'is not', null)
    .orderBy('id', 'desc')
    .execute();
  const couponIds = [
    ...new Set(payments.map((p) => p.user_coupon_id).filter((id): id is number => id !== null)),
  ];
  const couponNames = new Map(
    couponIds.length
      ? (
          await db
            .selectFrom('user_coupons')
            .innerJoin('coupons', 'coupons.id', 'user_coupons.coupon_id')
            .select(['user_coupons.id', 'coupons.name'])
            .where('user_coupons.id', 'in', couponIds)
            .execute()
        ).map((c) => [c.id, c.name])
      : [],
  );
  for (const p of payments) {
    if (result.has(p.order_id)) continue; // the newest settled attempt
    const method = methodOf(p.vendor);
    result.set(p.order_id, {
      amount: fenToYuan(p.amount_fen),
      orderAmount: fenToYuan(p.order_amount_fen),
      paidAt: p.paid_at as number,
      method,
      methodText: PaidMethodText[method],
      couponName: p.user_coupon_id !== null ? (couponNames.get(p.user_coupon_id) ?? null) : null,
      couponValue: fenToYuan(p.discount_fen),
    });
  }
  return result;
}

/** A product order settled without a payment attempt (a free right): paid nothing, at paidAt. */
export function paidWithoutPayment(priceFen: number, paidAt: number): PaidInfo {
  return {
    amount: 0,
    orderAmount: fenToYuan(priceFen),
    paidAt,
    method: PaidMethod.none,
    methodText: PaidMethodText.none,
    couponName: null,
    couponValue: 0,
  };
}
