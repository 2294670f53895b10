import type { UnlinkReasonCode } from '@lawline/contract/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../app/api-effects.ts';
import { paths } from '../../app/paths.ts';
import { useSession } from '../../state/session.ts';
import browse from '../../ui/browse.module.css';
import { confirmDialog } from '../../ui/confirm.ts';
import forms from '../../ui/forms.module.css';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell, useGoBack } from '../../ui/page-shell.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { unlinkAccount, unlinkInfoQuery } from './api/unlink.ts';
import styles from './user.module.css';

const TEXT_MAX = 200;

function SurveyStep({ onClosed }: { onClosed: () => void }) {
  const navigate = useNavigate();
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [text, setText] = useState('');
  const [loading, setLoading] = useState(false);
  const info = useQuery(unlinkInfoQuery());
  const given = params.get('reason');
  const chosen = info.data?.reasons.find((r) => r.code === given);
  const reason: UnlinkReasonCode | undefined = chosen?.code;

  const close = async (withText: boolean) => {
    if (loading) return;
    const ok = await confirmDialog({
      title: '确认注销账号？',
      content: '注销后您的个人信息将被删除或匿名化，会员卡与优惠券失效，且无法恢复。',
      confirmText: '确认注销',
    });
    if (!ok) return;
    setLoading(true);
    try {
      await unlinkAccount({ reason, text: withText ? text : undefined });
      // The page stops asking for a login first, then the session goes (so no later call carries
      // the dead token), then Home.
      onClosed();
      useSession.getState().clear();
      queryClient.clear();
      showToast('账号已注销');
      void navigate(paths.home(), { replace: true });
    } catch {
      // Toasted by the client.
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <SectionCard title="还有什么想告诉我们的吗？（选填）">
        {chosen ? <p className={forms.note}>注销原因：{chosen.text}</p> : null}
        <div className={`${forms.field} ${forms.fieldMultiline} ${styles.survey}`}>
          <textarea
            className={forms.textarea}
            name="text"
            aria-label="补充说明"
            maxLength={TEXT_MAX}
            placeholder="您的建议将帮助我们做得更好"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <p className={`${forms.note} ${styles.counter}`}>
          {text.length}/{TEXT_MAX}
        </p>
      </SectionCard>
      <div className={styles.actions}>
        <button
          type="button"
          className={forms.primaryButton}
          disabled={loading}
          aria-busy={loading}
          onClick={() => void close(true)}
        >
          {loading ? '注销中…' : '提交并注销'}
        </button>
        <button
          type="button"
          className={forms.secondaryButton}
          disabled={loading}
          onClick={() => void close(false)}
        >
          跳过，直接注销
        </button>
        <button type="button" className={`${forms.textLink} ${styles.centered}`} onClick={goBack}>
          返回上一步
        </button>
      </div>
    </>
  );
}

/** 注销调研, step 2: optional survey (skippable), confirm, user/unlink, logged out → Home. */
export function UnLinkResearchPage({ name }: PageProps) {
  const [closed, setClosed] = useState(false);
  return (
    <PageShell name={name}>
      {closed ? (
        <section className={browse.status} role="status">
          <h2 className={browse.statusTitle}>账号已注销</h2>
          <p className={browse.statusMessage}>正在返回首页…</p>
        </section>
      ) : (
        <RequireLogin>
          <SurveyStep onClosed={() => setClosed(true)} />
        </RequireLogin>
      )}
    </PageShell>
  );
}

export default UnLinkResearchPage;
