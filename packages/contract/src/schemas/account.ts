import { z } from 'zod';
import { checkIdNumber, checkRealName, normalizeIdNumber } from '../rules/id-number.ts';
import { PageQueryShape, pageResult, payload } from './common.ts';
import { codeField, MemberEntitySchema, mobileField } from './user.ts';

// ---------------------------------------------------------------------------------------------
// User centre (我的): GET user/userCenter, POST user/update, POST user/updateGuide,
// POST user/codeForChangeMobile, POST user/changeMobile.
// ---------------------------------------------------------------------------------------------

/** GET user/userCenter → what the 我的 page shows. */
export const UserCenterSchema = z.object({
  id: z.number().int(),
  /** Masked: 138****8000. */
  mobile: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  isGuide: z.union([z.literal(0), z.literal(1)]),
  isMember: z.boolean(),
  memberEntityList: z.array(MemberEntitySchema),
  /** Unread notifications (Message page badge). */
  unreadMessageCount: z.number().int(),
  /** Active member cards. */
  activeCardCount: z.number().int(),
  /** Three elements saved and verified. */
  realNameVerified: z.boolean(),
  /** A WeChat openid is bound to this account. */
  wechatBound: z.boolean(),
});
export type UserCenter = z.infer<typeof UserCenterSchema>;

export const NICKNAME_INVALID = '昵称为1–20个字符';
export const AVATAR_INVALID = '头像必须是 https 图片地址或本站 /media/ 路径';

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

export const nicknameField = z
  .string({ error: NICKNAME_INVALID })
  .trim()
  .min(1, '请输入昵称')
  .refine((v) => Array.from(v).length <= 20, NICKNAME_INVALID)
  .refine((v) => !CONTROL_CHARS.test(v), '昵称包含无法识别的字符');

/** An avatar: an https URL, or a path on our own /media/ (no "..", no scheme tricks). */
export const avatarField = z
  .string({ error: AVATAR_INVALID })
  .trim()
  .max(500, '头像地址过长')
  .refine((v) => {
    if (v.startsWith('/media/')) return !v.includes('..') && !v.includes('\\') && !CONTROL_CHARS.test(v);
    if (!v.startsWith('https://')) return false;
    try {
      return new URL(v).protocol === 'https:';
    } catch {
      return false;
    }
  }, AVATAR_INVALID);

/** POST user/update: nickname and/or avatar. */
export const UpdateUserSchema = payload({
  nickname: nicknameField.optional(),
  avatar: avatarField.optional(),
}).refine((v) => v.nickname !== undefined || v.avatar !== undefined, '请填写要修改的昵称或头像');
export type UpdateUser = z.infer<typeof UpdateUserSchema>;

/** POST user/updateGuide (spec §4: skipping or 我知道了 sends guideStatus '1'). */
export const UpdateGuideSchema = payload({
  guideStatus: z.union([z.literal('1'), z.literal(1)], { error: "guideStatus 只能是 '1'" }),
});
export const UpdateGuideResultSchema = z.object({ isGuide: z.literal(1) });

/** POST user/codeForChangeMobile: the code goes to the NEW number. */
export const CodeForChangeMobileSchema = payload({ mobile: mobileField });
/** POST user/changeMobile: the new number and the code it received. */
export const ChangeMobileSchema = payload({ mobile: mobileField, code: codeField });
export const ChangeMobileResultSchema = z.object({ mobile: z.string() });
export const MOBILE_TAKEN = '该手机号已被其他账号使用';
export const MOBILE_SAME = '新手机号不能与当前手机号相同';

// ---------------------------------------------------------------------------------------------
// Member rights: GET user/memberRightList, user/newMemberRightList, user/memberRightExpired.
// ---------------------------------------------------------------------------------------------

export const MemberRightItemSchema = z.object({
  rightCode: z.string(),
  rightName: z.string(),
  /** Uses per card year; null = unlimited. */
  perYear: z.number().int().nullable(),
  /** Used in the current card year. */
  used: z.number().int(),
  /** Left in the current card year; null = unlimited. */
  remaining: z.number().int().nullable(),
  /** Price ratio in percent for a discount right (70 = 7折). */
  pricePercent: z.number().int().nullable(),
  /** Usable from this day (YYYY-MM-DD, Beijing time) when the right has a waiting period. */
  availableFrom: z.string().nullable(),
  /** Upper limit of the claim in yuan, if any. */
  capYuan: z.number().nullable(),
  note: z.string(),
});
export type MemberRightItem = z.infer<typeof MemberRightItemSchema>;

export const MemberCardRightsSchema = z.object({
  /** The user's card row. */
  id: z.number().int(),
  /** Canonical card code (legacy codes mapped). */
  productCode: z.string(),
  productName: z.string(),
  /** YYYY-MM-DD, Beijing time. */
  startDate: z.string(),
  expireDate: z.string(),
  rights: z.array(MemberRightItemSchema),
});
export type MemberCardRights = z.infer<typeof MemberCardRightsSchema>;

/** memberRightList / memberRightExpired: one entry per card. */
export const MemberRightListSchema = z.array(MemberCardRightsSchema);

/** newMemberRightList: one entry per right, summed over the active cards. */
export const MemberRightSummarySchema = z.object({
  rightCode: z.string(),
  rightName: z.string(),
  perYear: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
  pricePercent: z.number().int().nullable(),
  /** The cards that carry this right. */
  productCodes: z.array(z.string()),
  /** The latest expiry among those cards (YYYY-MM-DD). */
  expireDate: z.string(),
});
export const NewMemberRightListSchema = z.object({
  isMember: z.boolean(),
  rights: z.array(MemberRightSummarySchema),
});

// ---------------------------------------------------------------------------------------------
// Three elements (real-name check): GET user/checkThreeElements, POST user/saveThreeElements.
// ---------------------------------------------------------------------------------------------

export const realNameField = z
  .string({ error: '请输入真实姓名' })
  .trim()
  .superRefine((v, ctx) => {
    const problem = checkRealName(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const idNumberField = z
  .string({ error: '请输入身份证号码' })
  .transform(normalizeIdNumber)
  .superRefine((v, ctx) => {
    const problem = checkIdNumber(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const CONSENT_REQUIRED = '请先阅读并同意《个人信息处理授权》后再提交实名信息';

/** POST user/saveThreeElements: consent is its own explicit tick (PIPL: sensitive personal information). */
export const SaveThreeElementsSchema = payload({
  realName: realNameField,
  idNumber: idNumberField,
  mobile: mobileField,
  consent: z.literal(true, { error: CONSENT_REQUIRED }),
});
export type SaveThreeElements = z.infer<typeof SaveThreeElementsSchema>;

/** Answer of both calls: only masked values ever leave the server. */
export const ThreeElementsSchema = z.object({
  verified: z.boolean(),
  /** 张* */
  realName: z.string().nullable(),
  /** 110***********1234 */
  idNumber: z.string().nullable(),
  /** 138****8000 */
  mobile: z.string().nullable(),
  /** When the person consented and saved (epoch ms). */
  verifiedAt: z.number().nullable(),
});
export type ThreeElements = z.infer<typeof ThreeElementsSchema>;

// ---------------------------------------------------------------------------------------------
// Account cancellation (UnLinkReason → UnLinkResearch): GET user/unlinkInfo, POST user/unlink.
// ---------------------------------------------------------------------------------------------

/** Reasons offered on UnLinkReason; the survey may be skipped. */
export const UnlinkReason = {
  noNeed: '不再需要法律咨询服务',
  price: '价格太贵',
  experience: '服务体验不满意',
  privacy: '担心个人信息安全',
  otherAccount: '已有其他账号',
  other: '其他原因',
} as const;
export type UnlinkReasonCode = keyof typeof UnlinkReason;
export const unlinkReasonCodes = Object.keys(UnlinkReason) as [UnlinkReasonCode, ...UnlinkReasonCode[]];

export const UnlinkInfoSchema = z.object({
  /** What will happen, one sentence per line. */
  consequences: z.array(z.string()),
  reasons: z.array(z.object({ code: z.enum(unlinkReasonCodes), text: z.string() })),
  /** Active cards the person gives up (shown so nobody is surprised). */
  activeCards: z.array(MemberEntitySchema),
});
export type UnlinkInfo = z.infer<typeof UnlinkInfoSchema>;

export const UNLINK_CONFIRM_REQUIRED = '请确认已了解注销后果后再提交';

export const UnlinkSchema = payload({
  reason: z.enum(unlinkReasonCodes, { error: '请选择列表中的注销原因' }).optional(),
  text: z.string().trim().max(200, '补充说明最多200个字').optional(),
  confirm: z.literal(true, { error: UNLINK_CONFIRM_REQUIRED }),
});
export type Unlink = z.infer<typeof UnlinkSchema>;
export const UnlinkResultSchema = z.object({ closedAt: z.number() });

// ---------------------------------------------------------------------------------------------
// Messages: GET message/list, POST message/read, GET message/unreadCount.
// ---------------------------------------------------------------------------------------------

export const MessageListQuerySchema = payload(PageQueryShape);
export const MessageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** system | order | card | account … */
  kind: z.string(),
  createdAt: z.number(),
  read: z.boolean(),
});
export type Message = z.infer<typeof MessageSchema>;
export const MessagePageSchema = pageResult(MessageSchema);

/** POST message/read: one message by id, or all of them. */
export const ReadMessageSchema = payload({
  id: z.coerce.number().int().positive('消息id必须是正整数').max(2_147_483_647).optional(),
  all: z.literal(true).optional(),
}).refine((v) => (v.id === undefined) !== (v.all === undefined), '请指定消息id，或传 all: true 标记全部已读');
export const UnreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;
