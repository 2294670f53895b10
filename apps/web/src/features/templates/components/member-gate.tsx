import { TemplateExportLimits } from '@lawline/contract/schemas';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { useSession } from '../../../state/session.ts';
import forms from '../../../ui/forms.module.css';
import { SectionCard } from '../../../ui/section-card.tsx';
import styles from '../templates.module.css';

export interface MemberGateProps {
  loggedIn: boolean;
  isMember: boolean;
  /** The card's heading; 会员专享 by default. */
  title?: string;
}

/**
 * 会员专享: exporting a template is for members. A visitor is asked to log in (their cards decide),
 * a person without a card is led to the member cards (开通会员), a member is told they may export.
 */
export function MemberGate({ loggedIn, isMember, title = '会员专享' }: MemberGateProps) {
  if (loggedIn && isMember) {
    return (
      <SectionCard title={title} testId="member-gate" className={styles.gateMember}>
        <p className={styles.note} data-state="member">
          您已是会员，可把任一模板导出到邮箱（每天最多导出{TemplateExportLimits.exportsPerDay}次、发往
          {TemplateExportLimits.addressesPerDay}个不同邮箱）。
        </p>
      </SectionCard>
    );
  }
  return (
    <SectionCard title={title} testId="member-gate">
      <p className={styles.gateText} data-state={loggedIn ? 'not-member' : 'visitor'}>
        模板导出为会员专享服务：开通任一会员卡，即可把模板导出为Word文档发送到邮箱。模板全文人人可预览。
      </p>
      <div className={styles.gateActions}>
        {loggedIn ? (
          <Link className={`${forms.primaryButton} ${styles.linkButton}`} to={paths.memberCard()}>
            开通会员
          </Link>
        ) : (
          <button
            type="button"
            className={forms.primaryButton}
            onClick={() => useSession.getState().showLogin()}
          >
            登录查看会员状态
          </button>
        )}
        {loggedIn ? null : (
          <Link className={`${forms.secondaryButton} ${styles.linkButton}`} to={paths.memberCard()}>
            了解会员卡
          </Link>
        )}
      </div>
    </SectionCard>
  );
}
