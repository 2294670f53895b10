import { z } from 'zod';
import { CODE_EMPTY, CODE_INVALID, PHONE_EMPTY, PHONE_INVALID, PHONE_PATTERN } from '../rules/validation.ts';
import { payload } from './common.ts';

export const mobileField = z
  .string({ error: PHONE_EMPTY })
  .trim()
  .min(1, PHONE_EMPTY)
  .regex(PHONE_PATTERN, PHONE_INVALID);

export const codeField = z
  .string({ error: CODE_EMPTY })
  .trim()
  .min(1, CODE_EMPTY)
  .regex(/^\d{6}$/, CODE_INVALID);

/** user/sendCode (spec §7: payload mobile). */
export const SendCodeSchema = payload({ mobile: mobileField });
export type SendCode = z.infer<typeof SendCodeSchema>;

export const SendCodeResultSchema = z.object({
  /** Seconds before another code may be asked for. */
  resendAfter: z.number().int(),
});
export type SendCodeResult = z.infer<typeof SendCodeResultSchema>;

/** user/codeLogin (spec §3 login payload: mobile, code). */
export const CodeLoginSchema = payload({ mobile: mobileField, code: codeField });
export type CodeLogin = z.infer<typeof CodeLoginSchema>;

export const MemberEntitySchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  expireDate: z.string().nullable(),
});
export type MemberEntity = z.infer<typeof MemberEntitySchema>;

/** User info (spec §3). */
export const UserInfoSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  /** Masked: 138****8000. */
  mobile: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  /** Above 0: show the coupon popup. */
  showCoupon: z.number().int(),
  isGuide: z.union([z.literal(0), z.literal(1)]),
  isMember: z.boolean(),
  memberEntityList: z.array(MemberEntitySchema),
  unpaidOrderId: z.string().nullable(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const EmptyPayloadSchema = payload({});
