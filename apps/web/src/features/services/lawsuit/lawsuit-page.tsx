import type { ServiceTerms } from '@lawline/contract/schemas';
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../app/api-effects.ts';
import { paths } from '../../../app/paths.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';
import { FixedBottomBar } from '../../../ui/fixed-bottom-bar.tsx';
import { ErrorState, SkeletonRows } from '../../../ui/list-states.tsx';
import type { PageProps } from '../../../ui/page-placeholder.tsx';
import { PageShell } from '../../../ui/page-shell.tsx';
import { RequireLogin } from '../../../ui/require-login.tsx';
import { SectionCard } from '../../../ui/section-card.tsx';
import { serviceTermsQuery } from '../api/service-terms.ts';
import { EvidenceUploader } from '../components/evidence-uploader.tsx';
import { RegionPicker } from '../components/region-picker.tsx';
import { ServiceStepBar } from '../components/service-step-bar.tsx';
import { TermsBlock } from '../components/terms-block.tsx';
import svc from '../services.module.css';
import { createLawsuitOrder } from './api/create-lawsuit-order.ts';
import { FieldPicker } from './components/field-picker.tsx';
import { useLawsuitForm } from './hooks/use-lawsuit-form.ts';
import styles from './lawsuit.module.css';
import {
  caseTypeOptions,
  checkLawsuit,
  EVIDENCE_MAX,
  FACTS_MAX,
  FACTS_MIN,
  FREE_LAWSUIT_CAP_YUAN,
  factsLength,
  fitsFreeLawsuit,
  type LawsuitField,
  roleOptions,
} from './lawsuit-rules.ts';
import { clearLawsuitDraft, readLawsuitDraft } from './lawsuit-storage.ts';

/** A radio group drawn as chips (44 px); the message under it. */
function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  testId,
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T | '';
  onChange: (value: T) => void;
  error?: string;
  testId: string;
}) {
  const id = useId();
  return (
    <fieldset
      className={svc.fieldset}
      data-field={name}
      aria-describedby={error ? `${id}-error` : undefined}
      data-testid={testId}
    >
      <legend className={svc.fieldHead}>{legend}</legend>
      <div className={styles.choices}>
        {options.map((option) => (
          <label key={option.value} className={styles.choice}>
            <input
              className={styles.choiceInput}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className={svc.fieldError} data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The deposit, the card's free-agency note and the rule, before paying (the server's words). */
function LawsuitTerms({ terms, maybeFree }: { terms: UseQueryResult<ServiceTerms>; maybeFree: boolean }) {
  if (terms.isPending) {
    return (
      <SectionCard title="费用与服务承诺">
        <SkeletonRows rows={2} label="费用加载中" />
      </SectionCard>
    );
  }
  if (terms.isError) {
    return (
      <SectionCard title="费用与服务承诺">
        <ErrorState text="费用信息加载失败" onRetry={() => void terms.refetch()} />
      </SectionCard>
    );
  }
  return (
    <>
      <TermsBlock terms={terms.data} />
      {terms.data.freeLawsuitNote && maybeFree ? (
        <p className={styles.freeHint} data-testid="lawsuit-free-hint">
          您填写的案件（被告、民事、争议金额{FREE_LAWSUIT_CAP_YUAN / 10_000}
          万元以内）可能适用白金卡免费代理，提交后以系统核定为准。
        </p>
      ) : null}
    </>
  );
}

/** Where to focus the first wrong field (its control, or the group). */
function focusField(field: LawsuitField) {
  const box = document.querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (!box) return;
  box.scrollIntoView({ block: 'center', behavior: 'smooth' });
  const control = box.querySelector<HTMLElement>('input:not([type="file"]), textarea, button');
  control?.focus({ preventScroll: true });
}

function LawsuitForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const terms = useQuery(serviceTermsQuery('lawsuit'));
  const { draft, update, touch, errors, check, revealAll } = useLawsuitForm();
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const ids = useId();

  const send = async () => {
    if (busyRef.current) return;
    // The draft as stored: the login popup may have come between the tap and now.
    const current = readLawsuitDraft(() => draft.requestId);
    const checked = checkLawsuit(current);
    if (!checked.ok) return;
    busyRef.current = true;
    setBusy(true);
    let leaving = false;
    try {
      const created = await createLawsuitOrder(checked.value);
      clearLawsuitDraft();
      leaving = true;
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      navigate(
        created.needPayAmount > 0
          ? paths.servicePayment(created.orderId, 'lawsuit', { pay: true })
          : paths.lawsuitDetail(created.orderId),
        { replace: true },
      );
    } catch {
      // The client toasted the server's message; everything typed stays (sessionStorage).
    } finally {
      if (!leaving) {
        busyRef.current = false;
        setBusy(false);
      }
    }
  };

  const submit = () => {
    if (busyRef.current) return;
    if (uploading) {
      showToast('证据材料正在上传，请稍候');
      return;
    }
    if (!check.ok) {
      const first = revealAll();
      if (first) {
        showToast(check.errors[first] ?? '请检查填写内容');
        // After the messages render.
        setTimeout(() => focusField(first), 0);
      }
      return;
    }
    if (!terms.data) {
      showToast('费用信息未加载，请稍后重试');
      return;
    }
    void send();
  };

  const due = terms.data?.needPayAmount ?? null;
  const length = factsLength(draft.facts);
  return (
    <>
      <ServiceStepBar kind="lawsuit" form />
      <SectionCard title="案件信息" testId="lawsuit-form">
        <form
          className={svc.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className={svc.fieldBlock}>
            <ChoiceGroup
              legend="您的身份"
              name="role"
              options={roleOptions}
              value={draft.role}
              onChange={(role) => {
                update({ role });
                touch('role');
              }}
              error={errors.role}
              testId="lawsuit-role"
            />
          </div>
          <div className={svc.fieldBlock}>
            <ChoiceGroup
              legend="案件类型"
              name="caseType"
              options={caseTypeOptions}
              value={draft.caseType}
              onChange={(caseType) => {
                update({ caseType });
                touch('caseType');
              }}
              error={errors.caseType}
              testId="lawsuit-case-type"
            />
          </div>
          <div className={svc.fieldBlock}>
            <FieldPicker
              value={draft.consultField}
              onChange={(consultField) => {
                update({ consultField });
                touch('consultField');
              }}
              error={errors.consultField}
            />
          </div>
          <div className={svc.fieldBlock} data-field="amount">
            <label className={svc.fieldHead} htmlFor={`${ids}-amount`}>
              <span>争议金额</span>
              <span className={svc.fieldHint}>不涉及金额请填 0</span>
            </label>
            <div className={errors.amount ? `${styles.inputBox} ${styles.inputBoxInvalid}` : styles.inputBox}>
              <input
                id={`${ids}-amount`}
                className={styles.input}
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                maxLength={16}
                placeholder="请输入争议金额"
                value={draft.amount}
                onChange={(e) => update({ amount: e.target.value })}
                onBlur={() => touch('amount')}
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={errors.amount ? `${ids}-amount-error` : undefined}
                data-testid="lawsuit-amount"
              />
              <span className={styles.unit}>元</span>
            </div>
            {errors.amount ? (
              <p id={`${ids}-amount-error`} className={svc.fieldError} data-testid="lawsuit-amount-error">
                {errors.amount}
              </p>
            ) : null}
          </div>
          <div className={svc.fieldBlock}>
            <RegionPicker
              label="法院所在地"
              placeholder="请选择受理法院所在的省市"
              value={{ codes: draft.courtRegionCodes, text: draft.courtRegionText }}
              onChange={(value) => {
                update({ courtRegionCodes: value.codes, courtRegionText: value.text });
                touch('courtRegionCode');
              }}
              error={errors.courtRegionCode}
              testId="courtRegionCode"
            />
          </div>
          <div className={svc.fieldBlock} data-field="facts">
            <label className={svc.fieldHead} htmlFor={`${ids}-facts`}>
              <span>案情经过</span>
              <span className={svc.fieldHint}>
                {FACTS_MIN}-{FACTS_MAX}字
              </span>
            </label>
            <textarea
              id={`${ids}-facts`}
              className={errors.facts ? `${svc.textarea} ${svc.invalid}` : svc.textarea}
              name="facts"
              rows={7}
              maxLength={FACTS_MAX + 100}
              placeholder="请描述纠纷的经过：双方是谁、发生了什么、目前进展（是否已起诉或收到传票）、您的诉求"
              value={draft.facts}
              onChange={(e) => update({ facts: e.target.value })}
              onBlur={() => touch('facts')}
              aria-invalid={errors.facts ? true : undefined}
              aria-describedby={`${ids}-facts-count${errors.facts ? ` ${ids}-facts-error` : ''}`}
              data-testid="lawsuit-facts"
            />
            <p id={`${ids}-facts-count`} className={svc.counter} aria-live="polite">
              {length}/{FACTS_MAX}
            </p>
            {errors.facts ? (
              <p id={`${ids}-facts-error`} className={svc.fieldError} data-testid="lawsuit-facts-error">
                {errors.facts}
              </p>
            ) : null}
          </div>
          <div className={svc.fieldBlock} data-field="evidence">
            <EvidenceUploader
              label="证据材料"
              value={draft.evidence}
              onChange={(evidence) => {
                update({ evidence });
                touch('evidence');
              }}
              max={EVIDENCE_MAX}
              error={errors.evidence}
              onBusyChange={setUploading}
              testId="lawsuit-evidence"
            />
            <p className={svc.note}>选填：合同、借条、聊天记录、起诉状或传票等，有助于律师准确评估案件。</p>
          </div>
        </form>
      </SectionCard>
      <LawsuitTerms terms={terms} maybeFree={fitsFreeLawsuit(draft)} />
      <FixedBottomBar
        price={due}
        unitText={due !== null ? '订金' : null}
        note={due !== null && due > 0 ? '订金抵扣律师费' : null}
        buttonText={busy ? '提交中…' : uploading ? '文件上传中…' : due === 0 ? '提交订单' : '提交并支付订金'}
        loading={busy}
        onClick={submit}
        testId="lawsuit-bar"
      />
    </>
  );
}

/**
 * Lawsuit (/Lawsuit): hiring a lawyer for a case — the person's side, the case type, the field,
 * the amount in dispute, the court's city, the facts and evidence, each checked with the contract's
 * schema beside the field; the deposit and the refund rule (and a platinum card's free agency)
 * before paying; then the order (one per form visit) and the payment, or its page when nothing is due.
 */
export function LawsuitPage({ name }: PageProps) {
  return (
    <PageShell name={name} className={`${svc.services} ${styles.page}`}>
      {/* The deposit depends on the person's cards and evidence is uploaded as theirs: logged in first. */}
      <RequireLogin>
        <LawsuitForm />
      </RequireLogin>
    </PageShell>
  );
}

export default LawsuitPage;
