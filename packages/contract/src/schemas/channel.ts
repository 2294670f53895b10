import { z } from 'zod';
import { payload } from './common.ts';

export const BannerSchema = z.object({
  id: z.number().int(),
  bannerPlace: z.enum(['header', 'body', 'middle']),
  bannerType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string(),
  img: z.string(),
  url: z.string(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const ActivitySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  img: z.string(),
  couponId: z.number().int().nullable(),
});
export type Activity = z.infer<typeof ActivitySchema>;

export const ChannelDataSchema = z.object({
  channel: z.string(),
  channelCode: z.string(),
  name: z.string(),
  slogan: z.string(),
  logo: z.string(),
  colors: z.object({ primary: z.string(), secondary: z.string() }),
  banners: z.array(BannerSchema),
  activity: ActivitySchema.nullable(),
  /** 1 page, 2 pop. */
  mode: z.union([z.literal(1), z.literal(2)]),
  /** Charge: '1' by count, '2' by time. */
  payType: z.enum(['1', '2']),
  /** Phone consultation price in yuan. */
  price: z.number(),
  payTypeText: z.string(),
  /** Third-party analytics script, or null when analytics is off. */
  analyticsScript: z.string().nullable(),
  /** The product's own domain: article links there get the token appended. */
  ownDomain: z.string(),
  /** Customer service number (联系客服: shown, and dialled as tel: with its digits), e.g. '400-800-1001'. */
  servicePhone: z.string(),
  /** When lawyers take calls, Beijing time, 'HH:MM–HH:MM' (e.g. '09:00–21:00'); see rules/service-hours.ts. */
  serviceHours: z.string(),
});
export type ChannelData = z.infer<typeof ChannelDataSchema>;

export const GetChannelQuerySchema = payload({});
