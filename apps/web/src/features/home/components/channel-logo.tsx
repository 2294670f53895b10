import type { ChannelData } from '@lawline/contract/schemas';
import browse from '../../../ui/browse.module.css';
import styles from '../home.module.css';

/** The channel's logo block (spec §2: channel czh only; the page decides). */
export function ChannelLogoBlock({ channel }: { channel: ChannelData }) {
  return (
    <section className={`${browse.section} ${styles.channelLogo}`} data-testid="channel-logo">
      {channel.logo ? <img src={channel.logo} alt={`${channel.name} logo`} width={48} height={48} /> : null}
      <div>
        <p className={styles.channelLogoName}>{channel.name}</p>
        <p className={styles.channelLogoNote}>联合律线为您提供专业法律服务</p>
      </div>
    </section>
  );
}
