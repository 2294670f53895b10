import { z } from 'zod';
import { payload } from './common.ts';

/** activity/get: claim the coupon of a channel campaign (spec §7); once per person. */
export const ClaimActivitySchema = payload({ activityId: z.coerce.number().int().positive('活动不存在') });

export const UserCouponStatus = z.enum(['valid', 'used', 'expired']);
export type UserCouponStatus = z.infer<typeof UserCouponStatus>;

export const CouponListQuerySchema = payload({ status: UserCouponStatus.optional() });

export const UserCouponSchema = z.object({
  id: z.number().int(),
  couponId: z.number().int(),
  name: z.string(),
  /** 1 money, 2 time, 3 times (spec §9). */
  couponType: z.number().int(),
  /** Yuan off for money coupons, minutes for time coupons, uses for times coupons. */
  value: z.number(),
  valueText: z.string(),
  /** Minimum order amount in yuan (money coupons). */
  minSpend: z.number(),
  productCodes: z.array(z.string()),
  intro: z.string(),
  claimedAt: z.number().int(),
  expiresAt: z.number().int(),
  status: UserCouponStatus,
});
export type UserCoupon = z.infer<typeof UserCouponSchema>;
