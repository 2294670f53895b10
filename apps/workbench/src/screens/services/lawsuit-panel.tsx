import { LawsuitMilestone, LawsuitMilestoneText } from '@lawline/contract';
import type { LawsuitSection, LawyerServiceDetail } from '@lawline/contract/schemas';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api.ts';
import { timeText, yuanText } from '../../format.ts';
import { useServiceStep } from '../../lawyer/use-service-step.ts';
import { Button } from '../../ui/button.tsx';
import { Callout } from '../../ui/callout.tsx';
import { ConfirmAction } from '../../ui/confirm-action.tsx';
import { Facts } from '../../ui/facts.tsx';
import { Field, FormError, Input, Select, TextArea } from '../../ui/field.tsx';
import { checkFee, checkText, Limits } from './checks.ts';
import { DocumentPicker, type PickedFile } from './document-picker.tsx';
import { FileList } from './file-list.tsx';
import styles from './forms.module.css';
import lawsuitStyles from './lawsuit-panel.module.css';
import { Panel, Prose } from './panel.tsx';

/**
 * A lawsuit: the case as the person stated it; assessing it and quoting the fee (the deposit counts
 * towards it); the entrustment the person signs; progress with documents; closing the case.
 */
export function LawsuitPanel({ detail, lawsuit }: { detail: LawyerServiceDetail; lawsuit: LawsuitSection }) {
  const actions = detail.lawyerActions;
  return (
    <>
      <Panel title="案件信息" testId="lawsuit-case">
        <Facts
          items={[
            { label: '委托人身份', value: lawsuit.roleName },
            { label: '案件类型', value: lawsuit.caseTypeName },
            { label: '案由领域', value: lawsuit.consultFieldName },
            { label: '争议金额', value: lawsuit.amount > 0 ? yuanText(lawsuit.amount) : '非金钱争议' },
            { label: '法院所在地', value: lawsuit.courtRegionName },
            {
              label: '已付订金',
              value: lawsuit.free ? '会员免费代理（无需订金）' : yuanText(lawsuit.deposit),
            },
          ]}
        />
        <p className={lawsuitStyles.label}>案情经过</p>
        <Prose>{lawsuit.facts}</Prose>
        <p className={lawsuitStyles.label}>证据材料</p>
        <FileList files={lawsuit.evidence} empty="用户未上传证据" />
      </Panel>
      <Panel title="报价与委托" testId="lawsuit-quote">
        <QuoteStatus lawsuit={lawsuit} state={detail.state} />
        {lawsuit.entrust.pdf ? <FileList files={[lawsuit.entrust.pdf]} /> : null}
        {actions.quote ? <QuoteForm orderId={detail.orderId} lawsuit={lawsuit} /> : null}
      </Panel>
      {lawsuit.stage !== null || actions.recordProgress || actions.closeCase ? (
        <Panel title="案件进展" testId="lawsuit-progress">
          <Milestones lawsuit={lawsuit} />
          {actions.recordProgress ? <ProgressForm orderId={detail.orderId} /> : null}
          {actions.closeCase ? <CloseCase orderId={detail.orderId} /> : null}
        </Panel>
      ) : null}
    </>
  );
}

function QuoteStatus({ lawsuit, state }: { lawsuit: LawsuitSection; state: LawyerServiceDetail['state'] }) {
  const { quote, entrust } = lawsuit;
  if (!quote)
    return (
      <Callout tone="warning" title="请评估案件并报价" testId="lawsuit-stage">
        报价为全部律师费，委托人已付的订金抵扣律师费；委托人签署委托代理合同并付清尾款后开始代理。
      </Callout>
    );
  const line = `律师费 ${yuanText(quote.fee)}（${timeText(quote.at)} 报价）\n说明：${quote.note}`;
  if (entrust.signed)
    return (
      <Callout
        tone="success"
        title={state === 'balance_due' ? '委托人已签署委托代理合同，等待付清尾款' : '委托代理合同已签署'}
        testId="lawsuit-stage"
      >
        {`${line}\n签署人：${entrust.signName ?? '—'}（${timeText(entrust.signedAt)}）`}
        {lawsuit.balance !== null
          ? `\n尾款：${yuanText(lawsuit.balance)}${state === 'balance_due' ? '（待支付）' : '（已付清）'}`
          : ''}
      </Callout>
    );
  return (
    <Callout title="已报价，等待委托人签署委托代理合同" testId="lawsuit-stage">
      {line}
      {lawsuit.balance !== null ? `\n尾款：${yuanText(lawsuit.balance)}` : ''}
    </Callout>
  );
}

function QuoteForm({ orderId, lawsuit }: { orderId: string; lawsuit: LawsuitSection }) {
  const step = useServiceStep(orderId);
  const [fee, setFee] = useState(lawsuit.quote ? String(lawsuit.quote.fee) : '');
  const [note, setNote] = useState(lawsuit.quote?.note ?? '');
  const [errors, setErrors] = useState<{ fee?: string | null; note?: string | null }>({});
  const again = lawsuit.quote !== null;
  const deposit = lawsuit.free ? 0 : lawsuit.deposit;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkFee(fee, deposit);
    const found = {
      fee: 'error' in checked ? checked.error : null,
      note: checkText('报价说明', note, Limits.quoteNote.min, Limits.quoteNote.max),
    };
    setErrors(found);
    if ('error' in checked || found.note) return;
    step.run({
      step: { orderId, action: 'quote', fee: checked.fee, note: note.trim() },
      done: again ? '报价已更新，等待委托人确认' : '已报价，等待委托人签署委托代理合同',
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="quote-form">
      <p className={styles.formTitle}>{again ? '修改报价' : '评估并报价'}</p>
      <Field
        label="律师费（元）"
        hint={deposit > 0 ? `不低于已付订金 ${yuanText(deposit)}，订金抵扣律师费` : '全部律师费'}
        error={errors.fee}
      >
        {(c) => (
          <Input
            {...c}
            name="fee"
            type="text"
            inputMode="decimal"
            placeholder={deposit > 0 ? `至少 ${deposit}` : '如 8000'}
            value={fee}
            onChange={(e) => setFee(e.target.value.replace(/[^\d.]/g, ''))}
          />
        )}
      </Field>
      <Field
        label="报价说明"
        hint="写明服务范围（如一审代理、是否含执行）和收费依据"
        error={errors.note}
        count={{ used: note.trim().length, max: Limits.quoteNote.max }}
      >
        {(c) => (
          <TextArea {...c} name="quoteNote" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
        )}
      </Field>
      <FormError message={step.mutation.error ? errorMessage(step.mutation.error) : null} />
      <Button type="submit" block disabled={step.isPending}>
        {step.isPending ? '提交中…' : again ? '更新报价' : '提交报价'}
      </Button>
    </form>
  );
}

function Milestones({ lawsuit }: { lawsuit: LawsuitSection }) {
  if (lawsuit.milestones.length === 0)
    return <p className={styles.hint}>还没有进展记录。每记录一步，委托人都会收到通知。</p>;
  return (
    <ol className={lawsuitStyles.milestones} data-testid="lawsuit-milestones">
      {[...lawsuit.milestones].reverse().map((m) => (
        <li key={`${m.at}-${m.milestone}`} className={lawsuitStyles.milestone}>
          <p className={lawsuitStyles.milestoneHead}>
            <span className={lawsuitStyles.milestoneName}>{m.name}</span>
            <time className={lawsuitStyles.time}>{timeText(m.at)}</time>
          </p>
          <p className={lawsuitStyles.note}>{m.note}</p>
          <FileList files={m.files} />
        </li>
      ))}
    </ol>
  );
}

const milestoneOptions = Object.values(LawsuitMilestone).map((value) => ({
  value,
  label: LawsuitMilestoneText[value],
}));

function ProgressForm({ orderId }: { orderId: string }) {
  const step = useServiceStep(orderId);
  const [milestone, setMilestone] = useState<LawsuitMilestone | ''>('');
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [errors, setErrors] = useState<{
    milestone?: string | null;
    note?: string | null;
    files?: string | null;
  }>({});
  const uploading = files.some((f) => f.state === 'uploading');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      milestone: milestone ? null : '请选择进展类型',
      note: checkText('进展说明', note, Limits.progressNote.min, Limits.progressNote.max),
      files: uploading
        ? '文件还在上传，请稍候'
        : files.some((f) => f.state === 'failed')
          ? '有文件上传失败，请移除后重新添加'
          : null,
    };
    setErrors(found);
    if (!milestone || found.note || found.files) return;
    step.run({
      step: {
        orderId,
        action: 'recordProgress',
        milestone,
        note: note.trim(),
        files: files.flatMap((f) => (f.fileId ? [f.fileId] : [])),
      },
      done: `已记录进展：${LawsuitMilestoneText[milestone]}`,
      after: () => {
        setMilestone('');
        setNote('');
        setFiles([]);
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="progress-form">
      <p className={styles.formTitle}>记录进展</p>
      <Field label="进展类型" error={errors.milestone}>
        {(c) => (
          <Select
            {...c}
            name="milestone"
            value={milestone}
            onChange={(e) => setMilestone(e.target.value as LawsuitMilestone | '')}
          >
            <option value="">请选择</option>
            {milestoneOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="进展说明"
        hint="如：已向某某区人民法院递交起诉材料，案号……"
        error={errors.note}
        count={{ used: note.trim().length, max: Limits.progressNote.max }}
      >
        {(c) => (
          <TextArea
            {...c}
            name="progressNote"
            rows={3}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        )}
      </Field>
      <DocumentPicker orderId={orderId} files={files} onChange={setFiles} error={errors.files ?? null} />
      <FormError message={step.mutation.error ? errorMessage(step.mutation.error) : null} />
      <Button type="submit" block disabled={step.isPending || uploading}>
        {step.isPending ? '提交中…' : '记录进展'}
      </Button>
    </form>
  );
}

function CloseCase({ orderId }: { orderId: string }) {
  const step = useServiceStep(orderId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={styles.form}>
      <ConfirmAction
        label="结案"
        variant="ghost"
        confirmVariant="danger"
        question="确认案件已办结？结案后委托人会收到通知并确认完成，之后不能再记录进展。"
        confirmLabel="确认结案"
        busy={step.isPending}
        onConfirm={() => {
          const problem = checkText('结案说明', note, Limits.closeNote.min, Limits.closeNote.max);
          setError(problem);
          if (problem) return;
          step.run({ step: { orderId, action: 'closeCase', note: note.trim() }, done: '已结案' });
        }}
      >
        <Field
          label="结案说明"
          hint="如：判决已生效，对方已履行完毕"
          error={error}
          count={{ used: note.trim().length, max: Limits.closeNote.max }}
        >
          {(c) => (
            <TextArea
              {...c}
              name="closeNote"
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
