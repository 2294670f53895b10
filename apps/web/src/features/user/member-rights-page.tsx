import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import forms from '../../ui/forms.module.css';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { cardRightsQuery, type RightSummaryItem, rightSummaryQuery } from './api/member-rights.ts';
import styles from './user.module.css';

/** '不限次数', '剩余 2/3 次', '7折' … one line per right. */
export function rightUsageText(
  right: Pick<RightSummaryItem, 'perYear' | 'remaining' | 'used' | 'pricePercent'>,
) {
  const parts: string[] = [];
  if (right.pricePercent !== null) parts.push(`${right.pricePercent / 10}折`);
  if (right.perYear === null || right.remaining === null) {
    if (right.pricePercent === null) parts.push('不限次数');
  } else {
    parts.push(`本年剩余 ${right.remaining}/${right.perYear} 次`);
  }
  if (right.used > 0) parts.push(`已使用 ${right.used} 次`);
  return parts.join(' · ');
}

function Rights() {
  const navigate = useNavigate();
  const summary = useQuery(rightSummaryQuery());
  const cards = useQuery(cardRightsQuery());

  if (summary.isPending) return <SkeletonRows rows={3} />;
  if (summary.isError) return <ErrorState text="会员权益加载失败" onRetry={() => void summary.refetch()} />;
  if (!summary.data.isMember || summary.data.rights.length === 0) {
    return (
      <EmptyState text="您还没有会员权益">
        <button
          type="button"
          className={`${forms.primaryButton} ${forms.buttonInline}`}
          onClick={() => navigate(paths.page('MemberCard'))}
        >
          开通会员
        </button>
      </EmptyState>
    );
  }
  return (
    <>
      {cards.data && cards.data.length > 0 ? (
        <SectionCard title="我的会员卡">
          <dl className={styles.rows}>
            {cards.data.map((card) => (
              <div key={card.id} className={styles.row}>
                <dt>{card.productName}</dt>
                <dd>
                  {card.startDate} 至 {card.expireDate}
                </dd>
              </div>
            ))}
          </dl>
        </SectionCard>
      ) : null}
      <SectionCard title="权益明细" testId="member-rights">
        <ul className={styles.rows}>
          {summary.data.rights.map((right) => (
            <li key={right.rightCode} className={styles.right}>
              <p className={styles.rightName}>{right.rightName}</p>
              <p className={forms.note}>
                {rightUsageText(right)}（有效期至 {right.expireDate}）
              </p>
            </li>
          ))}
        </ul>
      </SectionCard>
      <div className={styles.actions}>
        <button
          type="button"
          className={forms.secondaryButton}
          data-testid="member-rights-buy"
          onClick={() => navigate(paths.memberCard())}
        >
          续费或开通更多会员卡
        </button>
      </div>
    </>
  );
}

/** 会员权益: the rights of the active cards (user/newMemberRightList, user/memberRightList). */
export function MemberRightsPage({ name }: PageProps) {
  return (
    <PageShell name={name}>
      <RequireLogin>
        <Rights />
      </RequireLogin>
    </PageShell>
  );
}

export default MemberRightsPage;
