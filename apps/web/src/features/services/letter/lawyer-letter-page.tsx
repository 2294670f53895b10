import {
  LETTER_REVISION_ROUNDS,
  MemberCardCode,
  MemberRight,
  platinumCardRights,
  ServiceTerms,
} from '@lawline/contract';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { useSession } from '../../../state/session.ts';
import { FixedBottomBar } from '../../../ui/fixed-bottom-bar.tsx';
import type { PageProps } from '../../../ui/page-placeholder.tsx';
import { PageShell } from '../../../ui/page-shell.tsx';
import { SectionCard } from '../../../ui/section-card.tsx';
import { ServiceStepBar } from '../components/service-step-bar.tsx';
import { LetterTerms, useLetterTerms } from './components/letter-terms.tsx';
import styles from './letter.module.css';

/** What a lawyer's letter is for: the everyday disputes it settles before a court does. */
const USES = [
  { title: '催收欠款', text: '借款、货款、工程款到期不还' },
  { title: '合同违约', text: '对方不履行或拖延履行合同' },
  { title: '侵权警告', text: '名誉、肖像、商标、著作权被侵犯' },
  { title: '劳动纠纷', text: '拖欠工资、违法解除劳动合同' },
] as const;

/** What the person gets. */
const GETS = [
  { title: '律师事务所抬头', text: '以律师事务所名义出具的正式公函，对方更重视' },
  { title: '执业律师签名', text: '载明承办律师姓名及执业证号，可供查验' },
  { title: '快递寄送 + 短信通知', text: '律师函快递至对方地址并短信告知对方，全程可查物流' },
  { title: 'PDF 电子版', text: '定稿后可随时下载、转发或留存' },
] as const;

const platinumLetters =
  platinumCardRights.find((right) => right.right === MemberRight.lawyerLetter)?.perYear ?? null;

/**
 * LawyerLetter (/lawyerLetter): the service — what a letter does, what the person gets, the price
 * for this person (order/serviceTerms), the steps, the promise and refund rule — and 立即下单.
 */
export function LawyerLetterPage({ name }: PageProps) {
  const navigate = useNavigate();
  const runAfterLogin = useSession((s) => s.runAfterLogin);
  const terms = useLetterTerms();
  // Logged in first (as SubDoc does): the form then shows this person's price.
  const order = () => runAfterLogin(() => navigate(paths.lawyerLetterDetail()));
  const t = terms.query.data;
  const free = t !== undefined && t.needPayAmount === 0;

  return (
    <PageShell name={name} className={styles.letter}>
      <section className={styles.hero} data-testid="letter-hero">
        <h2 className={styles.heroTitle}>律师函</h2>
        <p className={styles.heroText}>
          由执业律师审核您的事实与诉求，以律师事务所名义向对方发出正式函件，明确告知法律后果，督促对方履行义务——往往不必打官司就能解决问题。
        </p>
      </section>
      <ServiceStepBar kind="lawyerLetter" intro />

      <SectionCard title="适用场景" testId="letter-uses">
        <ul className={styles.useGrid}>
          {USES.map((use) => (
            <li key={use.title} className={styles.useItem}>
              <span className={styles.useTitle}>{use.title}</span>
              <span className={styles.useText}>{use.text}</span>
            </li>
          ))}
        </ul>
      </SectionCard>

      <SectionCard title="您将得到" testId="letter-gets">
        <ul className={styles.getList}>
          {GETS.map((get) => (
            <li key={get.title} className={styles.getItem}>
              <span className={styles.getMark} aria-hidden="true">
                ✓
              </span>
              <span>
                <span className={styles.getTitle}>{get.title}</span>
                <span className={styles.getText}>{get.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </SectionCard>

      <SectionCard title="服务流程" testId="letter-flow">
        <ol className={styles.flowList}>
          <li>填写寄收件人、事实经过和您的要求，上传证据并支付。</li>
          <li>{ServiceTerms.lawyerLetter.arrangeWithinH}小时内为您安排执业律师。</li>
          <li>律师起草初稿，您审阅后同意定稿，或提出修改意见（可修改{LETTER_REVISION_ROUNDS}次）。</li>
          <li>定稿后出具律所抬头、律师签名的正式律师函（PDF 可下载）。</li>
          <li>律师函快递寄给对方并短信通知，物流进度随时可查。</li>
        </ol>
      </SectionCard>

      <LetterTerms title="价格与服务承诺" terms={terms} />
      {platinumLetters ? (
        <p className={styles.cardLine} data-testid="letter-card-note">
          白金会员每年可免费发{platinumLetters}份律师函
          <Link className={styles.cardLink} to={paths.singleCard(MemberCardCode.platinum)}>
            了解详情
          </Link>
        </p>
      ) : null}
      <FixedBottomBar
        price={t ? t.needPayAmount : null}
        unitText={t ? (free ? '会员权益抵扣' : '/份') : null}
        buttonText="立即下单"
        onClick={order}
        testId="letter-bar"
      />
    </PageShell>
  );
}

export default LawyerLetterPage;
