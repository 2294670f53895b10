import { billingRuleText, Charge, StepLists, Timing, UNPAID_ORDER_MESSAGE } from '@lawline/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { showToast } from '../../app/api-effects.ts';
import { paths } from '../../app/paths.ts';
import { useChannel } from '../../state/channel.ts';
import { useSession } from '../../state/session.ts';
import browse from '../../ui/browse.module.css';
import { FixedBottomBar } from '../../ui/fixed-bottom-bar.tsx';
import forms from '../../ui/forms.module.css';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { availabilityQuery } from './api/availability.ts';
import { createCallOrder } from './api/create-call-order.ts';
import { orderListKey, orderListQuery } from './api/order-list.ts';
import {
  AvailabilityCard,
  type NoneOnlineChoice,
  type RequestedChoice,
  RequestedLawyerCard,
} from './components/consult-availability.tsx';
import { ExpectTimeField } from './components/expect-time-field.tsx';
import { RegionField } from './components/region-field.tsx';
import { clearDraft, readDraft, writeDraft } from './draft-storage.ts';
import styles from './phone.module.css';
import {
  availabilityView,
  type ConsultField,
  checkQuestion,
  consultFieldOf,
  QUESTION_MAX,
  questionLength,
  requestedLawyerParam,
  SHORT_CALL_FREE_NOTE,
  type SubTelDraft,
  unitTextOf,
  yuanToFen,
} from './phone-rules.ts';

function UnknownField() {
  const navigate = useNavigate();
  return (
    <section className={browse.status} role="alert" data-testid="unknown-field">
      <h2 className={browse.statusTitle}>暂不支持该咨询领域</h2>
      <p className={browse.statusMessage}>请返回首页，从电话咨询中选择您要咨询的领域</p>
      <button
        type="button"
        className={`${forms.primaryButton} ${forms.buttonInline}`}
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

function SubTelForm({ field, lawyerUserId }: { field: ConsultField; lawyerUserId: number | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const channel = useChannel((s) => s.data);
  const isMember = useSession((s) => Boolean(s.userInfo?.isMember));
  const runAfterLogin = useSession((s) => s.runAfterLogin);
  const [draft, setDraft] = useState<SubTelDraft>(() => readDraft(field.code));
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const availability = useQuery(availabilityQuery(field.code, lawyerUserId));
  const [noneOnline, setNoneOnline] = useState<NoneOnlineChoice>('wait');
  const [requestedChoice, setRequestedChoice] = useState<RequestedChoice>('requested');

  useEffect(() => {
    writeDraft(field.code, draft);
  }, [field.code, draft]);
  useEffect(
    () => () => {
      if (leaveTimer.current) clearTimeout(leaveTimer.current);
    },
    [],
  );

  const facts = availability.data;
  const view = availabilityView(field.name, facts, availability.isError, Timing.phoneConnectPromiseS);
  const requested = lawyerUserId !== null ? (facts?.requestedLawyer ?? null) : null;
  const forRequested = requested !== null && requestedChoice === 'requested';
  const callback = !forRequested && view.state === 'none' && noneOnline === 'callback';
  const promise = forRequested ? requested.available : view.state === 'online';

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
        ...(forRequested ? { lawyerUserId: requested.lawyer.userId } : {}),
        ...(callback ? { callback: true } : {}),
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
  const charge = channel?.payType === Charge.byPer ? Charge.byPer : Charge.byTime;
  const ruleText = price !== null ? billingRuleText(charge, yuanToFen(price)) : null;
  const buttonText = busy ? '提交中…' : callback ? '预约回电' : promise ? '立即咨询' : '提交咨询';
  return (
    <>
      <StepBar steps={StepLists.phoneConsult} current={0} />
      <SectionCard
        title={
          <>
            咨询领域：<span data-testid="consult-field-name">{field.name}</span>
          </>
        }
      >
        <p className={styles.note}>先咨询后付费。律师通过隐私号码回电，双方真实号码互不可见。</p>
      </SectionCard>
      {lawyerUserId !== null && requested ? (
        <RequestedLawyerCard
          requested={requested}
          anyOnline={view.state === 'online'}
          choice={requestedChoice}
          onChoice={setRequestedChoice}
        />
      ) : lawyerUserId !== null && facts ? (
        <section className={styles.card} data-testid="requested-lawyer-missing">
          <p className={styles.note}>未找到您选择的律师，将为您匹配在线律师。</p>
        </section>
      ) : null}
      {forRequested ? null : (
        <AvailabilityCard view={view} availability={facts} choice={noneOnline} onChoice={setNoneOnline} />
      )}
      <form
        className={styles.card}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className={styles.question} htmlFor="ll-question">
          <span className={styles.rowLabel}>问题描述</span>
          <span className={styles.counter} data-testid="question-counter" aria-live="polite">
            {length}/{QUESTION_MAX}
          </span>
        </label>
        <textarea
          id="ll-question"
          className={styles.questionInput}
          name="question"
          rows={6}
          maxLength={QUESTION_MAX + 50}
          placeholder="请简要描述您遇到的问题（5-500字），律师回电时将据此为您解答"
          value={draft.question}
          onChange={(e) => update({ question: e.target.value })}
          aria-invalid={draft.question.length > 0 && problem !== null}
        />
        {draft.question.length > 0 && problem ? (
          <p className={forms.formError} data-testid="question-error">
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
      <SectionCard
        title="咨询须知"
        testId="consult-rules"
        extra={
          <Link className={`${forms.textLink} ${styles.small}`} to={paths.checkTime()}>
            计费说明
          </Link>
        }
      >
        <ol className={styles.ruleList}>
          <li>
            {promise
              ? `提交后律师将在${Timing.phoneConnectPromiseS}秒内给您回电，请保持电话畅通；`
              : '律师接单后将通过隐私号码给您回电，请保持电话畅通；'}
          </li>
          <li data-testid="billing-rule">
            {isMember ? '会员尊享免费电话咨询；' : ''}
            {ruleText ? `${ruleText}；` : `${SHORT_CALL_FREE_NOTE}，之后按通话时长计费；`}
            通话结束后按实际通话计费，满意再付款。
          </li>
        </ol>
      </SectionCard>
      <FixedBottomBar
        price={price}
        unitText={unitTextOf(channel?.payType)}
        priceLabel={isMember ? '会员免费' : null}
        note={SHORT_CALL_FREE_NOTE}
        buttonText={buttonText}
        loading={busy}
        onClick={submit}
        testId="consult-bar"
      />
    </>
  );
}

/**
 * SubTel (/SubTel/:id, id = consult field code; `?lawyer=<userId>` from a lawyer's profile): who can
 * answer now, the question, region, expected time, the billing rule, the price and 立即咨询.
 */
export function SubTelPage({ name }: PageProps) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const field = consultFieldOf(id);
  const lawyerUserId = requestedLawyerParam(params.get('lawyer'));
  return (
    <PageShell name={name} className={styles.phone}>
      {field ? (
        <SubTelForm key={`${field.code}-${lawyerUserId ?? ''}`} field={field} lawyerUserId={lawyerUserId} />
      ) : (
        <UnknownField />
      )}
    </PageShell>
  );
}

export default SubTelPage;
