import type { FaceSection as Face, ServiceOrderDetail } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import Popup from 'antd-mobile/es/components/popup';
import { useId, useState } from 'react';
import { showToast } from '../../../app/api-effects.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';
import { confirmDialog } from '../../../ui/confirm.ts';
import forms from '../../../ui/forms.module.css';
import { SectionCard } from '../../../ui/section-card.tsx';
import { useBackCloses } from '../../../ui/use-back-closes.ts';
import { serviceStep } from '../api/service-step.ts';
import { useSetServiceOrder } from '../hooks/use-service-order.ts';
import { dateText, meetingText } from '../service-rules.ts';
import styles from '../services.module.css';

const NOTE_MIN = 2;
const NOTE_MAX = 200;

/** What the person should know before the meeting (the reminders are sent by the server). */
export const MEETING_REMINDER =
  '见面前一天，我们会通过短信和站内消息提醒您和律师。请携带身份证件及与问题相关的合同、票据、聊天记录等材料原件，准时到达；如需改期，请尽早申请。';

/** 申请改期: a sheet asking which times suit the person instead (2–200 characters). */
function AskOtherTime({ orderId, open, onClose }: { orderId: string; open: boolean; onClose: () => void }) {
  const ids = useId();
  const setOrder = useSetServiceOrder();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const leave = useBackCloses(open, onClose);

  const send = async () => {
    if (busy) return;
    const text = note.trim();
    if (text.length < NOTE_MIN) {
      setError('请填写您方便的时间，例如：下周二下午或周末全天');
      return;
    }
    if (text.length > NOTE_MAX) {
      setError(`希望的时间最多${NOTE_MAX}个字`);
      return;
    }
    setBusy(true);
    try {
      const next = await serviceStep({ orderId, action: 'askOtherTime', note: text });
      setOrder(next);
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      showToast('已通知律师重新安排时间');
      setNote('');
      leave(onClose);
    } catch {
      // Toasted by the client; the note stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName={styles.sheet}
      destroyOnClose
    >
      <div role="dialog" aria-modal="true" aria-labelledby={`${ids}-title`} data-testid="ask-other-time">
        <h2 id={`${ids}-title`} className={styles.sheetTitle}>
          申请改期
        </h2>
        <label className={styles.fieldHead} htmlFor={`${ids}-note`}>
          您方便的时间
        </label>
        <textarea
          id={`${ids}-note`}
          className={error ? `${styles.textarea} ${styles.invalid}` : styles.textarea}
          rows={4}
          maxLength={NOTE_MAX + 20}
          placeholder="例如：下周二下午或周末全天均可"
          value={note}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          onChange={(e) => {
            setNote(e.target.value);
            setError(null);
          }}
        />
        <p className={styles.counter}>
          {note.trim().length}/{NOTE_MAX}
        </p>
        {error ? (
          <p id={`${ids}-error`} className={styles.fieldError}>
            {error}
          </p>
        ) : null}
        <div className={styles.actionsRow}>
          <button type="button" className={forms.secondaryButton} onClick={onClose}>
            取消
          </button>
          <button
            type="button"
            className={forms.primaryButton}
            disabled={busy}
            aria-busy={busy}
            onClick={() => void send()}
            data-testid="ask-other-time-send"
          >
            {busy ? '提交中…' : '提交'}
          </button>
        </div>
      </div>
    </Popup>
  );
}

function Arrangement({ detail, face }: { detail: ServiceOrderDetail; face: Face }) {
  const setOrder = useSetServiceOrder();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const { actions } = detail;
  const proposal = face.proposal;

  const confirmTime = async () => {
    if (busy || !proposal) return;
    const ok = await confirmDialog({
      title: '确认见面时间',
      content: (
        <>
          <p className={styles.proposalTime}>{meetingText(proposal.at)}</p>
          <p className={styles.proposalPlace}>{proposal.place}</p>
          <p className={`${styles.note} ${styles.spaced}`}>确认后不可自行取消订单，如需改期可再申请。</p>
        </>
      ),
      confirmText: '确认时间',
    });
    if (!ok) return;
    setBusy(true);
    try {
      const next = await serviceStep({ orderId: detail.orderId, action: 'confirmTime' });
      setOrder(next);
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      showToast('见面时间已确认');
    } catch {
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    } finally {
      setBusy(false);
    }
  };

  const confirmed = face.meetingAt !== null && face.stage !== 'other_time_asked';
  const title = face.stage === 'held' ? '见面咨询' : confirmed ? '已确认的见面' : '见面安排';

  if (!proposal && face.stage !== 'other_time_asked') {
    if (!detail.lawyer || detail.state === 'cancelled') return null;
    return (
      <SectionCard title="见面安排" testId="face-arrangement">
        <p className={styles.note}>律师正在安排见面时间和地点，提出后将通知您确认。</p>
      </SectionCard>
    );
  }

  return (
    <SectionCard title={title} testId="face-arrangement">
      {proposal && face.stage === 'other_time_asked' ? (
        <p className={styles.note} data-testid="face-old-proposal">
          原安排：{meetingText(proposal.at)} · {proposal.place}
        </p>
      ) : proposal ? (
        <div className={styles.proposal} data-testid="face-proposal" data-stage={face.stage ?? ''}>
          <p className={styles.proposalTime}>{meetingText(face.meetingAt ?? proposal.at)}</p>
          <p className={styles.proposalPlace}>地点：{proposal.place}</p>
          {proposal.note ? <p className={styles.proposalPlace}>律师备注：{proposal.note}</p> : null}
        </div>
      ) : null}
      {face.stage === 'time_proposed' && actions.confirmTime ? (
        <p className={`${styles.note} ${styles.spaced}`}>
          律师提出了以上见面安排，请确认；时间不合适可申请改期。
        </p>
      ) : null}
      {face.stage === 'other_time_asked' ? (
        <p className={`${styles.text} ${styles.spaced}`} data-testid="face-other-time">
          您已申请改期{face.otherTimeNote ? `（${face.otherTimeNote}）` : ''}，等待律师重新安排。
        </p>
      ) : null}
      {confirmed && face.stage === 'time_confirmed' ? (
        <p className={styles.note} data-testid="face-reminder">
          {MEETING_REMINDER}
        </p>
      ) : null}
      {actions.confirmTime || actions.askOtherTime ? (
        <div className={styles.actionsRow}>
          {actions.askOtherTime ? (
            <button
              type="button"
              className={forms.secondaryButton}
              onClick={() => setAsking(true)}
              data-testid="face-ask-other-time"
            >
              申请改期
            </button>
          ) : null}
          {actions.confirmTime ? (
            <button
              type="button"
              className={forms.primaryButton}
              disabled={busy}
              aria-busy={busy}
              onClick={() => void confirmTime()}
              data-testid="face-confirm-time"
            >
              {busy ? '确认中…' : '确认时间'}
            </button>
          ) : null}
        </div>
      ) : null}
      <AskOtherTime orderId={detail.orderId} open={asking} onClose={() => setAsking(false)} />
    </SectionCard>
  );
}

/** The meeting time under the status once it is agreed (and until it is held). */
export function faceHeadNote(detail: ServiceOrderDetail): string | null {
  const face = detail.face;
  if (!face?.meetingAt || face.stage !== 'time_confirmed') return null;
  return `见面时间：${meetingText(face.meetingAt)}`;
}

/** FaceDetail's own section: the meeting (proposal, confirm / reschedule, reminders) and the request. */
export function FaceSection({ detail }: { detail: ServiceOrderDetail }) {
  const face = detail.face;
  if (!face) return null;
  return (
    <>
      <Arrangement detail={detail} face={face} />
      <SectionCard title="预约信息" testId="face-request">
        <dl className={styles.kv}>
          <div>
            <dt>见面城市</dt>
            <dd>{face.regionName}</dd>
          </div>
          <div>
            <dt>问题类型</dt>
            <dd>{face.consultFieldName}</dd>
          </div>
          <div>
            <dt>律师级别</dt>
            <dd>{face.levelName}</dd>
          </div>
          <div>
            <dt>期望日期</dt>
            <dd>{face.preferredDates.map(dateText).join('、')}</dd>
          </div>
          <div>
            <dt>联系人</dt>
            <dd>{face.contactName}</dd>
          </div>
          <div>
            <dt>问题描述</dt>
            <dd>{face.description}</dd>
          </div>
        </dl>
      </SectionCard>
    </>
  );
}
