import { LETTER_DRAFT_REPLY_H } from '@lawline/contract';
import { PersonServiceStepSchema, type ServiceOrderDetail } from '@lawline/contract/schemas';
import Popup from 'antd-mobile/es/components/popup';
import { CloseOutline } from 'antd-mobile-icons';
import { useId, useRef, useState } from 'react';
import { showToast } from '../../../../app/api-effects.ts';
import { confirmDialog } from '../../../../ui/confirm.ts';
import forms from '../../../../ui/forms.module.css';
import { SectionCard } from '../../../../ui/section-card.tsx';
import { useBackCloses } from '../../../../ui/use-back-closes.ts';
import { serviceStep } from '../../api/service-step.ts';
import { useSetServiceOrder } from '../../hooks/use-service-order.ts';
import styles from '../letter.module.css';
import { revisionRoundsText, textLength, timeText } from '../letter-rules.ts';

type Letter = NonNullable<ServiceOrderDetail['letter']>;

const NOTE_MAX = 1000;
/** Characters of an agreed draft shown before 展开全文. */
const DRAFT_FOLD = 140;

/** The note's problem by the contract's schema (askRevision), or null. */
function noteProblem(orderId: string, note: string): string | null {
  const parsed = PersonServiceStepSchema.safeParse({ orderId, action: 'askRevision', note });
  if (parsed.success) return null;
  const issue = parsed.error.issues.find((i) => i.path[0] === 'note') ?? parsed.error.issues[0];
  const length = textLength(note);
  if (issue && length > 0 && length < 5 && issue.message.startsWith('请填写')) return '修改意见至少5个字';
  return issue?.message ?? '请填写修改意见';
}

function RevisionPopup({
  detail,
  letter,
  visible,
  onClose,
}: {
  detail: ServiceOrderDetail;
  letter: Letter;
  visible: boolean;
  onClose: () => void;
}) {
  const setOrder = useSetServiceOrder();
  const id = useId();
  const [note, setNote] = useState('');
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const leave = useBackCloses(visible, onClose);
  const problem = noteProblem(detail.orderId, note);

  const send = async () => {
    if (busyRef.current) return;
    setShown(true);
    if (problem) return;
    busyRef.current = true;
    setBusy(true);
    try {
      const next = await serviceStep({ orderId: detail.orderId, action: 'askRevision', note: note.trim() });
      setOrder(next);
      setNote('');
      setShown(false);
      leave(onClose);
      showToast('修改意见已提交，律师将尽快修改');
    } catch {
      // Toasted by the client; the note stays as typed.
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={() => leave(onClose)}
      onClose={() => leave(onClose)}
      position="bottom"
      bodyClassName={styles.sheet}
    >
      <div className={styles.sheetHead}>
        <h2 className={styles.sheetTitle} id={`${id}-title`}>
          要求修改
        </h2>
        <button type="button" className={styles.sheetClose} aria-label="关闭" onClick={() => leave(onClose)}>
          <CloseOutline aria-hidden="true" />
        </button>
      </div>
      <p className={forms.note} data-testid="revision-rounds">
        {revisionRoundsText(letter)}
      </p>
      <label className={styles.blockLabel} htmlFor={`${id}-note`}>
        <span className={styles.blockName}>修改意见</span>
        <span className={styles.counter}>
          {textLength(note)}/{NOTE_MAX}
        </span>
      </label>
      <textarea
        id={`${id}-note`}
        className={styles.blockInput}
        name="revisionNote"
        rows={5}
        maxLength={NOTE_MAX + 50}
        placeholder="请具体说明需要修改的地方，例如：第二段欠款金额应为5万元"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        onBlur={() => setShown(note.length > 0)}
        aria-invalid={shown && problem !== null}
        aria-describedby={shown && problem ? `${id}-error` : undefined}
      />
      {shown && problem ? (
        <p className={`${forms.formError} ${styles.fieldError}`} id={`${id}-error`}>
          {problem}
        </p>
      ) : null}
      <button
        type="button"
        className={`${forms.primaryButton} ${styles.sheetButton}`}
        onClick={() => void send()}
        disabled={busy}
        aria-busy={busy}
        data-testid="revision-submit"
      >
        {busy ? '提交中…' : '提交修改意见'}
      </button>
    </Popup>
  );
}

/**
 * The lawyer's draft: its text and version, and (while it waits for the person) 同意定稿 and 要求修改
 * with the rounds left. Unanswered, the system approves it after LETTER_DRAFT_REPLY_H hours.
 */
export function LetterDraftCard({ detail, letter }: { detail: ServiceOrderDetail; letter: Letter }) {
  const setOrder = useSetServiceOrder();
  const [revising, setRevising] = useState(false);
  const [busy, setBusy] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const draft = letter.draft;
  if (!draft) return null;
  const waiting = letter.stage === 'draft_sent';
  // Once agreed the PDF is the letter: its text folds away unless asked for.
  const settled = letter.stage === 'approved' || letter.stage === 'final' || letter.stage === 'sent';
  const folded = settled && !expanded && draft.text.length > DRAFT_FOLD;
  const canApprove = detail.actions.approveDraft;
  const canRevise = detail.actions.askRevision && letter.revisionsLeft > 0;

  const approve = async () => {
    if (busy) return;
    const ok = await confirmDialog({
      title: '确认定稿',
      content: '确认后律师将以此稿出具正式律师函（加盖律所抬头、律师签名）并快递寄出，之后不能再修改。',
      confirmText: '确认定稿',
    });
    if (!ok) return;
    setBusy(true);
    try {
      setOrder(await serviceStep({ orderId: detail.orderId, action: 'approveDraft' }));
      showToast('已确认定稿');
    } catch {
      // Toasted by the client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard
      title={
        letter.stage === 'approved' || letter.stage === 'final' || letter.stage === 'sent'
          ? '定稿'
          : '律师函初稿'
      }
      extra={<span className={styles.version}>第{draft.version}稿</span>}
      testId="letter-draft"
    >
      <p className={styles.draftMeta}>提交于 {timeText(draft.submittedAt)}</p>
      <div className={styles.draftText} data-testid="letter-draft-text">
        {folded ? `${draft.text.slice(0, DRAFT_FOLD)}…` : draft.text}
      </div>
      {settled && draft.text.length > DRAFT_FOLD ? (
        <button type="button" className={styles.foldButton} onClick={() => setExpanded((v) => !v)}>
          {expanded ? '收起' : '展开全文'}
        </button>
      ) : null}
      {waiting && (canApprove || detail.actions.askRevision) ? (
        <>
          <p className={`${forms.note} ${styles.draftHint}`}>
            {canRevise
              ? `请仔细阅读初稿：无误请同意定稿；需调整请点“要求修改”，${revisionRoundsText(letter)}。`
              : `请仔细阅读初稿：${revisionRoundsText(letter)}，如仍有问题请联系客服。`}
            {LETTER_DRAFT_REPLY_H}小时内未处理将视为同意定稿。
          </p>
          <div className={styles.draftActions}>
            <button
              type="button"
              className={forms.secondaryButton}
              onClick={() => setRevising(true)}
              disabled={!canRevise || busy}
              data-testid="letter-ask-revision"
            >
              要求修改
            </button>
            <button
              type="button"
              className={`${forms.primaryButton} ${styles.noTopMargin}`}
              onClick={() => void approve()}
              disabled={!canApprove || busy}
              aria-busy={busy}
              data-testid="letter-approve"
            >
              {busy ? '提交中…' : '同意定稿'}
            </button>
          </div>
        </>
      ) : null}
      <RevisionPopup detail={detail} letter={letter} visible={revising} onClose={() => setRevising(false)} />
    </SectionCard>
  );
}

/** The rounds of changes asked, oldest first (and, while drafting, the rounds left). */
export function RevisionHistoryCard({ letter }: { letter: Letter }) {
  if (!letter.revisions.length) return null;
  const drafting = letter.stage === 'draft_sent' || letter.stage === 'revision_asked';
  return (
    <SectionCard title="修改记录" testId="letter-revisions">
      <ol className={styles.revisions}>
        {letter.revisions.map((revision, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rounds have no id; the list only grows.
          <li key={`${revision.at}-${index}`} className={styles.revision}>
            <p className={styles.revisionHead}>
              <span>第{index + 1}次修改意见</span>
              <span className={styles.revisionTime}>{timeText(revision.at)}</span>
            </p>
            <p className={styles.prose}>{revision.note}</p>
          </li>
        ))}
      </ol>
      {drafting ? <p className={forms.note}>{revisionRoundsText(letter)}</p> : null}
    </SectionCard>
  );
}
