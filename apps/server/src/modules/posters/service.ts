import type { ChannelData, PosterInfo } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { WEB_PREFIX } from '../../http/web-app.ts';
import { listPosters } from './repo.ts';

/** The H5 home of a channel on the product's own domain: what a poster's QR code opens. */
export function shareLinkOf(channel: Pick<ChannelData, 'channel' | 'ownDomain'>): string {
  const url = new URL(`https://${channel.ownDomain}${WEB_PREFIX}`);
  url.searchParams.set('channel', channel.channel);
  url.hash = '/Home';
  return url.href;
}

/** Share posters (PostersHaibao, PostersThr, PostersRedict); the app draws them and the QR code. */
export class PosterService {
  constructor(private readonly db: Db) {}

  async info(channel: ChannelData): Promise<PosterInfo> {
    const posters = await listPosters(this.db, channel.channel);
    const share = posters.find((p) => p.kind === 'share');
    return {
      channel: channel.channel,
      channelName: channel.name,
      logo: channel.logo,
      primaryColor: channel.colors.primary,
      title: share?.title ?? channel.name,
      subtitle: share?.subtitle ?? channel.slogan,
      shareLink: shareLinkOf(channel),
      posters,
    };
  }
}
