import type { ChannelData } from '@lawline/contract/schemas';

/** The channel's logo block (spec §2: channel czh only; the page decides). */
export function ChannelLogoBlock({ channel }: { channel: ChannelData }) {
  return (
    <section className="ll-section ll-channel-logo" data-testid="channel-logo">
      {channel.logo ? <img src={channel.logo} alt={`${channel.name} logo`} width={48} height={48} /> : null}
      <div>
        <p className="ll-channel-logo-name">{channel.name}</p>
        <p className="ll-channel-logo-note">联合律线为您提供专业法律服务</p>
      </div>
    </section>
  );
}
