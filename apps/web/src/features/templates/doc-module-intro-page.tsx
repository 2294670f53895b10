import { Notices, StepLists } from '@lawline/contract';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { selectLoggedIn, useSession } from '../../state/session.ts';
import { FixedBottomBar } from '../../ui/fixed-bottom-bar.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { MemberGate } from './components/member-gate.tsx';
import { introStepIndex } from './template-rules.ts';
import styles from './templates.module.css';

const benefits: ReadonlyArray<{ title: string; text: string }> = [
  { title: '律师编写', text: '执业律师起草并定期审核，条款完整、表述规范' },
  { title: '常见场景全覆盖', text: '借条、租赁、劳动、婚姻、买卖、装修等，分类可搜索' },
  { title: '要素在线填写', text: '当事人、金额、日期等可先填好，导出即可使用' },
  { title: 'Word文档', text: 'DOCX格式，Word、WPS均可打开继续修改' },
];

/**
 * SubDoc /SubDoc/docModule (contract templates, SC18002): what the service gives, the steps
 * 成为会员 / 选择模板 / 导出邮箱 / 邮箱验收, the members-only rule with the way to become one, the
 * e-mail notice, and 选择模板 (the list is open to everyone; exporting is for members).
 */
export function DocModuleIntroPage({ name }: PageProps) {
  const navigate = useNavigate();
  const loggedIn = useSession(selectLoggedIn);
  const isMember = useSession((s) => Boolean(s.userInfo?.isMember));

  return (
    <PageShell name={name} title="合同模板">
      <div className={styles.templates} data-testid="subdoc" data-kind="docModule">
        <section className={styles.hero} aria-labelledby="doc-module-title">
          <h2 id="doc-module-title" className={styles.heroTitle}>
            合同模板
          </h2>
          <p className={styles.heroText}>
            律师编写的常用合同模板，在线预览；会员填写要素后导出为Word文档，发送到您的邮箱。
          </p>
        </section>
        <StepBar steps={StepLists.docModule} current={introStepIndex(loggedIn && isMember)} />

        <SectionCard title="您将获得">
          <ul className={styles.benefits}>
            {benefits.map((b) => (
              <li key={b.title} className={styles.benefit}>
                <p className={styles.benefitTitle}>{b.title}</p>
                <p className={styles.benefitText}>{b.text}</p>
              </li>
            ))}
          </ul>
        </SectionCard>

        <SectionCard title="使用流程">
          <ol className={styles.flow}>
            <li>成为会员：开通任一会员卡即可使用模板导出</li>
            <li>选择模板：按分类浏览或搜索，先预览全文</li>
            <li>导出邮箱：填写邮箱和要素，文档发送至您的邮箱</li>
            <li>邮箱验收：收到后点击“邮箱验收”确认；没收到可重新发送</li>
          </ol>
          <p className={`${styles.note} ${styles.spaced}`} data-testid="export-notice">
            导出的文档将在{Notices.exportEmail}内发送到您填写的邮箱，请留意查收（含垃圾邮件箱）。
          </p>
        </SectionCard>

        <MemberGate loggedIn={loggedIn} isMember={isMember} />

        <FixedBottomBar
          buttonText="选择模板"
          onClick={() => navigate(paths.docModule())}
          testId="doc-module-bar"
        />
      </div>
    </PageShell>
  );
}

export default DocModuleIntroPage;
