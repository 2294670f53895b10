import {
  BannerPlace,
  BannerType,
  ChannelKey,
  ChannelMode,
  Charge,
  ProductCode,
  Slogan,
} from '@lawline/contract';
import type { Insertable } from 'kysely';
import type { ActivityTable, BannerTable, ChannelTable, CouponTable } from '../schema.ts';
import { type ArtSize, artUrl, bannerScene } from './art/scenes.ts';
import { placeholder } from './media.ts';
import { DAY } from './random.ts';

type ChannelSeed = Insertable<ChannelTable> & { short: string };

/** The product's channels; gzh (the product's own official account) is the default. */
const channelSeeds: readonly ChannelSeed[] = [
  {
    key: ChannelKey.gzh,
    channel_code: 'GZH001',
    name: '律线法律咨询',
    short: '律线',
    slogan: Slogan,
    logo_url: '',
    primary_color: '#1F6FEB',
    secondary_color: '#E8F1FE',
    mode: ChannelMode.page,
    charge: Charge.byTime,
    price_fen: 600,
    sort: 0,
    service_phone: '400-800-1001',
    service_hours: '09:00–21:00',
  },
  {
    key: ChannelKey.czh,
    channel_code: 'CZH001',
    name: '橙子生活法律服务',
    short: '橙子',
    slogan: '生活难题，律师帮你拿主意',
    logo_url: '',
    primary_color: '#FF7A18',
    secondary_color: '#FFF2E6',
    mode: ChannelMode.pop,
    charge: Charge.byPer,
    price_fen: 3900,
    sort: 1,
    service_phone: '400-800-1002',
    service_hours: '09:00–21:00',
  },
  {
    key: ChannelKey.zxyh,
    channel_code: 'ZXYH001',
    name: '众信示例银行法律权益',
    short: '众信',
    slogan: '持卡客户专属法律权益',
    logo_url: '',
    primary_color: '#C8102E',
    secondary_color: '#FCEBEE',
    mode: ChannelMode.page,
    charge: Charge.byTime,
    price_fen: 500,
    sort: 2,
    service_phone: '400-800-1003',
    service_hours: '08:30–20:30',
  },
  {
    key: ChannelKey.paky,
    channel_code: 'PAKY001',
    name: '普安康业示例法律顾问',
    short: '普安',
    slogan: '您身边的私人法律顾问',
    logo_url: '',
    primary_color: '#0E9F6E',
    secondary_color: '#E3F7EF',
    mode: ChannelMode.pop,
    charge: Charge.byPer,
    price_fen: 2900,
    sort: 3,
    service_phone: '400-800-1004',
    service_hours: '09:00–18:00',
  },
  {
    key: ChannelKey.yjjd,
    channel_code: 'YJJD001',
    name: '益家示例法律服务',
    short: '益家',
    slogan: '家事无忧，益家有律师',
    logo_url: '',
    primary_color: '#7B4DFF',
    secondary_color: '#F0EBFF',
    mode: ChannelMode.page,
    charge: Charge.byTime,
    price_fen: 600,
    sort: 4,
    service_phone: '400-800-1005',
    service_hours: '09:00–21:00',
  },
];

const hex = (color: string) => color.replace(/^#/, '');

export function channelRows(): Insertable<ChannelTable>[] {
  return channelSeeds.map(({ short, ...row }) => ({
    ...row,
    logo_url: placeholder(120, 120, short, hex(row.primary_color), 'ffffff'),
  }));
}

type BannerSeed = { place: BannerPlace; type: BannerType; title: string; target: string };

const EXTERNAL_GUIDE = 'https://www.example.com/guides/consumer-rights';
const EXTERNAL_NEWS = 'https://www.example.org/legal-news/2024-civil-code';

/** Banner sets per channel: header 2–3, body 1–2, middle 1–2; every kind of target is covered. */
const bannerSeeds: Record<ChannelKey, readonly BannerSeed[]> = {
  gzh: [
    { place: BannerPlace.header, type: BannerType.image, title: '60秒连线专业律师', target: 'go_SubTel/2' },
    {
      place: BannerPlace.header,
      type: BannerType.image,
      title: '开通会员 全年不限次咨询',
      target: 'go_MemberCard',
    },
    { place: BannerPlace.header, type: BannerType.link, title: 'AI法律助手 随时问答', target: 'ilawyer' },
    {
      place: BannerPlace.header,
      type: BannerType.image,
      title: '合同模板 一键导出到邮箱',
      target: 'go_SubDoc/docModule',
    },
    {
      place: BannerPlace.body,
      type: BannerType.image,
      title: '名律师面对面',
      target: 'go_SubDoc/faceConsult',
    },
    { place: BannerPlace.middle, type: BannerType.image, title: '找专家律师', target: 'go_Lawyer' },
    { place: BannerPlace.middle, type: BannerType.link, title: '消费维权指南', target: EXTERNAL_GUIDE },
  ],
  czh: [
    {
      place: BannerPlace.header,
      type: BannerType.activity,
      title: '新人领10元咨询券',
      target: 'show_coupon',
    },
    { place: BannerPlace.header, type: BannerType.image, title: '婚姻家事 律师来电', target: 'go_SubTel/2' },
    {
      place: BannerPlace.header,
      type: BannerType.image,
      title: '橙子会员卡 限时特惠',
      target: 'go_MemberCard',
    },
    { place: BannerPlace.body, type: BannerType.link, title: 'AI法律助手', target: 'ilawyer' },
    {
      place: BannerPlace.body,
      type: BannerType.image,
      title: '预约见面咨询',
      target: 'go_SubDoc/faceConsult',
    },
    { place: BannerPlace.middle, type: BannerType.activity, title: '咨询券免费领', target: 'show_coupon' },
    { place: BannerPlace.middle, type: BannerType.image, title: '认识我们的律师', target: 'go_Lawyer' },
  ],
  zxyh: [
    {
      place: BannerPlace.header,
      type: BannerType.image,
      title: '持卡人专属法律权益',
      target: 'go_MemberCard',
    },
    { place: BannerPlace.header, type: BannerType.image, title: '借贷纠纷 立即咨询', target: 'go_SubTel/4' },
    { place: BannerPlace.body, type: BannerType.image, title: '婚姻家庭咨询', target: 'go_SubTel/2' },
    { place: BannerPlace.middle, type: BannerType.link, title: '防范金融诈骗', target: EXTERNAL_NEWS },
    { place: BannerPlace.middle, type: BannerType.image, title: '专属律师团队', target: 'go_Lawyer' },
  ],
  paky: [
    { place: BannerPlace.header, type: BannerType.image, title: '私人法律顾问', target: 'go_Lawyer' },
    { place: BannerPlace.header, type: BannerType.link, title: 'AI法律助手', target: 'ilawyer' },
    { place: BannerPlace.body, type: BannerType.image, title: '家事问题 律师来电', target: 'go_SubTel/2' },
    { place: BannerPlace.body, type: BannerType.image, title: '律师面谈', target: 'go_SubDoc/faceConsult' },
    { place: BannerPlace.middle, type: BannerType.image, title: '会员年卡', target: 'go_MemberCard' },
  ],
  yjjd: [
    { place: BannerPlace.header, type: BannerType.image, title: '家事咨询 60秒连线', target: 'go_SubTel/2' },
    { place: BannerPlace.header, type: BannerType.link, title: '家庭法律小课堂', target: EXTERNAL_GUIDE },
    { place: BannerPlace.body, type: BannerType.image, title: '益家会员权益', target: 'go_MemberCard' },
    { place: BannerPlace.middle, type: BannerType.image, title: '找家事律师', target: 'go_Lawyer' },
  ],
};

/** Banner pictures (db/seed/art) by place: each about what the banner leads to. */
const bannerSize: Record<BannerPlace, ArtSize> = {
  header: [750, 300],
  body: [690, 200],
  middle: [690, 240],
};

export function bannerRows(): Insertable<BannerTable>[] {
  return channelSeeds.flatMap((channel) => {
    const perPlace = new Map<string, number>();
    return bannerSeeds[channel.key as ChannelKey].map((banner) => {
      const sort = perPlace.get(banner.place) ?? 0;
      perPlace.set(banner.place, sort + 1);
      return {
        channel_key: channel.key,
        place: banner.place,
        banner_type: banner.type,
        title: banner.title,
        img: artUrl(bannerScene(banner.target, banner.title), bannerSize[banner.place]),
        target: banner.target,
        sort,
      };
    });
  });
}

/** Coupons by a unique name; activities refer to them by that name. */
export const CouponName = {
  newcomer: '新人10元咨询券',
  phone10: '电话咨询10分钟券',
  phone30: '电话咨询30分钟券',
  phoneOnce: '免费电话咨询1次券',
  review: '合同审查满199减30',
  letter: '律师函立减50元',
  face: '见面咨询体验券',
  card: '会员卡立减20元',
} as const;

const allPhoneAndDocs = [ProductCode.phoneCall, ProductCode.docCheck, ProductCode.docDraft].join(',');

export function couponRows(): Insertable<CouponTable>[] {
  return [
    {
      name: CouponName.newcomer,
      coupon_type: 1,
      value: 1000,
      min_spend_fen: 3000,
      product_codes: allPhoneAndDocs,
      valid_days: 30,
      total: 100000,
      claimed: 8421,
      intro: '新用户专享，订单满30元可用，立减10元。',
    },
    {
      name: CouponName.phone10,
      coupon_type: 2,
      value: 10,
      min_spend_fen: 0,
      product_codes: ProductCode.phoneCall,
      valid_days: 15,
      total: 100000,
      claimed: 12650,
      intro: '电话咨询抵扣10分钟通话时长。',
    },
    {
      name: CouponName.phone30,
      coupon_type: 2,
      value: 30,
      min_spend_fen: 0,
      product_codes: ProductCode.phoneCall,
      valid_days: 30,
      total: 50000,
      claimed: 3310,
      intro: '电话咨询抵扣30分钟通话时长。',
    },
    {
      name: CouponName.phoneOnce,
      coupon_type: 3,
      value: 1,
      min_spend_fen: 0,
      product_codes: ProductCode.phoneCall,
      valid_days: 30,
      total: 100000,
      claimed: 20518,
      intro: '可免费发起1次电话咨询。',
    },
    {
      name: CouponName.review,
      coupon_type: 1,
      value: 3000,
      min_spend_fen: 19900,
      product_codes: [ProductCode.docCheck, ProductCode.docDraft].join(','),
      valid_days: 30,
      total: 100000,
      claimed: 1562,
      intro: '合同审查、合同起草订单满199元立减30元。',
    },
    {
      name: CouponName.letter,
      coupon_type: 1,
      value: 5000,
      min_spend_fen: 29900,
      product_codes: ProductCode.lawyerLetter,
      valid_days: 60,
      total: 100000,
      claimed: 987,
      intro: '律师函订单满299元立减50元。',
    },
    {
      name: CouponName.face,
      coupon_type: 3,
      value: 1,
      min_spend_fen: 0,
      product_codes: ProductCode.faceConsult,
      valid_days: 60,
      total: 20000,
      claimed: 412,
      intro: '可抵扣1次见面咨询（1小时）。',
    },
    {
      name: CouponName.card,
      coupon_type: 1,
      value: 2000,
      min_spend_fen: 9900,
      product_codes: 'MC19001,MC19002',
      valid_days: 30,
      total: 100000,
      claimed: 2275,
      intro: '购买黄金或铂金会员卡满99元立减20元。',
    },
  ];
}

type ActivitySeed = { channel: ChannelKey; title: string; coupon: string };

const activitySeeds: readonly ActivitySeed[] = [
  { channel: ChannelKey.czh, title: '橙子新人礼：10元咨询券', coupon: CouponName.newcomer },
  { channel: ChannelKey.gzh, title: '免费领电话咨询1次券', coupon: CouponName.phoneOnce },
];

/** Coupon campaigns, active from a day ago for 60 days. */
export function activityRows(
  now: number,
  couponIds: ReadonlyMap<string, number>,
): Insertable<ActivityTable>[] {
  return activitySeeds.map((activity) => ({
    channel_key: activity.channel,
    title: activity.title,
    img: artUrl('coupon', [600, 800]),
    coupon_id: couponIds.get(activity.coupon) ?? null,
    starts_at: now - DAY,
    ends_at: now + 59 * DAY,
  }));
}
