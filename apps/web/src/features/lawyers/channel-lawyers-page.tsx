import type { PageName } from '@lawline/contract';
import type { LawyerListChannel } from '@lawline/contract/schemas';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { ChannelLawyerList } from './components/channel-lawyer-list.tsx';
import styles from './lawyers.module.css';

/** The channel-specific lawyer lists (spec §7): which page shows which channel's list. */
const listOf: Partial<Record<PageName, { channel: LawyerListChannel; intro: string }>> = {
  LawAndPrivateYj: { channel: 'yjjd', intro: '益家会员专属家事顾问律师，婚姻、继承、家庭财产问题随时咨询。' },
  LawAndPrivatePa: { channel: 'paky', intro: '普安客户专属法律顾问，保险理赔、交通出行、消费纠纷一站解答。' },
  LawWithPrivate: {
    channel: 'zxyh',
    intro: '众信持卡客户专属私人法律顾问，金融、借贷与日常法律问题专人服务。',
  },
};

/** LawAndPrivateYj, LawAndPrivatePa and LawWithPrivate: one channel's consultant lawyers. */
export function ChannelLawyersPage({ name }: PageProps) {
  const list = listOf[name] ?? listOf.LawWithPrivate;
  if (!list) return null;
  return (
    <PageShell name={name}>
      <section className={styles.hero}>
        <p>{list.intro}</p>
      </section>
      <h2 className={styles.srOnly}>顾问律师</h2>
      <ChannelLawyerList lawyerChannel={list.channel} />
    </PageShell>
  );
}

export default ChannelLawyersPage;
