import type { UnlinkReasonCode } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import forms from '../../ui/forms.module.css';
import { ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell, useGoBack } from '../../ui/page-shell.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { unlinkInfoQuery } from './api/unlink.ts';
import styles from './user.module.css';

function ReasonStep() {
  const navigate = useNavigate();
  const goBack = useGoBack();
  const info = useQuery(unlinkInfoQuery());
  const [reason, setReason] = useState<UnlinkReasonCode | null>(null);

  if (info.isPending) return <SkeletonRows rows={4} />;
  if (info.isError) return <ErrorState text="注销须知加载失败" onRetry={() => void info.refetch()} />;
  const { consequences, reasons, activeCards } = info.data;

  return (
    <>
      <SectionCard title="注销后将会发生" testId="unlink-consequences">
        <ul className={styles.consequences}>
          {consequences.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {activeCards.length > 0 ? (
          <p className={forms.formError} role="note">
            您有 {activeCards.length} 张生效中的会员卡（
            {activeCards.map((card) => card.productName).join('、')}
            ），注销后将一并失效。
          </p>
        ) : null}
      </SectionCard>
      <SectionCard title="注销原因（选填）">
        <fieldset className={styles.reasons}>
          <legend className={forms.note}>您的反馈将帮助我们改进服务</legend>
          {reasons.map((item) => (
            <label key={item.code} className={styles.reason}>
              <input
                type="radio"
                name="reason"
                value={item.code}
                checked={reason === item.code}
                onChange={() => setReason(item.code)}
              />
              {item.text}
            </label>
          ))}
        </fieldset>
      </SectionCard>
      <div className={styles.actions}>
        <button
          type="button"
          className={forms.primaryButton}
          onClick={() => navigate(paths.page('UnLinkResearch', null, null, { reason }))}
        >
          下一步
        </button>
        <button type="button" className={forms.secondaryButton} onClick={goBack}>
          暂不注销
        </button>
      </div>
    </>
  );
}

/** 注销账号, step 1: what happens (user/unlinkInfo) and an optional reason → UnLinkResearch. */
export function UnLinkReasonPage({ name }: PageProps) {
  return (
    <PageShell name={name}>
      <RequireLogin>
        <ReasonStep />
      </RequireLogin>
    </PageShell>
  );
}

export default UnLinkReasonPage;
