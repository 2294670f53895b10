import type { ServiceFile, ServiceOrderDetail } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../app/api-effects.ts';
import { paths } from '../../../app/paths.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';
import { confirmDialog } from '../../../ui/confirm.ts';
import { ContactService } from '../../../ui/contact-service.tsx';
import { EvaluationView } from '../../../ui/evaluation.tsx';
import { FixedBottomBar } from '../../../ui/fixed-bottom-bar.tsx';
import forms from '../../../ui/forms.module.css';
import { SectionCard } from '../../../ui/section-card.tsx';
import { cancelServiceOrder } from '../api/cancel-service-order.ts';
import { openServiceFile } from '../api/service-file.ts';
import { serviceStep } from '../api/service-step.ts';
import { useSetServiceOrder } from '../hooks/use-service-order.ts';
import { cancelConfirmText, timeText, yuanText } from '../service-rules.ts';
import styles from '../services.module.css';
import { ServiceLawyer } from './service-lawyer.tsx';
import { ServiceStepBar } from './service-step-bar.tsx';

/** A file of the order as a link-like button (the file needs the person's token: fetched, then opened). */
export function ServiceFileLink({ file }: { file: Pick<ServiceFile, 'url' | 'name' | 'mime'> }) {
  return (
    <button
      type="button"
      className={styles.fileLink}
      onClick={() => void openServiceFile(file)}
      data-testid="service-file"
    >
      {file.name}
    </button>
  );
}

function headClass(detail: ServiceOrderDetail): string {
  if (detail.state === 'cancelled') return `${styles.statusHead} ${styles.statusHeadClosed}`;
  if (detail.tab === 'finished') return `${styles.statusHead} ${styles.statusHeadDone}`;
  return `${styles.statusHead}`;
}

function StatusHead({ detail, note }: { detail: ServiceOrderDetail; note?: string | null }) {
  return (
    <section className={headClass(detail)} aria-label="订单状态" data-testid="service-status">
      <h2 className={styles.statusTitle} data-testid="service-status-text">
        {detail.statusText}
      </h2>
      {note ? (
        <p className={styles.statusSub} data-testid="service-head-note">
          {note}
        </p>
      ) : null}
      {detail.deadline ? (
        <p className={styles.statusSub} data-testid="service-deadline">
          {detail.deadline.text}
        </p>
      ) : null}
      {detail.refunded > 0 ? (
        <p className={styles.statusSub} data-testid="service-refunded">
          已退款 {yuanText(detail.refunded)}，将原路退回您的支付账户
        </p>
      ) : null}
    </section>
  );
}

function Payments({ detail }: { detail: ServiceOrderDetail }) {
  return (
    <SectionCard title="费用明细" testId="service-payments">
      <dl className={styles.kv}>
        <div>
          <dt>服务价格</dt>
          <dd>{yuanText(detail.price)}</dd>
        </div>
        {detail.rightNote ? (
          <div>
            <dt>会员权益</dt>
            <dd>{detail.rightNote}</dd>
          </div>
        ) : null}
        {detail.payments.map((payment) => (
          <div key={payment.paidAt} data-testid="service-payment">
            <dt>已支付</dt>
            <dd>
              {yuanText(payment.amount)} · {payment.methodText}
              {payment.couponName ? ` · ${payment.couponName}−${yuanText(payment.couponValue)}` : ''}
              <br />
              <span className={styles.note}>{timeText(payment.paidAt)}</span>
            </dd>
          </div>
        ))}
        {detail.payable !== null ? (
          <div className={styles.kvTotal}>
            <dt>待支付</dt>
            <dd data-testid="service-payable">{yuanText(detail.payable)}</dd>
          </div>
        ) : null}
        {detail.refunded > 0 ? (
          <div className={styles.kvTotal}>
            <dt>已退款</dt>
            <dd>{yuanText(detail.refunded)}</dd>
          </div>
        ) : null}
      </dl>
    </SectionCard>
  );
}

function Timeline({ detail }: { detail: ServiceOrderDetail }) {
  if (detail.timeline.length === 0) return null;
  // Newest first: what happened last is what the person looks for.
  const events = [...detail.timeline].reverse();
  return (
    <SectionCard title="订单进度" testId="service-timeline">
      <ol className={styles.timeline}>
        {events.map((event, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: events have no id; the list only grows.
            key={`${event.at}-${index}`}
            className={styles.timelineItem}
          >
            <p className={styles.timelineTitle}>{event.title}</p>
            <p className={styles.timelineTime}>{timeText(event.at)}</p>
            {event.text ? <p className={styles.timelineText}>{event.text}</p> : null}
            {event.files.length > 0 ? (
              <ul className={styles.files}>
                {event.files.map((file) => (
                  <li key={file.id}>
                    <ServiceFileLink file={file} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </SectionCard>
  );
}

export interface ServiceOrderFrameProps {
  detail: ServiceOrderDetail;
  /** The kind's own section (the meeting, the letter, the case), between the lawyer and the money. */
  children?: ReactNode;
  /** What the lawyer card says while no lawyer is arranged (正在为您匹配…). */
  waitingText?: string;
  /** A line of the kind's under the status (the confirmed meeting time …). */
  headNote?: string | null;
}

/**
 * The detail page of every service order (FaceDetail, LetterDetail, LawsuitDetail): the status with
 * its deadline, the step bar, the lawyer, the kind's section, the money, the timeline, the
 * evaluation, the rule, 联系客服 and the bottom bar — 去支付 (the Payment page), 确认完成,
 * 去评价 (OrderEvaluate) and 取消订单 (a confirm that says the rule and the refund; the refund is
 * made with the cancel). Buttons follow `detail.actions`, the server's word.
 */
export function ServiceOrderFrame({ detail, children, waitingText, headNote }: ServiceOrderFrameProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setOrder = useSetServiceOrder();
  const [busy, setBusy] = useState<null | 'cancel' | 'confirm'>(null);
  const { actions } = detail;

  const cancel = async () => {
    if (busy) return;
    const confirmed = await confirmDialog({
      title: '取消订单',
      content: (
        <div data-testid="cancel-dialog">
          <p className={styles.text}>{cancelConfirmText(detail)}</p>
          <p className={styles.note}>退改规则：{detail.cancelRule}</p>
        </div>
      ),
      confirmText: '确定取消',
      cancelText: '暂不取消',
    });
    if (!confirmed) return;
    setBusy('cancel');
    try {
      const next = await cancelServiceOrder({ orderId: detail.orderId });
      setOrder(next);
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      showToast(next.refunded > 0 ? `订单已取消，${yuanText(next.refunded)}将原路退回` : '订单已取消');
    } catch {
      // The client toasted the server's message; show the order as it is now.
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    } finally {
      setBusy(null);
    }
  };

  const confirmDone = async () => {
    if (busy) return;
    const confirmed = await confirmDialog({
      title: '确认服务完成',
      content: '确认后订单完成，您可以评价本次服务。如服务有问题，请先联系客服。',
      confirmText: '确认完成',
    });
    if (!confirmed) return;
    setBusy('confirm');
    try {
      const next = await serviceStep({ orderId: detail.orderId, action: 'confirmDone' });
      setOrder(next);
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      showToast('已确认完成');
    } catch {
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    } finally {
      setBusy(null);
    }
  };

  const pay = () => navigate(paths.servicePayment(detail.orderId, detail.kind, { pay: true }));
  const evaluate = () => navigate(paths.orderEvaluate(detail.orderId, detail.kind));

  const cancelButton = actions.cancel
    ? {
        text: busy === 'cancel' ? '取消中…' : '取消订单',
        onClick: () => void cancel(),
        disabled: busy !== null,
        testId: 'service-cancel',
      }
    : undefined;

  let bar: ReactNode = null;
  if (actions.pay && detail.payable !== null) {
    bar = (
      <FixedBottomBar
        price={detail.payable}
        waitingPayment
        buttonText="去支付"
        onClick={pay}
        secondary={cancelButton}
        testId="service-bar"
      />
    );
  } else if (actions.evaluate) {
    bar = (
      <FixedBottomBar
        buttonText="去评价"
        onClick={evaluate}
        secondary={
          actions.confirmDone
            ? {
                text: busy === 'confirm' ? '确认中…' : '确认完成',
                onClick: () => void confirmDone(),
                disabled: busy !== null,
                testId: 'service-confirm-done',
              }
            : undefined
        }
        testId="service-bar"
      />
    );
  } else if (actions.confirmDone) {
    bar = (
      <FixedBottomBar
        buttonText={busy === 'confirm' ? '确认中…' : '确认完成'}
        loading={busy === 'confirm'}
        onClick={() => void confirmDone()}
        testId="service-bar"
      />
    );
  }

  return (
    <div
      className={styles.services}
      data-testid="service-order"
      data-order-id={detail.orderId}
      data-state={detail.state}
    >
      <StatusHead detail={detail} note={headNote} />
      <ServiceStepBar kind={detail.kind} state={detail.state} />

      <SectionCard title="服务律师" testId="service-lawyer-card">
        {detail.lawyer ? (
          <ServiceLawyer lawyer={detail.lawyer} />
        ) : (
          <p className={styles.note}>
            {detail.state === 'cancelled'
              ? '订单已关闭，未安排律师。'
              : detail.state === 'awaiting_payment'
                ? '支付后为您安排律师。'
                : (waitingText ?? '正在为您安排律师，安排后将短信通知您。')}
          </p>
        )}
      </SectionCard>

      {children}

      {detail.evaluation ? (
        <SectionCard title="您的评价">
          <EvaluationView evaluation={detail.evaluation} />
        </SectionCard>
      ) : null}

      <Payments detail={detail} />
      <Timeline detail={detail} />

      <SectionCard title="订单信息">
        <dl className={styles.kv}>
          <div>
            <dt>服务项目</dt>
            <dd>{detail.title}</dd>
          </div>
          <div>
            <dt>订单编号</dt>
            <dd data-testid="service-order-id">{detail.orderId}</dd>
          </div>
          <div>
            <dt>下单时间</dt>
            <dd>{timeText(detail.createdAt)}</dd>
          </div>
        </dl>
      </SectionCard>

      {detail.state !== 'cancelled' && detail.tab !== 'finished' ? (
        <SectionCard title="退改规则" testId="service-cancel-rule">
          <p className={styles.note}>{detail.cancelRule}</p>
        </SectionCard>
      ) : null}

      <SectionCard flush>
        <ContactService note={`订单号 ${detail.orderId}`} />
      </SectionCard>

      {bar ??
        (cancelButton ? (
          <div className={styles.actions}>
            <button
              type="button"
              className={forms.secondaryButton}
              data-testid="service-cancel"
              disabled={busy !== null}
              aria-busy={busy === 'cancel'}
              onClick={() => void cancel()}
            >
              {busy === 'cancel' ? '取消中…' : '取消订单'}
            </button>
          </div>
        ) : null)}
    </div>
  );
}
