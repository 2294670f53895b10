import type { UnlinkReasonCode } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell, useGoBack } from '../../ui/page-shell.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { unlinkInfoQuery } from './api/unlink.ts';
import '../../ui/forms.css';
import './user.css';

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
      <section className="ll-card" aria-labelledby="ll-unlink-what" data-testid="unlink-consequences">
        <h2 id="ll-unlink-what" className="ll-card-title">
          注销后将会发生
        </h2>
        <ul className="ll-consequences">
          {consequences.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {activeCards.length > 0 ? (
          <p className="ll-form-error" role="note">
            您有 {activeCards.length} 张生效中的会员卡（
            {activeCards.map((card) => card.productName).join('、')}
            ），注销后将一并失效。
          </p>
        ) : null}
      </section>
      <section className="ll-card" aria-labelledby="ll-unlink-reason">
        <h2 id="ll-unlink-reason" className="ll-card-title">
          注销原因（选填）
        </h2>
        <fieldset className="ll-reasons">
          <legend className="ll-note">您的反馈将帮助我们改进服务</legend>
          {reasons.map((item) => (
            <label key={item.code} className="ll-reason">
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
      </section>
      <div className="ll-actions">
        <button
          type="button"
          className="ll-primary-button"
          onClick={() => navigate(paths.page('UnLinkResearch', null, null, { reason }))}
        >
          下一步
        </button>
        <button type="button" className="ll-secondary-button" onClick={goBack}>
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
