import { beijingWhenText, billingRuleText, formatDuration, StepLists, Timing } from '@lawline/contract';
import type { CallOrderDetail } from '@lawline/contract/schemas';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { ClockCircleOutline, PhoneFill } from 'antd-mobile-icons';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { subscribe } from '../../api/realtime.ts';
import { showToast } from '../../app/api-effects.ts';
import forms from '../../ui/forms.module.css';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { OrderContactService } from '../pay/components/contact-service.tsx';
import { callOrderKey } from './api/call-order-detail.ts';
import { releaseRequestedLawyer } from './api/release-requested-lawyer.ts';
import { renewCallOrder } from './api/renew-call-order.ts';
import { CancelOrderPopup } from './components/cancel-order-popup.tsx';
import { type LawyerBrief, OrderLawyerCard } from './components/order-lawyer.tsx';
import { OrderScreen } from './components/order-screen.tsx';
import styles from './phone.module.css';
import {
  fieldNameOf,
  localPromiseDeadline,
  noLawyerDetail,
  secondsUntil,
  waitingNextPath,
  waitingView,
  yuanToFen,
} from './phone-rules.ts';

/** This device's clock, ticking while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** Seconds left of the 60-second promise, ticking once a second on this device's clock. */
function usePromiseCountdown(detail: CallOrderDetail, receivedAt: number, active: boolean): number {
  const deadline = localPromiseDeadline(detail.dispatch, receivedAt);
  return secondsUntil(deadline, useNow(active));
}

function CountdownRing({ seconds }: { seconds: number }) {
  const total = Timing.phoneConnectPromiseS;
  const ratio = Math.max(0, Math.min(1, seconds / total));
  return (
    <div
      className={styles.countdown}
      role="timer"
      aria-label={`剩余${seconds}秒`}
      data-testid="promise-countdown"
      data-seconds={seconds}
      style={{ '--countdown-ratio': String(ratio) } as CSSProperties}
    >
      <span className={styles.countdownNumber}>{seconds}</span>
      <span className={styles.countdownUnit}>秒</span>
    </div>
  );
}

type Busy = 'keepWaiting' | 'rematch' | 'release' | null;

function Waiting({ detail, query }: { detail: CallOrderDetail; query: UseQueryResult<CallOrderDetail> }) {
  const queryClient = useQueryClient();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const busyRef = useRef(false);
  const [eventLawyer, setEventLawyer] = useState<LawyerBrief | null>(null);
  const view = waitingView(detail);
  const receivedAt = query.dataUpdatedAt || Date.now();
  const seconds = usePromiseCountdown(detail, receivedAt, view === 'matching');
  // The waits that say what is happening tick too: how long the person has waited, how long the
  // requested lawyer still has.
  const now = useNow(view === 'noLawyer' || view === 'requested');
  // The countdown reached 0 before the next answer: show the choices at once, the poll confirms.
  const shownView = view === 'matching' && seconds === 0 ? 'overdue' : view;
  const requested = detail.requestedLawyer ?? null;

  // '102': the lawyer's name, photo and level arrive before the next poll answer.
  useEffect(
    () =>
      subscribe('102', (data) => {
        if (data.orderId === detail.orderId) setEventLawyer(data.lawyer);
      }),
    [detail.orderId],
  );

  const act = async (how: Exclude<Busy, null>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(how);
    try {
      const next =
        how === 'release'
          ? await releaseRequestedLawyer(detail.orderId)
          : await renewCallOrder(detail.orderId, how);
      queryClient.setQueryData(callOrderKey(detail.orderId), next);
      showToast(how === 'keepWaiting' ? '已为您继续等待' : '正在为您匹配其他律师');
    } catch {
      void query.refetch();
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  };

  const lawyer: LawyerBrief | null = detail.lawyer ?? eventLawyer;
  const waitedSeconds = Math.max(0, Math.floor((now - detail.createdAt) / 1000));
  const requestedLeft =
    requested?.waitUntil != null
      ? Math.max(0, Math.ceil((requested.waitUntil - now) / 1000))
      : (requested?.secondsLeft ?? 0);

  return (
    <>
      <StepBar steps={StepLists.phoneConsult} current={1} />
      <section
        className={`${styles.card} ${styles.waiting}`}
        data-testid="waiting"
        data-view={shownView}
        aria-live="polite"
      >
        {lawyer && (shownView === 'assigned' || shownView === 'inCall' || shownView === 'done') ? (
          <>
            <OrderLawyerCard lawyer={lawyer}>
              <p className={styles.note}>{shownView === 'inCall' ? '正在为您解答' : '已接单'}</p>
            </OrderLawyerCard>
            <h2 className={styles.waitingTitle} data-testid="waiting-title">
              {shownView === 'inCall' ? '通话中' : '律师已接单，即将给您回电'}
            </h2>
            <p className={styles.note}>
              {detail.call?.secretNo
                ? `来电号码：${detail.call.secretNo}（隐私号码，请放心接听）`
                : '律师将通过隐私号码给您回电，请保持电话畅通'}
            </p>
          </>
        ) : shownView === 'overdue' ? (
          <>
            <h2 className={styles.waitingTitle} data-testid="waiting-title">
              律师繁忙，暂未接通
            </h2>
            <p className={styles.note}>已超过60秒，您可以继续等待、重新匹配律师，或取消本次咨询。</p>
            <div className={styles.actions}>
              <button
                type="button"
                className={forms.primaryButton}
                disabled={busy !== null || !detail.actions.canKeepWaiting}
                aria-busy={busy === 'keepWaiting'}
                onClick={() => void act('keepWaiting')}
              >
                继续等待
              </button>
              <button
                type="button"
                className={forms.secondaryButton}
                disabled={busy !== null || !detail.actions.canRematch}
                aria-busy={busy === 'rematch'}
                onClick={() => void act('rematch')}
              >
                重新匹配律师
              </button>
            </div>
          </>
        ) : shownView === 'requested' && requested ? (
          <>
            <OrderLawyerCard lawyer={requested.lawyer}>
              <p className={styles.note} data-testid="requested-lawyer-status">
                {requested.presence === 'busy'
                  ? '通话中'
                  : requested.presence === 'offline'
                    ? '当前离线'
                    : '在线'}
              </p>
            </OrderLawyerCard>
            <h2 className={styles.waitingTitle} data-testid="waiting-title">
              {requested.presence === 'online'
                ? `已通知${requested.lawyer.name}律师，请稍候`
                : `正在等待${requested.lawyer.name}律师`}
            </h2>
            <p className={styles.note} data-testid="requested-message">
              {requested.message}
            </p>
            <p className={styles.elapsed} data-testid="requested-wait" data-seconds={requestedLeft}>
              最多再等{formatDuration(requestedLeft)}，之后为您匹配其他律师
            </p>
            {detail.actions.canReleaseRequested ? (
              <div className={styles.actions}>
                <button
                  type="button"
                  className={forms.secondaryButton}
                  disabled={busy !== null}
                  aria-busy={busy === 'release'}
                  onClick={() => void act('release')}
                  data-testid="release-requested"
                >
                  不等了，匹配其他律师
                </button>
              </div>
            ) : null}
          </>
        ) : shownView === 'scheduled' ? (
          <>
            <span className={styles.waitMark} aria-hidden="true">
              <PhoneFill />
            </span>
            <h2 className={styles.waitingTitle} data-testid="waiting-title">
              已预约回电
            </h2>
            <p className={styles.note} data-testid="scheduled-text">
              {detail.dispatch.scheduledAt
                ? `预计${beijingWhenText(detail.dispatch.scheduledAt, Date.now())}起由律师为您回电，请保持电话畅通。`
                : '律师上线后将为您回电，请保持电话畅通。'}
            </p>
          </>
        ) : shownView === 'noLawyer' ? (
          <>
            <span className={styles.waitMark} aria-hidden="true">
              <ClockCircleOutline />
            </span>
            <h2 className={styles.waitingTitle} data-testid="waiting-title">
              当前暂无律师在线
            </h2>
            <p className={styles.note} data-testid="no-lawyer-text">
              {noLawyerDetail(detail.dispatch.expectedText)}
            </p>
            <p className={styles.note}>订单已保留，您也可以取消本次咨询，稍后再试。</p>
            <p className={styles.elapsed} data-testid="waiting-elapsed">
              已等待{formatDuration(waitedSeconds)}
            </p>
          </>
        ) : (
          <>
            <CountdownRing seconds={seconds} />
            <h2 className={styles.waitingTitle} data-testid="waiting-title">
              正在为您匹配律师
            </h2>
            <p className={styles.note}>律师将在{Timing.phoneConnectPromiseS}秒内给您回电，请保持电话畅通</p>
          </>
        )}
      </section>
      <SectionCard title={fieldNameOf(detail)}>
        <p className={styles.remark}>{detail.userRemark}</p>
        <p className={styles.note}>
          来电显示为隐私号码，请留意接听。
          {detail.pricing.memberFree
            ? '会员免费咨询。'
            : `${billingRuleText(detail.pricing.charge, yuanToFen(detail.pricing.unitPrice))}。`}
        </p>
      </SectionCard>
      <OrderContactService orderId={detail.orderId} />
      {detail.actions.canCancel ? (
        <div className={`${styles.actions} ${styles.actionsBottom}`}>
          <button
            type="button"
            className={
              shownView === 'noLawyer' || shownView === 'scheduled'
                ? forms.primaryButton
                : forms.secondaryButton
            }
            onClick={() => setCancelOpen(true)}
            data-testid="cancel-order"
          >
            {shownView === 'scheduled' ? '取消预约' : '取消咨询'}
          </button>
        </div>
      ) : null}
      <CancelOrderPopup orderId={detail.orderId} visible={cancelOpen} onClose={() => setCancelOpen(false)} />
    </>
  );
}

/**
 * PhoneWaiting (/PhoneWaiting/:orderId; LawyerWaiting shows the same): the 60-second promise with
 * its countdown, the lawyer once assigned, polling order/callOrderDetail every 2 s while status is 2
 * and moving on by the spec's table (5 Payment, 4 LawyerEvaluation, 3 PayWaiting, 99 TelDetail).
 */
export function PhoneWaitingPage({ name }: PageProps) {
  return (
    <OrderScreen
      name={name}
      poll={(detail) => detail.status === 2}
      redirect={(detail) => waitingNextPath(detail.status, detail.orderId)}
      render={(detail, query) => <Waiting detail={detail} query={query} />}
    />
  );
}

export default PhoneWaitingPage;
