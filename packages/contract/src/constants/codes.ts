/** Service types of spec §9. */
export const ServiceType = {
  tel: 1,
  card: 2,
  contractDown: 3,
  contractReview: 4,
  doc: 5,
  video: 6,
  contentShare: 7,
} as const;
export type ServiceType = (typeof ServiceType)[keyof typeof ServiceType];

/** Pay types of spec §9 (strings on the wire). */
export const PayType = { aliPay: '0', wxPay: '1', wxFssPay: '5' } as const;
export type PayType = (typeof PayType)[keyof typeof PayType];

/** Membership product types of spec §9. */
export const ProductType = { timeCard: '3', annualCard: '2' } as const;
export type ProductType = (typeof ProductType)[keyof typeof ProductType];

/** How a phone consultation is charged (spec §9: byPer '1', byTime '2'). */
export const Charge = { byPer: '1', byTime: '2' } as const;
export type Charge = (typeof Charge)[keyof typeof Charge];

/** Unit text shown after a phone-consult price (spec §9). */
export const ChargeUnitText: Record<Charge, string> = {
  [Charge.byPer]: '元/次',
  [Charge.byTime]: '元/分钟',
};

/** Coupon types of spec §9. */
export const CouponType = { money: 1, time: 2, times: 3 } as const;
export type CouponType = (typeof CouponType)[keyof typeof CouponType];

/** Upload types of spec §9. */
export const UploadType = { doc: '8', bank: '25' } as const;
export type UploadType = (typeof UploadType)[keyof typeof UploadType];

/** Product codes of spec §9. */
export const ProductCode = {
  phoneCall: 'SC17001',
  docCheck: 'SC18001',
  docModule: 'SC18002',
  docDraft: 'SC18004',
  faceConsult: 'SC19001',
  lawyerLetter: 'SC19002',
  lawsuit: 'SC19003',
} as const;
export type ProductCode = (typeof ProductCode)[keyof typeof ProductCode];

/** Channel data: banner places, banner types 1–3, mode page 1 / pop 2 (spec §3). */
export const BannerPlace = { header: 'header', body: 'body', middle: 'middle' } as const;
export type BannerPlace = (typeof BannerPlace)[keyof typeof BannerPlace];
export const BannerType = { image: 1, link: 2, activity: 3 } as const;
export type BannerType = (typeof BannerType)[keyof typeof BannerType];
export const ChannelMode = { page: 1, pop: 2 } as const;
export type ChannelMode = (typeof ChannelMode)[keyof typeof ChannelMode];

/** The request's user type: every consumer request carries usertype=3 (spec §3). */
export const UserType = { consumer: '3', lawyer: '2' } as const;

/** Channels of the product; gzh is the default. */
export const ChannelKey = { gzh: 'gzh', czh: 'czh', zxyh: 'zxyh', paky: 'paky', yjjd: 'yjjd' } as const;
export type ChannelKey = (typeof ChannelKey)[keyof typeof ChannelKey];
export const defaultChannel: ChannelKey = ChannelKey.gzh;

/** Lawyer levels (spec §3): 1 famous, 2 expert, 3 senior, 4 or empty none. */
export const LawyerLevel = { famous: 1, expert: 2, senior: 3, none: 4 } as const;
export type LawyerLevel = (typeof LawyerLevel)[keyof typeof LawyerLevel];
export const LawyerLevelName: Record<number, string> = { 1: '著名', 2: '专家', 3: '资深' };

/** Wire codes of the envelope (spec §8); the HTTP status says the same. */
export const WireCode = {
  ok: 0,
  badRequest: 400,
  loginExpired: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  internal: 500,
  unavailable: 503,
  channelError: 40041,
  /** Legacy login-expired code the client must also honour. */
  loginExpiredLegacy: '020103',
  /** Pay success code that resolves normally. */
  paySuccess: '301',
} as const;

export const LOGIN_EXPIRED_MESSAGE = 'access_token非法或者过期!';
export const DATA_FORMAT_ERROR_MESSAGE = '数据格式异常，请联系客服';
