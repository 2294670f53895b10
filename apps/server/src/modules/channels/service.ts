import { Charge, ChargeUnitText, DEFAULT_SERVICE_HOURS, fenToYuan } from '@lawline/contract';
import type { Banner, ChannelData } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { channelError } from '../../http/errors.ts';
import { findActiveActivity, findChannel, listBanners } from './repo.ts';

export type ChannelInfo = { key: string; channelCode: string; name: string };

const CACHE_MS = 30_000;

/**
 * Channel config is read on every request (common params) and by every home screen: it is kept
 * in memory for 30 s, which is how long an operator's change may take to show.
 */
export class ChannelService {
  private readonly cache = new Map<string, { at: number; data: ChannelData | null }>();

  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
    private readonly settings: { analyticsScript: string | null; ownDomain: string },
  ) {}

  /** The channel a request names, or the spec's channel error (40041). */
  async resolve(key: string, channelCode: string | undefined): Promise<ChannelData> {
    return this.check(key, channelCode, await this.load(key));
  }

  /**
   * resolve() without waiting when the channel is in memory (nearly every request): the channel,
   * or undefined when it has to be read first. Throws the same channel errors.
   */
  resolveCached(key: string, channelCode: string | undefined): ChannelData | undefined {
    const hit = this.cache.get(key);
    if (!hit || this.clock() - hit.at >= CACHE_MS) return undefined;
    return this.check(key, channelCode, hit.data);
  }

  private check(key: string, channelCode: string | undefined, data: ChannelData | null): ChannelData {
    if (!data) throw channelError(`渠道「${key}」不存在或已停用，请从正确的入口进入`);
    if (channelCode && channelCode !== data.channelCode) {
      throw channelError(`渠道编码「${channelCode}」与渠道「${key}」不匹配`);
    }
    return data;
  }

  private async load(key: string): Promise<ChannelData | null> {
    const now = this.clock();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < CACHE_MS) return hit.data;
    const data = await this.read(key, now);
    this.cache.set(key, { at: now, data });
    return data;
  }

  private async read(key: string, now: number): Promise<ChannelData | null> {
    const row = await findChannel(this.db, key);
    if (!row) return null;
    const [banners, activity] = await Promise.all([
      listBanners(this.db, key),
      findActiveActivity(this.db, key, now),
    ]);
    const charge = row.charge === Charge.byPer ? Charge.byPer : Charge.byTime;
    return {
      channel: row.key,
      channelCode: row.channel_code,
      name: row.name,
      slogan: row.slogan,
      logo: row.logo_url,
      colors: { primary: row.primary_color, secondary: row.secondary_color },
      banners: banners.map(
        (b): Banner => ({
          id: b.id,
          bannerPlace: b.place as Banner['bannerPlace'],
          bannerType: b.banner_type as Banner['bannerType'],
          title: b.title,
          img: b.img,
          url: b.target,
        }),
      ),
      activity: activity
        ? { id: activity.id, title: activity.title, img: activity.img, couponId: activity.coupon_id }
        : null,
      mode: row.mode === 2 ? 2 : 1,
      payType: charge,
      price: fenToYuan(row.price_fen),
      payTypeText: ChargeUnitText[charge],
      analyticsScript: this.settings.analyticsScript,
      ownDomain: this.settings.ownDomain,
      servicePhone: row.service_phone,
      serviceHours: row.service_hours || DEFAULT_SERVICE_HOURS,
    };
  }
}
