import type { LetterSection } from '@lawline/contract/schemas';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { showToast } from '../../../app/api-effects.ts';
import { paths } from '../../../app/paths.ts';
import browse from '../../../ui/browse.module.css';
import { FixedBottomBar } from '../../../ui/fixed-bottom-bar.tsx';
import forms from '../../../ui/forms.module.css';
import { SkeletonRows } from '../../../ui/list-states.tsx';
import type { PageProps } from '../../../ui/page-placeholder.tsx';
import { PageShell } from '../../../ui/page-shell.tsx';
import { RequireLogin } from '../../../ui/require-login.tsx';
import { ServiceProblem } from '../components/service-problem.tsx';
import { useServiceOrder, useSetServiceOrder } from '../hooks/use-service-order.ts';
import { isServiceOrderId } from '../service-rules.ts';
import { editLetterOrder } from './api/edit-letter-order.ts';
import { EvidenceCard } from './components/evidence-card.tsx';
import { LetterFields } from './components/letter-fields.tsx';
import { useLetterForm } from './hooks/use-letter-form.ts';
import styles from './letter.module.css';
import { clearLetterDraft, letterDraftKey } from './letter-draft-storage.ts';
import { draftOfLetter, letterInput } from './letter-rules.ts';

/** The letter can no longer be edited: why, and the way to the order. */
function NotEditable({ title, text, orderId }: { title: string; text: string; orderId: string }) {
  const navigate = useNavigate();
  // An unsaved edit has nowhere to go now.
  useEffect(() => clearLetterDraft(letterDraftKey(orderId)), [orderId]);
  return (
    <section className={browse.status} role="alert" data-testid="letter-edit-problem">
      <h2 className={browse.statusTitle}>{title}</h2>
      <p className={browse.statusMessage}>{text}</p>
      <button
        type="button"
        className={`${forms.primaryButton} ${forms.buttonInline}`}
        onClick={() => navigate(paths.letterDetail(orderId), { replace: true })}
      >
        查看订单
      </button>
    </section>
  );
}

function EditForm({ orderId, letter }: { orderId: string; letter: LetterSection }) {
  const navigate = useNavigate();
  const setOrder = useSetServiceOrder();
  const form = useLetterForm(letterDraftKey(orderId), () => draftOfLetter(letter));
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const busyRef = useRef(false);

  const save = async () => {
    if (busyRef.current) return;
    if (uploading) {
      showToast('证据材料上传中，请稍候再保存');
      return;
    }
    if (!form.check()) {
      showToast('请按提示完善律师函信息');
      return;
    }
    busyRef.current = true;
    setBusy(true);
    let leaving = false;
    try {
      const detail = await editLetterOrder({ orderId, ...letterInput(form.draft) });
      leaving = true;
      setOrder(detail);
      form.clear();
      showToast('已保存修改');
      navigate(paths.letterDetail(orderId), { replace: true });
    } catch (error) {
      // Toasted by the client. A draft came first (409): the letter is the lawyer's now.
      if (error instanceof ApiError && Number(error.code) === 409) {
        leaving = true;
        form.clear();
        navigate(paths.letterDetail(orderId), { replace: true });
      }
    } finally {
      if (!leaving) {
        busyRef.current = false;
        setBusy(false);
      }
    }
  };

  return (
    <>
      <p className={styles.editNote}>律师提交初稿前可修改律师函信息，修改后律师将按新的信息起草。</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <LetterFields
          draft={form.draft}
          errors={form.shown}
          onChange={form.update}
          onTouch={form.touch}
          today={form.today}
          evidence={
            <EvidenceCard
              value={form.draft.evidence}
              onChange={(evidence) => form.update({ evidence })}
              error={form.shown.evidence}
              onBusyChange={setUploading}
            />
          }
        />
      </form>
      <FixedBottomBar
        buttonText={busy ? '保存中…' : '保存修改'}
        loading={busy}
        onClick={() => void save()}
        secondary={{
          text: '放弃修改',
          onClick: () => {
            form.clear();
            navigate(paths.letterDetail(orderId), { replace: true });
          },
          testId: 'letter-edit-discard',
        }}
        testId="letter-edit-bar"
      />
    </>
  );
}

function EditLoaded({ orderId }: { orderId: string }) {
  const query = useServiceOrder(orderId, 'lawyerLetter');
  // Asked once: the form keeps what the person typed even when the order is refreshed meanwhile.
  if (query.isPending) return <SkeletonRows rows={4} label="订单加载中" />;
  if (query.isError && !query.data) {
    return <ServiceProblem error={query.error} onRetry={() => void query.refetch()} />;
  }
  const letter = query.data.letter;
  if (!letter) return <ServiceProblem message="这不是律师函订单" />;
  if (!letter.editable || !query.data.actions.editLetter) {
    return (
      <NotEditable
        title="律师函信息已不可修改"
        text="律师已提交初稿。如需调整内容，请在订单中对初稿提出修改意见。"
        orderId={orderId}
      />
    );
  }
  return <EditForm orderId={orderId} letter={letter} />;
}

/** LawyerLetterDetailEdit (/LawyerLetterDetailEdit/:orderId): the letter's information until the first draft. */
export function LawyerLetterDetailEditPage({ name }: PageProps) {
  const { id } = useParams();
  return (
    <PageShell name={name} className={styles.letter}>
      <RequireLogin>
        {id && isServiceOrderId(id) ? (
          <EditLoaded key={id} orderId={id} />
        ) : (
          <ServiceProblem message="订单不存在" />
        )}
      </RequireLogin>
    </PageShell>
  );
}

export default LawyerLetterDetailEditPage;
