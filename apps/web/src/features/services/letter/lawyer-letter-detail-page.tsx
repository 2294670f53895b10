import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../app/api-effects.ts';
import { paths } from '../../../app/paths.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';
import { useSession } from '../../../state/session.ts';
import { FixedBottomBar } from '../../../ui/fixed-bottom-bar.tsx';
import type { PageProps } from '../../../ui/page-placeholder.tsx';
import { PageShell } from '../../../ui/page-shell.tsx';
import { ServiceStepBar } from '../components/service-step-bar.tsx';
import { useRequestId } from '../hooks/use-request-id.ts';
import { createLetterOrder } from './api/create-letter-order.ts';
import { EvidenceCard } from './components/evidence-card.tsx';
import { LetterFields } from './components/letter-fields.tsx';
import { LetterTerms, useLetterTerms } from './components/letter-terms.tsx';
import { useLetterForm } from './hooks/use-letter-form.ts';
import styles from './letter.module.css';
import { letterDraftKey } from './letter-draft-storage.ts';
import { letterInput } from './letter-rules.ts';

/** The account's own number when the session has it in full (a masked 138****0000 is no use). */
function fullMobile(mobile: string | undefined): string {
  return mobile && /^1\d{10}$/.test(mobile) ? mobile : '';
}

/**
 * LawyerLetterDetail: the letter's form — sender, recipient, facts, demands, deadline, evidence —
 * each checked with the contract schema and its message beside it; the price and refund rule
 * before paying; 提交订单 creates the order once (one request id per visit) and goes to payment,
 * or to the order when a card right covers it.
 */
export function LawyerLetterDetailPage({ name }: PageProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const runAfterLogin = useSession((s) => s.runAfterLogin);
  const form = useLetterForm(letterDraftKey());
  const request = useRequestId(`${letterDraftKey()}.requestId`);
  const terms = useLetterTerms();
  const mobile = useSession((s) => fullMobile(s.userInfo?.mobile));
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const busyRef = useRef(false);

  // The sender is usually the person: their own number, once, while the field is still empty.
  const prefilled = useRef(false);
  const { setDraft } = form;
  useEffect(() => {
    if (prefilled.current || !mobile) return;
    prefilled.current = true;
    setDraft((d) => (d.sender.phone ? d : { ...d, sender: { ...d.sender, phone: mobile } }));
  }, [mobile, setDraft]);

  const send = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    let leaving = false;
    try {
      const created = await createLetterOrder({ requestId: request.requestId, ...letterInput(form.draft) });
      leaving = true;
      form.clear();
      request.renew();
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      if (created.needPayAmount > 0)
        navigate(paths.servicePayment(created.orderId, 'lawyerLetter', { pay: true }), { replace: true });
      else {
        showToast('下单成功，已使用会员权益');
        navigate(paths.letterDetail(created.orderId), { replace: true });
      }
    } catch {
      // The client toasted the server's message; the draft stays as typed.
    } finally {
      if (!leaving) {
        busyRef.current = false;
        setBusy(false);
      }
    }
  };

  const submit = () => {
    if (busyRef.current) return;
    if (uploading) {
      showToast('证据材料上传中，请稍候再提交');
      return;
    }
    if (!form.check()) {
      showToast('请按提示完善律师函信息');
      return;
    }
    // A visitor logs in first; the order then answers what is due for them (a card may cover it).
    runAfterLogin(() => void send());
  };

  const due = terms.query.data?.needPayAmount ?? null;
  return (
    <PageShell name={name} className={styles.letter}>
      <ServiceStepBar kind="lawyerLetter" form />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
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
      <LetterTerms title="费用与退款规则" terms={terms} />
      <FixedBottomBar
        price={due}
        unitText={due === 0 ? '会员权益抵扣' : null}
        buttonText={busy ? '提交中…' : due === 0 ? '提交订单' : '提交并支付'}
        loading={busy}
        onClick={submit}
        testId="letter-submit-bar"
      />
    </PageShell>
  );
}

export default LawyerLetterDetailPage;
