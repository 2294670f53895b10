import { CallOrderStatus, callOrderStatusText, Timing, UNPAID_ORDER_MESSAGE } from '@lawline/contract';
import type { CallOrderDetail } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../app/api-effects.ts';
import { paths } from '../../app/paths.ts';
import { FixedBottomBar } from '../../ui/fixed-bottom-bar.tsx';
import forms from '../../ui/forms.module.css';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { OrderContactService } from '../pay/components/contact-service.tsx';
import { continueConsult } from './api/continue-consult.ts';
import { orderListKey } from './api/order-list.ts';
import { BillRows } from './components/bill-rows.tsx';
import { CancelOrderPopup } from './components/cancel-order-popup.tsx';
import { EvaluationView } from './components/evaluation-view.tsx';
import { OrderLawyerCard } from './components/order-lawyer.tsx';
import { OrderScreen } from './components/order-screen.tsx';
import styles from './phone.module.css';
import { dateTimeText, durationText, fieldNameOf } from './phone-rules.ts';

/**
 * The status line of spec §4: 3 咨询已完成，请立即支付 · 4 支付已完成 (members and free calls:
 * 订单已完成) · 5 订单已完成，欢迎再次使用; the server's words for the other states (匹配中, 通话中,
 * 支付确认中, 已取消：reason).
 */
export function telStatusText(
  detail: Pick<CallOrderDetail, 'status' | 'orderStatus' | 'statusText' | 'pricing' | 'bill'>,
): string {
  if (detail.status === CallOrderStatus.payWaiting) return detail.statusText;
  const member = detail.pricing.memberFree || Boolean(detail.bill?.free);
  return callOrderStatusText(detail.orderStatus, member) ?? detail.statusText;
}

type Action = { key: string; text: string; run: () => void };

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={styles.kvRow}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function Detail({ detail }: { detail: CallOrderDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const askAgain = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    let keepBusy = false;
    try {
      const result = await continueConsult(detail.orderId);
      void queryClient.invalidateQueries({ queryKey: orderListKey });
      if (result.unpaidOrderId) {
        const unpaid = result.unpaidOrderId;
        showToast(UNPAID_ORDER_MESSAGE);
        keepBusy = true;
        timer.current = setTimeout(() => {
          busyRef.current = false;
          setBusy(false);
          navigate(paths.telDetail(unpaid));
        }, Timing.toastMs);
      } else if (result.orderId) {
        keepBusy = true;
        navigate(paths.phoneWaiting(result.orderId));
      }
    } catch {
      // The client showed the server's message.
    } finally {
      if (!keepBusy) {
        busyRef.current = false;
        setBusy(false);
      }
    }
  };

  const { actions } = detail;
  const list: Action[] = [];
  if (actions.canPay)
    list.push({ key: 'pay', text: '去支付', run: () => navigate(paths.payment(detail.orderId)) });
  if (detail.status === CallOrderStatus.inProgress)
    list.push({ key: 'progress', text: '查看进度', run: () => navigate(paths.phoneWaiting(detail.orderId)) });
  if (detail.status === CallOrderStatus.payWaiting)
    list.push({
      key: 'payWaiting',
      text: '查看支付结果',
      run: () => navigate(paths.payWaiting(detail.orderId)),
    });
  if (actions.canEvaluate)
    list.push({
      key: 'evaluate',
      text: '评价律师',
      run: () => navigate(paths.lawyerEvaluation(detail.orderId)),
    });
  if (actions.canContinue) list.push({ key: 'continue', text: '再次咨询', run: () => void askAgain() });
  if (actions.canCancel) list.push({ key: 'cancel', text: '取消咨询', run: () => setCancelOpen(true) });
  if (!actions.canContinue && detail.status === CallOrderStatus.closed)
    list.push({ key: 'again', text: '重新咨询', run: () => navigate(paths.subTel(detail.consultField)) });
  const [primary, secondary] = list;

  return (
    <>
      <section className={styles.card} data-testid="tel-status" data-status={detail.status}>
        <h2 className={styles.telStatusText} data-testid="tel-status-text">
          {telStatusText(detail)}
        </h2>
        {detail.payment ? (
          <p className={styles.note} data-testid="tel-paid-line">
            <span className={styles.paidBadge}>已支付</span> ¥{detail.payment.amount} ·{' '}
            {detail.payment.methodText} · {dateTimeText(detail.payment.paidAt)}
          </p>
        ) : null}
        {detail.cancelReason ? <p className={styles.note}>取消原因：{detail.cancelReason}</p> : null}
      </section>

      <SectionCard title="咨询信息">
        <dl className={styles.kv}>
          <Row label="咨询领域" testId="tel-field">
            {fieldNameOf(detail)}
          </Row>
          <Row label="问题描述">
            <span className={styles.remark}>{detail.userRemark}</span>
          </Row>
          {detail.userLocation ? <Row label="所在地区">{detail.userLocation}</Row> : null}
          {detail.expectTime ? <Row label="期望回电">{detail.expectTime}</Row> : null}
          <Row label="订单编号" testId="tel-order-id">
            {detail.orderId}
          </Row>
          <Row label="下单时间">{dateTimeText(detail.createdAt)}</Row>
        </dl>
      </SectionCard>

      {detail.lawyer ? (
        <section className={styles.card} aria-label="咨询律师">
          <OrderLawyerCard lawyer={detail.lawyer} />
        </section>
      ) : null}

      {detail.call ? (
        <SectionCard
          title="通话记录"
          extra={
            <Link className={`${forms.textLink} ${styles.small}`} to={paths.checkTime(detail.orderId)}>
              计费说明
            </Link>
          }
        >
          <dl className={styles.kv}>
            <Row label="开始时间">{dateTimeText(detail.call.startedAt)}</Row>
            <Row label="结束时间">{dateTimeText(detail.call.endedAt)}</Row>
            <Row label="通话时长" testId="tel-duration">
              {durationText(detail.call.durationSeconds)}
            </Row>
          </dl>
        </SectionCard>
      ) : null}

      {detail.bill ? (
        <SectionCard title="费用明细">
          <BillRows bill={detail.bill} call={detail.call} payment={detail.payment} />
        </SectionCard>
      ) : null}

      {detail.evaluation ? (
        <SectionCard title="我的评价">
          <EvaluationView evaluation={detail.evaluation} />
        </SectionCard>
      ) : null}

      <OrderContactService orderId={detail.orderId} />

      {primary ? (
        <FixedBottomBar
          price={actions.canPay ? (detail.bill?.payable ?? null) : null}
          waitingPayment={actions.canPay}
          unitText={actions.canPay ? `通话${durationText(detail.call?.durationSeconds)}` : null}
          buttonText={primary.key === 'continue' && busy ? '提交中…' : primary.text}
          loading={primary.key === 'continue' && busy}
          onClick={primary.run}
          secondary={
            secondary
              ? {
                  text: secondary.key === 'continue' && busy ? '提交中…' : secondary.text,
                  onClick: secondary.run,
                  disabled: secondary.key === 'continue' && busy,
                  testId: `tel-action-${secondary.key}`,
                }
              : undefined
          }
          testId="tel-bar"
        />
      ) : null}
      <CancelOrderPopup orderId={detail.orderId} visible={cancelOpen} onClose={() => setCancelOpen(false)} />
    </>
  );
}

/** TelDetail (/TelDetail/:orderId): the whole phone order and the actions that fit its state. */
export function TelDetailPage({ name }: PageProps) {
  return (
    <OrderScreen
      name={name}
      poll={(detail) =>
        detail.status === CallOrderStatus.inProgress || detail.status === CallOrderStatus.payWaiting
      }
      render={(detail) => <Detail detail={detail} />}
    />
  );
}

export default TelDetailPage;
