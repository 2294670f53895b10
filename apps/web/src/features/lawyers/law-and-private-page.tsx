import type { LawyerListChannel } from '@lawline/contract/schemas';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useChannel } from '../../state/channel.ts';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { AllConsultantList, ChannelLawyerList } from './components/channel-lawyer-list.tsx';
import styles from './lawyers.module.css';

const channelLists: readonly string[] = ['zxyh', 'paky', 'yjjd'];

/** LawAndPrivate (kept alive): the private legal counsel service and its consultant lawyers. */
export function LawAndPrivatePage({ name }: PageProps) {
  const channel = useChannel((s) => s.data?.channel ?? s.key);
  const own = channelLists.includes(channel) ? (channel as LawyerListChannel) : null;
  return (
    <PageShell name={name}>
      <section className={styles.hero} data-testid="law-and-private">
        <h2>私人法律顾问</h2>
        <p>专属律师一对一服务：日常法律咨询、合同把关、纠纷应对，随时找到您的律师。</p>
        <div className={styles.heroActions}>
          <Link className={styles.heroButton} to={paths.privateLawyer()}>
            我的私人律师
          </Link>
        </div>
      </section>
      <nav className={styles.linkRow} aria-label="合作渠道顾问">
        <Link to={paths.page('LawAndPrivateYj')}>益家法律顾问</Link>
        <Link to={paths.page('LawAndPrivatePa')}>普安法律顾问</Link>
        <Link to={paths.page('LawWithPrivate')}>众信私人法律顾问</Link>
      </nav>
      <h3 className={styles.listTitle}>顾问律师</h3>
      {own ? <ChannelLawyerList lawyerChannel={own} /> : <AllConsultantList />}
    </PageShell>
  );
}

export default LawAndPrivatePage;
