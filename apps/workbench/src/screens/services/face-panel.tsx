import { FaceStage } from '@lawline/contract';
import type { FaceSection, LawyerServiceDetail } from '@lawline/contract/schemas';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api.ts';
import { serverNow, useServerNow } from '../../clock.ts';
import { beijingInputToMs, dateTimeText, msToBeijingInput } from '../../format.ts';
import { useServiceStep } from '../../lawyer/use-service-step.ts';
import { Button } from '../../ui/button.tsx';
import { Callout } from '../../ui/callout.tsx';
import { ConfirmAction } from '../../ui/confirm-action.tsx';
import { Facts } from '../../ui/facts.tsx';
import { Field, FormError, Input, TextArea } from '../../ui/field.tsx';
import { checkText, Limits } from './checks.ts';
import styles from './forms.module.css';
import { Panel, Prose } from './panel.tsx';

/** A face consultation: what the person needs, the meeting agreed so far, propose a time, mark held. */
export function FacePanel({ detail, face }: { detail: LawyerServiceDetail; face: FaceSection }) {
  const actions = detail.lawyerActions;
  return (
    <>
      <Panel title="用户需求" testId="face-request">
        <Facts
          items={[
            { label: '见面城市', value: face.regionName },
            { label: '问题类型', value: face.consultFieldName },
            { label: '律师级别', value: face.levelName },
            { label: '期望日期', value: face.preferredDates.join('、') || '不限' },
            { label: '联系人', value: face.contactName },
          ]}
        />
        <Prose>{face.description}</Prose>
      </Panel>
      <Panel title="见面安排" testId="face-meeting">
        <MeetingStatus face={face} />
        {/* The server offers markHeld once the meeting time has passed; before it, say when. */}
        {actions.markHeld || (face.stage === FaceStage.timeConfirmed && detail.state === 'in_service') ? (
          <MarkHeld orderId={detail.orderId} meetingAt={face.meetingAt} />
        ) : null}
        {actions.proposeTime ? (
          face.stage === FaceStage.timeConfirmed ? (
            <Reschedule orderId={detail.orderId} face={face} />
          ) : (
            <ProposeTimeForm orderId={detail.orderId} face={face} />
          )
        ) : null}
      </Panel>
    </>
  );
}

function MeetingStatus({ face }: { face: FaceSection }) {
  const proposal = face.proposal;
  const where = proposal ? `${dateTimeText(proposal.at)} · ${proposal.place}` : '';
  switch (face.stage) {
    case null:
      return (
        <Callout tone="warning" title="请与用户约定见面时间和地点" testId="face-stage">
          参考用户的期望日期提出见面时间，用户确认后服务开始。
        </Callout>
      );
    case FaceStage.timeProposed:
      return (
        <Callout title="已提出见面安排，等待用户确认" testId="face-stage">
          {where}
          {proposal?.note ? `\n备注：${proposal.note}` : ''}
        </Callout>
      );
    case FaceStage.otherTimeAsked:
      return (
        <Callout tone="warning" title="用户希望换个时间" testId="face-stage">
          {`用户说：${face.otherTimeNote ?? '—'}`}
          {proposal ? `\n您上次提出：${where}` : ''}
        </Callout>
      );
    case FaceStage.timeConfirmed:
      return (
        <Callout tone="success" title="用户已确认见面" testId="face-stage">
          {`${dateTimeText(face.meetingAt ?? proposal?.at ?? null)} · ${proposal?.place ?? ''}`}
          {proposal?.note ? `\n备注：${proposal.note}` : ''}
        </Callout>
      );
    case FaceStage.held:
      return (
        <Callout tone="success" title="已见面，等待用户确认完成" testId="face-stage">
          {where}
        </Callout>
      );
  }
}

/** The first preferred date still ahead, at 10:00 Beijing time: a sensible first proposal. */
function firstProposal(face: FaceSection): string {
  if (face.proposal) return msToBeijingInput(face.proposal.at);
  const now = serverNow();
  for (const date of face.preferredDates) {
    const at = beijingInputToMs(`${date}T10:00`);
    if (at !== null && at > now) return `${date}T10:00`;
  }
  return '';
}

/** A confirmed meeting is moved only on purpose: the form opens behind a quiet button. */
function Reschedule({ orderId, face }: { orderId: string; face: FaceSection }) {
  const [open, setOpen] = useState(false);
  if (open) return <ProposeTimeForm orderId={orderId} face={face} />;
  return (
    <Button variant="ghost" block onClick={() => setOpen(true)}>
      需要改约？重新提出见面时间
    </Button>
  );
}

function ProposeTimeForm({ orderId, face }: { orderId: string; face: FaceSection }) {
  const step = useServiceStep(orderId);
  const [at, setAt] = useState(() => firstProposal(face));
  const [place, setPlace] = useState(face.proposal?.place ?? '');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ at?: string | null; place?: string | null; note?: string | null }>(
    {},
  );
  const again = face.stage !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ms = beijingInputToMs(at);
    const found = {
      at: ms === null ? '请选择见面日期和时间' : ms <= serverNow() ? '见面时间需晚于现在' : null,
      place: checkText('见面地点', place, Limits.place.min, Limits.place.max),
      note: checkText('备注', note, 0, Limits.faceNote.max),
    };
    setErrors(found);
    if (ms === null || found.at || found.place || found.note) return;
    step.run({
      step: { orderId, action: 'proposeTime', at: ms, place: place.trim(), note: note.trim() },
      done: '已发送见面安排，等待用户确认',
      after: () => setNote(''),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="propose-time-form">
      <p className={styles.formTitle}>{again ? '重新提出见面时间' : '提出见面时间'}</p>
      <Field label="见面时间（北京时间）" error={errors.at}>
        {(c) => (
          <Input
            {...c}
            type="datetime-local"
            name="at"
            value={at}
            min={msToBeijingInput(serverNow())}
            onChange={(e) => setAt(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="见面地点"
        hint="写清楚地址和房间，如：某某律师事务所（某路88号12层）第二会议室"
        error={errors.place}
        count={{ used: place.trim().length, max: Limits.place.max }}
      >
        {(c) => (
          <Input
            {...c}
            name="place"
            value={place}
            maxLength={Limits.place.max + 20}
            onChange={(e) => setPlace(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="备注（选填）"
        hint="如需带的材料、停车、联系方式等"
        error={errors.note}
        count={{ used: note.trim().length, max: Limits.faceNote.max }}
      >
        {(c) => (
          <TextArea {...c} name="note" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
        )}
      </Field>
      <FormError message={step.mutation.error ? errorMessage(step.mutation.error) : null} />
      <Button type="submit" block disabled={step.isPending}>
        {step.isPending ? '发送中…' : again ? '发送新的见面安排' : '发送见面安排'}
      </Button>
    </form>
  );
}

/** After the meeting (the server refuses it before): 已见面 with an optional summary. */
function MarkHeld({ orderId, meetingAt }: { orderId: string; meetingAt: number | null }) {
  // Read the clock at each render: a render from the detail poll that lands after the meeting
  // stops the ticks below, so a ticked value could stay behind and keep the button hidden.
  const waiting = meetingAt !== null && meetingAt > serverNow();
  // Until the meeting the button is replaced by when it comes; render again every 15 s.
  useServerNow(waiting, 15_000);
  if (meetingAt !== null && waiting) {
    return <p className={styles.hint}>见面时间（{dateTimeText(meetingAt)}）过后，可在这里标记已见面。</p>;
  }
  return <MarkHeldForm orderId={orderId} />;
}

function MarkHeldForm({ orderId }: { orderId: string }) {
  const step = useServiceStep(orderId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={styles.form}>
      <ConfirmAction
        label="已见面，标记完成"
        question="确认已与用户见面并完成咨询？标记后用户会收到通知并确认完成。"
        confirmLabel="确认已见面"
        busy={step.isPending}
        onConfirm={() => {
          const problem = checkText('备注', note, 0, Limits.heldNote.max);
          setError(problem);
          if (problem) return;
          step.run({
            step: { orderId, action: 'markHeld', note: note.trim() },
            done: '已标记见面完成',
          });
        }}
      >
        <Field
          label="咨询小结（选填）"
          error={error}
          count={{ used: note.trim().length, max: Limits.heldNote.max }}
        >
          {(c) => (
            <TextArea
              {...c}
              name="heldNote"
              rows={3}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          )}
        </Field>
        <FormError message={step.mutation.error ? errorMessage(step.mutation.error) : null} />
      </ConfirmAction>
    </div>
  );
}
