import { StepLists, Timing, UNPAID_ORDER_MESSAGE } from '@lawline/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { showToast } from '../../app/api-effects.ts';
import { paths } from '../../app/paths.ts';
import { useChannel } from '../../state/channel.ts';
import { useSession } from '../../state/session.ts';
import { FixedBottomBar } from '../../ui/fixed-bottom-bar.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { createCallOrder } from './api/create-call-order.ts';
import { orderListKey, orderListQuery } from './api/order-list.ts';
import { ExpectTimeField } from './components/expect-time-field.tsx';
import { RegionField } from './components/region-field.tsx';
import { clearDraft, readDraft, writeDraft } from './draft-storage.ts';
import {
  type ConsultField,
  checkQuestion,
  consultFieldOf,
  QUESTION_MAX,
  questionLength,
  SHORT_CALL_FREE_NOTE,
  type SubTelDraft,
  unitTextOf,
} from './phone-rules.ts';
import '../../ui/browse.css';
import '../../ui/forms.css';
import './phone.css';

function UnknownField() {
  const navigate = useNavigate();
  return (
    <section className="ll-status" role="alert" data-testid="unknown-field">
      <h2 className="ll-status-title">暂不支持该咨询领域</h2>
      <p className="ll-status-message">请返回首页，从电话咨询中选择您要咨询的领域</p>
      <button
        type="button"
        className="ll-primary-button ll-button-inline"
        onClick={() => navigate(paths.home())}
      >
        返回首页
      </button>
    </section>
  );
}

/** The person's ongoing consult (after a 409), to take them to it. */
async function ongoingOrderId(queryClient: ReturnType<typeof useQueryClient>): Promise<string | null> {
  try {
    const data = await queryClient.fetchInfiniteQuery(orderListQuery('ongoing'));
    return data.pages[0]?.list[0]?.orderId ?? null;
  } catch {
    return null;
  }
}

function SubTelForm({ field }: { field: ConsultField }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const channel = useChannel((s) => s.data);
  const isMember = useSession((s) => Boolean(s.userInfo?.isMember));
  const runAfterLogin = useSession((s) => s.runAfterLogin);
  const [draft, setDraft] = useState<SubTelDraft>(() => readDraft(field.code));
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    writeDraft(field.code, draft);
  }, [field.code, draft]);
  useEffect(
    () => () => {
      if (leaveTimer.current) clearTimeout(leaveTimer.current);
    },
    [],
  );

  const update = (change: Partial<SubTelDraft>) => setDraft((d) => ({ ...d, ...change }));
  const length = questionLength(draft.question);
  const problem = checkQuestion(draft.question);

  /** The order itself; runs right away when logged in, else right after the login popup succeeds. */
  const send = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    let keepBusy = false;
    try {
      const current = readDraft(field.code);
      const result = await createCallOrder({
        consultField: field.code,
        userRemark: current.question.trim(),
        ...(current.location ? { userLocation: current.location } : {}),
        ...(current.expectTime ? { expectTime: current.expectTime } : {}),
      });
      void queryClient.invalidateQueries({ queryKey: orderListKey });
      if (result.unpaidOrderId) {
        const unpaid = result.unpaidOrderId;
        showToast(UNPAID_ORDER_MESSAGE);
        keepBusy = true;
        leaveTimer.current = setTimeout(() => navigate(paths.telDetail(unpaid)), Timing.toastMs);
        return;
      }
      if (result.orderId) {
        clearDraft(field.code);
        keepBusy = true;
        navigate(paths.phoneWaiting(result.orderId), { replace: true });
      }
    } catch (error) {
      // The client showed the server's message (429 the day's cancellation cap, 400 …). A consult
      // already in progress (409): take the person to it.
      if (error instanceof ApiError && Number(error.code) === 409) {
        const ongoing = await ongoingOrderId(queryClient);
        if (ongoing) {
          keepBusy = true;
          leaveTimer.current = setTimeout(() => navigate(paths.phoneWaiting(ongoing)), Timing.toastMs);
        }
      }
    } finally {
      if (!keepBusy) {
        busyRef.current = false;
        setBusy(false);
      }
    }
  };

  const submit = () => {
    if (busyRef.current) return;
    if (problem) {
      showToast(problem);
      return;
    }
    writeDraft(field.code, draft);
    runAfterLogin(send);
  };

  const price = channel?.price ?? null;
  return (
    <>
      <StepBar steps={StepLists.phoneConsult} current={0} />
      <section className="ll-card ll-phone-intro" aria-labelledby="ll-field-title">
        <h2 id="ll-field-title" className="ll-card-title">
          咨询领域：<span data-testid="consult-field-name">{field.name}</span>
        </h2>
        <p className="ll-note">
          60秒连线专业律师，先咨询后付费。律师通过隐私号码回电，双方真实号码互不可见。
        </p>
      </section>
      <form
        className="ll-card ll-phone-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="ll-phone-question" htmlFor="ll-question">
          <span className="ll-phone-row-label">问题描述</span>
          <span className="ll-phone-counter" data-testid="question-counter" aria-live="polite">
            {length}/{QUESTION_MAX}
          </span>
        </label>
        <textarea
          id="ll-question"
          className="ll-textarea ll-phone-textarea"
          name="question"
          rows={6}
          maxLength={QUESTION_MAX + 50}
          placeholder="请简要描述您遇到的问题（5-500字），律师回电时将据此为您解答"
          value={draft.question}
          onChange={(e) => update({ question: e.target.value })}
          aria-invalid={draft.question.length > 0 && problem !== null}
        />
        {draft.question.length > 0 && problem ? (
          <p className="ll-form-error" data-testid="question-error">
            {problem}
          </p>
        ) : null}
        <RegionField
          text={draft.location}
          codes={draft.locationCodes}
          onChange={(location, locationCodes) => update({ location, locationCodes })}
        />
        <ExpectTimeField value={draft.expectTime} onChange={(expectTime) => update({ expectTime })} />
      </form>
      <section className="ll-card ll-phone-tips" aria-label="咨询须知">
        <p className="ll-note">1. 提交后律师将在60秒内给您回电，请保持电话畅通；</p>
        <p className="ll-note">2. {SHORT_CALL_FREE_NOTE}，通话结束后按实际通话计费，满意再付款；</p>
        <p className="ll-note">3. 会员享受免费电话咨询。</p>
      </section>
      <FixedBottomBar
        price={price}
        unitText={unitTextOf(channel?.payType)}
        priceLabel={isMember ? '会员免费' : null}
        note={SHORT_CALL_FREE_NOTE}
        buttonText={busy ? '提交中…' : '立即咨询'}
        loading={busy}
        onClick={submit}
        testId="consult-bar"
      />
    </>
  );
}

/** SubTel (/SubTel/:id, id = consult field code): the question, region, expected time, price, 立即咨询. */
export function SubTelPage({ name }: PageProps) {
  const { id } = useParams();
  const field = consultFieldOf(id);
  return (
    <PageShell name={name} className="ll-phone">
      {field ? <SubTelForm key={field.code} field={field} /> : <UnknownField />}
    </PageShell>
  );
}

export default SubTelPage;
