import { LETTER_REVISION_ROUNDS, LetterStage } from '@lawline/contract';
import type { LawyerServiceDetail, LetterSection } from '@lawline/contract/schemas';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api.ts';
import { timeText } from '../../format.ts';
import { useMe } from '../../lawyer/use-me.ts';
import { useServiceStep } from '../../lawyer/use-service-step.ts';
import { Button } from '../../ui/button.tsx';
import { Callout } from '../../ui/callout.tsx';
import { ConfirmAction } from '../../ui/confirm-action.tsx';
import { Facts } from '../../ui/facts.tsx';
import { Field, FormError, TextArea } from '../../ui/field.tsx';
import { checkText, Limits } from './checks.ts';
import { FileList } from './file-list.tsx';
import styles from './forms.module.css';
import letterStyles from './letter-panel.module.css';
import { LetterPreview } from './letter-preview.tsx';
import { letterTemplate, savedDraft } from './letter-template.ts';
import { Panel, Prose } from './panel.tsx';

/**
 * A lawyer letter: the person's parties, facts and evidence; the draft editor with a PDF preview;
 * the person's requests for changes; finalising (after the person approved) and the courier.
 */
export function LetterPanel({ detail, letter }: { detail: LawyerServiceDetail; letter: LetterSection }) {
  const actions = detail.lawyerActions;
  return (
    <>
      <Panel title="委托信息" testId="letter-request">
        <div className={letterStyles.parties}>
          <div>
            <p className={letterStyles.party}>委托人（寄件人）</p>
            <Facts
              items={[
                { label: '姓名', value: letter.sender.name },
                { label: '电话', value: letter.sender.phone },
                { label: '地址', value: letter.sender.address },
              ]}
            />
          </div>
          <div>
            <p className={letterStyles.party}>收件人</p>
            <Facts
              items={[
                { label: '姓名', value: letter.recipient.name },
                { label: '电话', value: letter.recipient.phone },
                { label: '地址', value: letter.recipient.address },
              ]}
            />
          </div>
        </div>
        <p className={letterStyles.label}>事实经过</p>
        <Prose>{letter.facts}</Prose>
        <p className={letterStyles.label}>委托人的要求</p>
        <Prose>{letter.demands}</Prose>
        <Facts items={[{ label: '履行期限', value: letter.deadline }]} />
        <p className={letterStyles.label}>证据材料</p>
        <FileList files={letter.evidence} empty="用户未上传证据" />
      </Panel>
      <Panel
        title="律师函"
        aside={`已修改 ${letter.revisionsUsed} 次，还可修改 ${letter.revisionsLeft} 次`}
        testId="letter-work"
      >
        <LetterStatus letter={letter} />
        {letter.revisions.length > 0 ? <Revisions letter={letter} /> : null}
        {actions.submitDraft ? (
          <DraftEditor orderId={detail.orderId} letter={letter} />
        ) : letter.draft ? (
          <CurrentDraft orderId={detail.orderId} letter={letter} />
        ) : null}
        {actions.finalise ? <Finalise orderId={detail.orderId} /> : null}
        {letter.finalPdf || letter.courier ? <Delivery letter={letter} /> : null}
      </Panel>
    </>
  );
}

function LetterStatus({ letter }: { letter: LetterSection }) {
  const latest = letter.revisions.at(-1);
  switch (letter.stage) {
    case null:
      return (
        <Callout tone="warning" title="请起草律师函初稿" testId="letter-stage">
          根据委托人的事实和要求起草，提交初稿后服务开始，委托人可要求修改{LETTER_REVISION_ROUNDS}次。
        </Callout>
      );
    case LetterStage.draftSent:
      return (
        <Callout title={`第${letter.draft?.version ?? 1}稿已提交，等待委托人确认`} testId="letter-stage">
          {letter.draft ? `提交于 ${timeText(letter.draft.submittedAt)}` : ''}
        </Callout>
      );
    case LetterStage.revisionAsked:
      return (
        <Callout tone="warning" title="委托人要求修改" testId="letter-stage">
          {latest ? latest.note : ''}
        </Callout>
      );
    case LetterStage.approved:
      return (
        <Callout tone="success" title="委托人已确认稿件，请定稿" testId="letter-stage">
          定稿后生成带律所抬头和您签名的正式律师函PDF，并交快递寄出。
        </Callout>
      );
    case LetterStage.final:
      return <Callout tone="success" title="正式律师函已生成，等待快递揽收" testId="letter-stage" />;
    case LetterStage.sent:
      return (
        <Callout tone="success" title="律师函已寄出" testId="letter-stage">
          {letter.courier ? `${letter.courier.carrier} 运单号 ${letter.courier.trackingNo}` : ''}
        </Callout>
      );
  }
}

function Revisions({ letter }: { letter: LetterSection }) {
  return (
    <div className={letterStyles.revisions}>
      <p className={letterStyles.label}>修改意见</p>
      <ol className={letterStyles.revisionList} data-testid="letter-revisions">
        {letter.revisions.map((revision, index) => (
          <li key={revision.at}>
            <span className={letterStyles.revisionHead}>
              第{index + 1}次 · {timeText(revision.at)}
            </span>
            <span className={letterStyles.revisionNote}>{revision.note}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function DraftEditor({ orderId, letter }: { orderId: string; letter: LetterSection }) {
  const me = useMe();
  const step = useServiceStep(orderId);
  const [text, setText] = useState(
    () => savedDraft.read(orderId) ?? letter.draft?.text ?? letterTemplate(letter, me.data?.lawFirm ?? ''),
  );
  const [error, setError] = useState<string | null>(null);
  const first = letter.draft === null;
  const used = text.trim().length;

  const change = (value: string) => {
    setText(value);
    savedDraft.write(orderId, value);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkText('律师函正文', text, Limits.letter.min, Limits.letter.max);
    setError(problem);
    if (problem) return;
    step.run({
      step: { orderId, action: 'submitDraft', text: text.trim() },
      done: first ? '初稿已提交，等待委托人确认' : '修改稿已提交，等待委托人确认',
      after: () => savedDraft.clear(orderId),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="letter-draft-form">
      <p className={styles.formTitle}>
        {first ? '起草初稿' : `修改稿件（第${(letter.draft?.version ?? 0) + 1}稿）`}
      </p>
      <Field
        label="律师函正文"
        hint={`至少${Limits.letter.min}字。律所抬头、文号、收件人、您的姓名和执业证号、日期由系统加在PDF上；草稿自动保存在本机。`}
        error={error}
        count={{ used, max: Limits.letter.max }}
      >
        {(c) => (
          <TextArea
            {...c}
            name="letterText"
            className={letterStyles.editor}
            value={text}
            onChange={(e) => change(e.target.value)}
            spellCheck={false}
          />
        )}
      </Field>
      <LetterPreview orderId={orderId} text={text} />
      <FormError message={step.mutation.error ? errorMessage(step.mutation.error) : null} />
      <Button type="submit" block disabled={step.isPending}>
        {step.isPending ? '提交中…' : first ? '提交初稿' : '提交修改稿'}
      </Button>
    </form>
  );
}

function CurrentDraft({ orderId, letter }: { orderId: string; letter: LetterSection }) {
  const draft = letter.draft;
  if (!draft) return null;
  return (
    <div className={styles.form}>
      <p className={styles.formTitle}>
        当前稿件（第{draft.version}稿 · {timeText(draft.submittedAt)}）
      </p>
      <Prose>{draft.text}</Prose>
      {letter.finalPdf ? null : <LetterPreview orderId={orderId} text={draft.text} />}
    </div>
  );
}

function Finalise({ orderId }: { orderId: string }) {
  const step = useServiceStep(orderId);
  return (
    <div className={styles.form}>
      <ConfirmAction
        label="定稿并生成正式律师函"
        question="定稿后生成正式律师函PDF并交快递寄出，之后不能再修改。确认定稿？"
        confirmLabel="确认定稿"
        busy={step.isPending}
        onConfirm={() =>
          step.run({ step: { orderId, action: 'finalise' }, done: '已定稿，正式律师函正在寄出' })
        }
      >
        <FormError message={step.mutation.error ? errorMessage(step.mutation.error) : null} />
      </ConfirmAction>
    </div>
  );
}

function Delivery({ letter }: { letter: LetterSection }) {
  return (
    <div className={styles.form} data-testid="letter-delivery">
      <p className={styles.formTitle}>正式律师函与寄送</p>
      {letter.finalPdf ? <FileList files={[letter.finalPdf]} /> : null}
      {letter.courier ? (
        <>
          <Facts
            items={[
              { label: '快递公司', value: letter.courier.carrier },
              { label: '运单号', value: letter.courier.trackingNo, testId: 'letter-tracking' },
            ]}
          />
          <ol className={letterStyles.courier}>
            {[...letter.courier.events].reverse().map((event) => (
              <li key={`${event.at}-${event.status}`}>
                <span className={letterStyles.revisionHead}>{timeText(event.at)}</span> {event.text}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className={styles.hint}>快递揽收后这里会显示运单号和物流进度。</p>
      )}
    </div>
  );
}
