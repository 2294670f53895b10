import type { ServiceTerms } from '@lawline/contract/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Popup from 'antd-mobile/es/components/popup';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../app/api-effects.ts';
import { paths } from '../../app/paths.ts';
import { ME_QUERY_KEY } from '../../app/session-boot.ts';
import { FixedBottomBar } from '../../ui/fixed-bottom-bar.tsx';
import forms from '../../ui/forms.module.css';
import { SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { useBackCloses } from '../../ui/use-back-closes.ts';
import { createFaceOrder } from './api/create-face-order.ts';
import { serviceTermsQuery } from './api/service-terms.ts';
import { RegionPicker } from './components/region-picker.tsx';
import { ServiceProblem } from './components/service-problem.tsx';
import { ServiceStepBar } from './components/service-step-bar.tsx';
import { TermsBlock } from './components/terms-block.tsx';
import {
  CONTACT_MAX,
  checkFaceDraft,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  type FaceDraft,
  type FaceField,
  faceFieldOptions,
  faceFields,
  faceInput,
  readFaceDraft,
  writeFaceDraft,
} from './face-rules.ts';
import { newUuid } from './hooks/use-request-id.ts';
import {
  beijingDate,
  dateText,
  firstErrorField,
  MAX_PREFERRED_DATES,
  preferredDateChoices,
  togglePreferredDate,
  yuanText,
} from './service-rules.ts';
import styles from './services.module.css';

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className={styles.fieldError} data-testid={`${id}`}>
      {text}
    </p>
  ) : null;
}

/** 1–3 preferred dates of the next 30 days: a row that opens a grid of dates in a sheet. */
function DatesField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (dates: string[]) => void;
  error?: string;
}) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  useBackCloses(open, () => setOpen(false));
  const choices = useMemo(() => preferredDateChoices(Date.now()), []);
  return (
    <div className={styles.fieldBlock} data-field="preferredDates">
      <span id={`${ids}-label`} className={styles.fieldHead}>
        期望日期<span className={styles.fieldHint}>可选1–{MAX_PREFERRED_DATES}天，30天内</span>
      </span>
      <button
        type="button"
        className={error ? `${styles.pickRow} ${styles.invalid}` : styles.pickRow}
        aria-haspopup="dialog"
        aria-labelledby={`${ids}-label ${ids}-value`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'error-preferredDates' : undefined}
        onClick={() => setOpen(true)}
        data-testid="dates-field"
      >
        <span
          id={`${ids}-value`}
          className={value.length ? styles.pickValue : `${styles.pickValue} ${styles.pickPlaceholder}`}
        >
          {value.length ? `已选${value.length}天` : '请选择方便见面的日期'}
        </span>
        <span className={styles.pickArrow} aria-hidden="true">
          ›
        </span>
      </button>
      {value.length > 0 ? (
        <ul className={styles.picked} aria-label="已选日期">
          {value.map((d) => (
            <li key={d} className={styles.pickedItem}>
              {dateText(d)}
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id="error-preferredDates" text={error} />
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        position="bottom"
        bodyClassName={styles.sheet}
        destroyOnClose
      >
        <div role="dialog" aria-modal="true" aria-labelledby={`${ids}-sheet`} data-testid="dates-sheet">
          <h2 id={`${ids}-sheet`} className={styles.sheetTitle}>
            选择期望日期（最多{MAX_PREFERRED_DATES}天）
          </h2>
          <div className={styles.dates}>
            {choices.map((d) => {
              const picked = value.includes(d);
              const [day, week] = dateText(d).split(' ');
              return (
                <button
                  key={d}
                  type="button"
                  className={`${styles.choice} ${styles.dateChoice}`}
                  aria-pressed={picked}
                  disabled={!picked && value.length >= MAX_PREFERRED_DATES}
                  onClick={() => onChange(togglePreferredDate(value, d))}
                >
                  <span>{day}</span>
                  <span className={styles.dateWeek}>{week}</span>
                </button>
              );
            })}
          </div>
          <div className={styles.actionsRow}>
            <button type="button" className={forms.primaryButton} onClick={() => setOpen(false)}>
              完成{value.length ? `（已选${value.length}天）` : ''}
            </button>
          </div>
        </div>
      </Popup>
    </div>
  );
}

function LevelField({
  terms,
  value,
  onChange,
  error,
}: {
  terms: ServiceTerms;
  value: number;
  onChange: (level: number) => void;
  error?: string;
}) {
  return (
    <div className={styles.fieldBlock} data-field="level">
      <fieldset className={styles.fieldset}>
        <legend className={styles.fieldHead}>律师级别</legend>
        <div className={styles.levels} data-testid="level-field">
          {terms.levels.map((level) => (
            <label key={level.level} className={styles.level}>
              <input
                type="radio"
                name="level"
                value={level.level}
                checked={value === level.level}
                onChange={() => onChange(level.level)}
              />
              <span className={styles.levelName}>{level.name}</span>
              <span className={styles.levelPrice}>
                {level.needPayAmount !== level.price ? (
                  <span className={styles.levelOld}>{yuanText(level.price)}</span>
                ) : null}
                {yuanText(level.needPayAmount)}
              </span>
            </label>
          ))}
        </div>
        <FieldError id="error-level" text={error} />
      </fieldset>
    </div>
  );
}

function FaceForm({ levels }: { levels: ServiceTerms }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<FaceDraft>(() => readFaceDraft(newUuid, beijingDate(Date.now())));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const terms = useQuery(serviceTermsQuery('faceConsult', draft.level));

  useEffect(() => writeFaceDraft(draft), [draft]);
  const update = (change: Partial<FaceDraft>) => setDraft((d) => ({ ...d, ...change }));
  // Messages appear after the first 提交 and follow each change from then on: nothing typed is lost.
  const errors = useMemo(() => (tried ? checkFaceDraft(draft) : {}), [tried, draft]);
  const err = (field: FaceField) => errors[field];

  const chosen = levels.levels.find((l) => l.level === draft.level) ?? null;
  const dueNow = terms.data?.needPayAmount ?? chosen?.needPayAmount ?? null;

  const submit = async () => {
    if (busyRef.current) return;
    setTried(true);
    const problems = checkFaceDraft(draft);
    const first = firstErrorField(problems, faceFields);
    if (first !== null) {
      showToast(problems[first] ?? '请检查填写的信息');
      document
        .querySelector(`[data-field="${first === 'regionCode' ? 'region' : first}"]`)
        ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      return;
    }
    busyRef.current = true;
    setBusy(true);
    let leaving = false;
    try {
      const created = await createFaceOrder(faceInput(draft));
      writeFaceDraft(null);
      leaving = true;
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      if (created.needPayAmount === 0) {
        showToast('下单成功，正在为您安排律师');
        navigate(paths.faceDetail(created.orderId), { replace: true });
      } else {
        navigate(paths.servicePayment(created.orderId, 'faceConsult', { pay: true }), { replace: true });
      }
    } catch {
      // The client toasted the server's message; the form keeps everything as it was.
    } finally {
      if (!leaving) {
        busyRef.current = false;
        setBusy(false);
      }
    }
  };

  const descLength = draft.description.trim().length;
  return (
    <>
      <SectionCard title="预约信息">
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className={styles.fieldBlock} data-field="region">
            <RegionPicker
              label="见面城市"
              value={{ codes: draft.regionCodes, text: draft.regionText }}
              onChange={(value) => update({ regionCodes: value.codes, regionText: value.text })}
              error={err('regionCode')}
              testId="region"
            />
          </div>

          <div className={styles.fieldBlock} data-field="consultField">
            <fieldset className={styles.fieldset}>
              <legend className={styles.fieldHead}>问题类型</legend>
              <div className={styles.choices} data-testid="field-choices">
                {faceFieldOptions.map((option) => (
                  <button
                    key={option.code}
                    type="button"
                    className={styles.choice}
                    aria-pressed={draft.consultField === option.code}
                    onClick={() => update({ consultField: option.code })}
                  >
                    {option.name}
                  </button>
                ))}
              </div>
              <FieldError id="error-consultField" text={err('consultField')} />
            </fieldset>
          </div>

          <LevelField
            terms={levels}
            value={draft.level}
            onChange={(level) => update({ level })}
            error={err('level')}
          />

          <DatesField
            value={draft.preferredDates}
            onChange={(preferredDates) => update({ preferredDates })}
            error={err('preferredDates')}
          />

          <div className={styles.fieldBlock} data-field="description">
            <label className={styles.fieldHead} htmlFor="face-description">
              问题描述
              <span className={styles.fieldHint}>
                {DESCRIPTION_MIN}–{DESCRIPTION_MAX}字
              </span>
            </label>
            <textarea
              id="face-description"
              className={err('description') ? `${styles.textarea} ${styles.invalid}` : styles.textarea}
              name="description"
              rows={5}
              maxLength={DESCRIPTION_MAX + 50}
              placeholder="请简要描述您的问题和希望律师当面解决的事项，以便律师提前准备"
              value={draft.description}
              aria-invalid={err('description') ? true : undefined}
              aria-describedby={err('description') ? 'error-description' : undefined}
              onChange={(e) => update({ description: e.target.value })}
            />
            <p className={styles.counter} aria-live="polite">
              {descLength}/{DESCRIPTION_MAX}
            </p>
            <FieldError id="error-description" text={err('description')} />
          </div>

          <div className={styles.fieldBlock} data-field="contactName">
            <label className={styles.fieldHead} htmlFor="face-contact">
              联系人
            </label>
            <input
              id="face-contact"
              className={err('contactName') ? `${styles.input} ${styles.invalid}` : styles.input}
              name="contactName"
              autoComplete="name"
              maxLength={CONTACT_MAX + 10}
              placeholder="律师如何称呼您"
              value={draft.contactName}
              aria-invalid={err('contactName') ? true : undefined}
              aria-describedby={err('contactName') ? 'error-contactName' : undefined}
              onChange={(e) => update({ contactName: e.target.value })}
            />
            <FieldError id="error-contactName" text={err('contactName')} />
            <p className={styles.note}>律师通过平台隐私号码与您联系，不会看到您的手机号。</p>
          </div>
        </form>
      </SectionCard>

      {terms.data ? (
        <TermsBlock terms={terms.data} />
      ) : terms.isError ? (
        <SectionCard title="费用与服务承诺">
          <button type="button" className={styles.linkRow} onClick={() => void terms.refetch()}>
            <span>价格加载失败，点击重试</span>
            <span aria-hidden="true">›</span>
          </button>
        </SectionCard>
      ) : (
        <SkeletonRows rows={2} label="价格加载中" />
      )}

      <FixedBottomBar
        price={dueNow}
        unitText={chosen ? chosen.name : null}
        buttonText={busy ? '提交中…' : dueNow === 0 ? '提交订单' : '提交并支付'}
        loading={busy}
        onClick={() => void submit()}
        testId="meet-bar"
      />
    </>
  );
}

function MeetConsult() {
  // Every level's price for this person (a card's 70 % applied by the server).
  const terms = useQuery(serviceTermsQuery('faceConsult'));
  if (terms.isPending) return <SkeletonRows rows={5} label="加载中" />;
  if (terms.isError) {
    return (
      <ServiceProblem
        error={terms.error}
        hint="暂时无法获取服务价格，请稍后重试"
        onRetry={() => void terms.refetch()}
      />
    );
  }
  return (
    <div className={styles.services} data-testid="meet-consult">
      <ServiceStepBar kind="faceConsult" form />
      <FaceForm levels={terms.data} />
    </div>
  );
}

/**
 * MeetConsult: the face consultation's form — city, question type, lawyer level with this person's
 * price for each, 1–3 preferred dates, the matter and a contact name; every field checked with the
 * contract's schema (messages under each field, nothing typed is lost, the draft survives a
 * reload); the price and the refund rule before paying; 提交并支付 creates the order once (one
 * request id per visit) and opens its payment (or its page when nothing is due).
 */
export function MeetConsultPage({ name }: PageProps) {
  return (
    <PageShell name={name}>
      <RequireLogin>
        <MeetConsult />
      </RequireLogin>
    </PageShell>
  );
}

export default MeetConsultPage;
