import { z } from 'zod';
import { MAX_ID } from './catalogue.ts';
import { payload } from './common.ts';

/** activity/get: claim the coupon of a channel campaign (spec §7); once per person. */
// Bounded like every id: PostgreSQL's integer ends at 2^31 − 1, beyond it the query itself fails.
export const ClaimActivitySchema = payload({
  activityId: z.coerce.number().int().positive('活动不存在').max(MAX_ID, '活动不存在'),
});

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

/** The coupon a campaign gives, as the popup and the claim page describe it. */
export const CampaignCouponSchema = z.object({
  name: z.string(),
  couponType: z.number().int(),
  valueText: z.string(),
  minSpend: z.number(),
  validDays: z.number().int(),
  intro: z.string(),
  /** Coupons still to claim. */
  left: z.number().int(),
});

/** h5/getActivity and activity/whichActivity: the channel's running campaign and the person's claim. */
export const CampaignSchema = z.object({
  activity: z
    .object({
      id: z.number().int(),
      title: z.string(),
      img: z.string(),
      startsAt: z.number().int(),
      endsAt: z.number().int(),
      coupon: CampaignCouponSchema.nullable(),
    })
    .nullable(),
  /** This person has claimed it (false when not logged in). */
  claimed: z.boolean(),
});
export type Campaign = z.infer<typeof CampaignSchema>;
