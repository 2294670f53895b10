import { StepLists, Timing } from '@lawline/contract';
import type { CallOrderDetail } from '@lawline/contract/schemas';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { subscribe } from '../../api/realtime.ts';
import { showToast } from '../../app/api-effects.ts';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { callOrderKey } from './api/call-order-detail.ts';
import { renewCallOrder } from './api/renew-call-order.ts';
import { CancelOrderPopup } from './components/cancel-order-popup.tsx';
import { type LawyerBrief, OrderLawyerCard } from './components/order-lawyer.tsx';
import { OrderScreen } from './components/order-screen.tsx';
import {
  fieldNameOf,
  localPromiseDeadline,
  secondsUntil,
  waitingNextPath,
  waitingView,
} from './phone-rules.ts';

/** Seconds left of the 60-second promise, ticking once a second on this device's clock. */
function usePromiseCountdown(detail: CallOrderDetail, receivedAt: number, active: boolean): number {
  const deadline = localPromiseDeadline(detail.dispatch, receivedAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);
  return secondsUntil(deadline, now);
}

function CountdownRing({ seconds }: { seconds: number }) {
  const total = Timing.phoneConnectPromiseS;
  const ratio = Math.max(0, Math.min(1, seconds / total));
  return (
    <div
      className="ll-countdown"
      role="timer"
      aria-label={`剩余${seconds}秒`}
      data-testid="promise-countdown"
      data-seconds={seconds}
      style={{ '--ll-countdown-ratio': String(ratio) } as CSSProperties}
    >
      <span className="ll-countdown-number">{seconds}</span>
      <span className="ll-countdown-unit">秒</span>
    </div>
  );
}

function Waiting({ detail, query }: { detail: CallOrderDetail; query: UseQueryResult<CallOrderDetail> }) {
  const queryClient = useQueryClient();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [busy, setBusy] = useState<'keepWaiting' | 'rematch' | null>(null);
  const busyRef = useRef(false);
  const [eventLawyer, setEventLawyer] = useState<LawyerBrief | null>(null);
  const view = waitingView(detail);
  const seconds = usePromiseCountdown(
    detail,
    query.dataUpdatedAt || Date.now(),
    view === 'matching' || view === 'noLawyer',
  );
  // The countdown reached 0 before the next answer: show the choices at once, the poll confirms.
  const shownView = view === 'matching' && seconds === 0 ? 'overdue' : view;

  // '102': the lawyer's name, photo and level arrive before the next poll answer.
  useEffect(
    () =>
      subscribe('102', (data) => {
        if (data.orderId === detail.orderId) setEventLawyer(data.lawyer);
      }),
    [detail.orderId],
  );

  const renew = async (how: 'keepWaiting' | 'rematch') => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(how);
    try {
      const next = await renewCallOrder(detail.orderId, how);
      queryClient.setQueryData(callOrderKey(detail.orderId), next);
      showToast(how === 'keepWaiting' ? '已为您继续等待' : '正在为您重新匹配律师');
    } catch {
      void query.refetch();
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  };

  const lawyer: LawyerBrief | null = detail.lawyer ?? eventLawyer;

  return (
    <>
      <StepBar steps={StepLists.phoneConsult} current={1} />
      <section className="ll-card ll-waiting" data-testid="waiting" data-view={shownView} aria-live="polite">
        {lawyer && (shownView === 'assigned' || shownView === 'inCall' || shownView === 'done') ? (
          <>
            <OrderLawyerCard lawyer={lawyer}>
              <p className="ll-note">{shownView === 'inCall' ? '正在为您解答' : '已接单'}</p>
            </OrderLawyerCard>
            <h2 className="ll-waiting-title" data-testid="waiting-title">
              {shownView === 'inCall' ? '通话中' : '律师已接单，即将给您回电'}
            </h2>
            <p className="ll-note">
              {detail.call?.secretNo
                ? `来电号码：${detail.call.secretNo}（隐私号码，请放心接听）`
                : '律师将通过隐私号码给您回电，请保持电话畅通'}
            </p>
          </>
        ) : shownView === 'overdue' ? (
          <>
            <h2 className="ll-waiting-title" data-testid="waiting-title">
              律师繁忙，暂未接通
            </h2>
            <p className="ll-note">已超过60秒，您可以继续等待、重新匹配律师，或取消本次咨询。</p>
            <div className="ll-phone-actions">
              <button
                type="button"
                className="ll-primary-button"
                disabled={busy !== null || !detail.actions.canKeepWaiting}
                aria-busy={busy === 'keepWaiting'}
                onClick={() => void renew('keepWaiting')}
              >
                继续等待
              </button>
              <button
                type="button"
                className="ll-secondary-button"
                disabled={busy !== null || !detail.actions.canRematch}
                aria-busy={busy === 'rematch'}
                onClick={() => void renew('rematch')}
              >
                重新匹配律师
              </button>
            </div>
          </>
        ) : (
          <>
            <CountdownRing seconds={seconds} />
            <h2 className="ll-waiting-title" data-testid="waiting-title">
              {shownView === 'noLawyer' ? '当前暂无律师在线' : '正在为您匹配律师'}
            </h2>
            <p className="ll-note">
              {shownView === 'noLawyer'
                ? '律师上线后将第一时间为您接单；您也可以取消本次咨询，稍后再试。'
                : `律师将在${Timing.phoneConnectPromiseS}秒内给您回电，请保持电话畅通`}
            </p>
          </>
        )}
      </section>
      <section className="ll-card" aria-labelledby="ll-waiting-order">
        <h2 id="ll-waiting-order" className="ll-card-title">
          {fieldNameOf(detail)}
        </h2>
        <p className="ll-phone-remark">{detail.userRemark}</p>
        <p className="ll-note">来电显示为隐私号码，请留意接听；通话不足1分钟免费。</p>
      </section>
      {detail.actions.canCancel ? (
        <div className="ll-phone-actions ll-phone-actions-bottom">
          <button
            type="button"
            className={shownView === 'noLawyer' ? 'll-primary-button' : 'll-secondary-button'}
            onClick={() => setCancelOpen(true)}
            data-testid="cancel-order"
          >
            取消咨询
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
