import DatePicker from 'antd-mobile/es/components/date-picker';
import { RightOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { FormRow } from '../../../../ui/form-row.tsx';
import forms from '../../../../ui/forms.module.css';
import { SectionCard } from '../../../../ui/section-card.tsx';
import { useBackCloses } from '../../../../ui/use-back-closes.ts';
import styles from '../letter.module.css';
import {
  addDays,
  DEMANDS_MAX,
  dateText,
  deadlineRange,
  FACTS_MAX,
  fieldDomId,
  isoDate,
  type LetterDraft,
  type LetterErrors,
  type LetterFieldKey,
  type PartyDraft,
  parseIsoDate,
  textLength,
} from '../letter-rules.ts';

export interface LetterFieldsProps {
  draft: LetterDraft;
  /** Messages to show now (touched fields, or all after a submit attempt). */
  errors: LetterErrors;
  onChange: (change: Partial<LetterDraft>) => void;
  /** A field lost focus: its message may show from now on. */
  onTouch: (key: LetterFieldKey) => void;
  /** The evidence block (EvidenceUploader), placed after the letter's content. */
  evidence?: ReactNode;
  /** Today on the device, for the deadline's range. */
  today: Date;
}

function FieldError({ keyName, errors }: { keyName: LetterFieldKey; errors: LetterErrors }) {
  const message = errors[keyName];
  if (!message) return null;
  return (
    <p className={`${forms.formError} ${styles.fieldError}`} id={`${fieldDomId(keyName)}-error`}>
      {message}
    </p>
  );
}

/** aria attributes of a control whose message may show. */
function invalidProps(key: LetterFieldKey, errors: LetterErrors) {
  return errors[key]
    ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldDomId(key)}-error` }
    : { 'aria-invalid': false as const };
}

function PartyCard({
  who,
  title,
  note,
  party,
  errors,
  onChange,
  onTouch,
}: {
  who: 'sender' | 'recipient';
  title: string;
  note: string;
  party: PartyDraft;
  errors: LetterErrors;
  onChange: (party: PartyDraft) => void;
  onTouch: (key: LetterFieldKey) => void;
}) {
  const key = (field: keyof PartyDraft) => `${who}.${field}` as LetterFieldKey;
  const rowClass = (k: LetterFieldKey) => (errors[k] ? styles.invalidRow : undefined);
  const set = (field: keyof PartyDraft) => (event: { target: { value: string } }) =>
    onChange({ ...party, [field]: event.target.value });
  return (
    <SectionCard title={title} testId={`letter-${who}`}>
      <p className={`${forms.note} ${styles.cardNote}`}>{note}</p>
      <div className={styles.rows}>
        <div>
          <FormRow
            label={who === 'sender' ? '姓名' : '姓名/名称'}
            htmlFor={fieldDomId(key('name'))}
            className={rowClass(key('name'))}
          >
            <input
              id={fieldDomId(key('name'))}
              className={forms.input}
              name={`${who}Name`}
              autoComplete={who === 'sender' ? 'name' : 'off'}
              maxLength={60}
              placeholder={who === 'sender' ? '您的真实姓名' : '个人姓名或单位全称'}
              value={party.name}
              onChange={set('name')}
              onBlur={() => onTouch(key('name'))}
              {...invalidProps(key('name'), errors)}
            />
          </FormRow>
          <FieldError keyName={key('name')} errors={errors} />
        </div>
        <div>
          <FormRow label="手机号" htmlFor={fieldDomId(key('phone'))} className={rowClass(key('phone'))}>
            <input
              id={fieldDomId(key('phone'))}
              className={forms.input}
              name={`${who}Phone`}
              type="tel"
              inputMode="numeric"
              autoComplete={who === 'sender' ? 'tel' : 'off'}
              maxLength={11}
              placeholder="11位手机号"
              value={party.phone}
              onChange={(event) => onChange({ ...party, phone: event.target.value.replace(/\D/g, '') })}
              onBlur={() => onTouch(key('phone'))}
              {...invalidProps(key('phone'), errors)}
            />
          </FormRow>
          <FieldError keyName={key('phone')} errors={errors} />
        </div>
        <div>
          <FormRow
            label="地址"
            htmlFor={fieldDomId(key('address'))}
            className={rowClass(key('address'))}
            multiline
          >
            <textarea
              id={fieldDomId(key('address'))}
              className={`${forms.textarea} ${styles.addressInput}`}
              name={`${who}Address`}
              rows={2}
              maxLength={140}
              placeholder="省市区、街道、门牌号"
              value={party.address}
              onChange={set('address')}
              onBlur={() => onTouch(key('address'))}
              {...invalidProps(key('address'), errors)}
            />
          </FormRow>
          <FieldError keyName={key('address')} errors={errors} />
        </div>
      </div>
    </SectionCard>
  );
}

function TextBlock({
  keyName,
  label,
  hint,
  value,
  max,
  rows,
  placeholder,
  errors,
  onChange,
  onTouch,
}: {
  keyName: 'facts' | 'demands';
  label: string;
  hint: string;
  value: string;
  max: number;
  rows: number;
  placeholder: string;
  errors: LetterErrors;
  onChange: (value: string) => void;
  onTouch: (key: LetterFieldKey) => void;
}) {
  const id = fieldDomId(keyName);
  const length = textLength(value);
  return (
    <div className={styles.textBlock}>
      <label className={styles.blockLabel} htmlFor={id}>
        <span className={styles.blockName}>{label}</span>
        <span
          className={length > max ? `${styles.counter} ${forms.dangerText}` : styles.counter}
          data-testid={`${keyName}-counter`}
        >
          {length}/{max}
        </span>
      </label>
      <p className={forms.note}>{hint}</p>
      <textarea
        id={id}
        className={styles.blockInput}
        name={keyName}
        rows={rows}
        maxLength={max + 100}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => onTouch(keyName)}
        {...invalidProps(keyName, errors)}
      />
      <FieldError keyName={keyName} errors={errors} />
    </div>
  );
}

/** Quick choices of the deadline, in days from today. */
const QUICK_DAYS = [7, 15, 30] as const;

function DeadlineField({
  value,
  today,
  errors,
  onChange,
}: {
  value: string;
  today: Date;
  errors: LetterErrors;
  onChange: (value: string) => void;
}) {
  const [visible, setVisible] = useState(false);
  useBackCloses(visible, () => setVisible(false));
  const { min, max } = deadlineRange(today);
  const picked = parseIsoDate(value);
  const id = fieldDomId('deadline');
  return (
    <div className={styles.textBlock} data-testid="letter-deadline">
      <span className={styles.blockLabel}>
        <span className={styles.blockName} id={`${id}-label`}>
          履行期限
        </span>
      </span>
      <p className={forms.note}>对方须在此日期前履行您的要求</p>
      <fieldset className={styles.chips} aria-labelledby={`${id}-label`}>
        {QUICK_DAYS.map((days) => {
          const date = isoDate(addDays(today, days));
          return (
            <button
              key={days}
              type="button"
              className={styles.chip}
              aria-pressed={value === date}
              onClick={() => onChange(date)}
            >
              {days}天内
            </button>
          );
        })}
      </fieldset>
      <button
        id={id}
        type="button"
        className={styles.pickRow}
        onClick={() => setVisible(true)}
        aria-labelledby={`${id}-label ${id}`}
        {...invalidProps('deadline', errors)}
      >
        <span className={value ? styles.pickValue : styles.pickPlaceholder}>
          {value ? dateText(value) : '选择具体日期'}
        </span>
        <RightOutline aria-hidden="true" />
      </button>
      <FieldError keyName="deadline" errors={errors} />
      <DatePicker
        title="选择履行期限"
        visible={visible}
        min={min}
        max={max}
        precision="day"
        value={picked && picked >= min && picked <= max ? picked : min}
        onClose={() => setVisible(false)}
        onConfirm={(date) => onChange(isoDate(date))}
        renderLabel={(type, data) =>
          type === 'year' ? `${data}年` : type === 'month' ? `${data}月` : `${data}日`
        }
      />
    </div>
  );
}

/** The letter's form: sender, recipient, facts, demands, deadline, evidence; each with its message. */
export function LetterFields({ draft, errors, onChange, onTouch, evidence, today }: LetterFieldsProps) {
  return (
    <>
      <PartyCard
        who="sender"
        title="寄件人（您）"
        note="律师函将以您的名义委托律师发出"
        party={draft.sender}
        errors={errors}
        onChange={(sender) => onChange({ sender })}
        onTouch={onTouch}
      />
      <PartyCard
        who="recipient"
        title="收件人（对方）"
        note="律师函将快递至此地址，并短信通知对方"
        party={draft.recipient}
        errors={errors}
        onChange={(recipient) => onChange({ recipient })}
        onTouch={onTouch}
      />
      <SectionCard title="律师函内容" testId="letter-content">
        <TextBlock
          keyName="facts"
          label="事实经过"
          hint="时间、地点、双方关系、发生了什么，越具体越好"
          value={draft.facts}
          max={FACTS_MAX}
          rows={7}
          placeholder="例如：2024年3月，对方向我借款5万元，约定同年12月归还，至今未还……"
          errors={errors}
          onChange={(facts) => onChange({ facts })}
          onTouch={onTouch}
        />
        <TextBlock
          keyName="demands"
          label="您的要求"
          hint="希望对方做什么：还款、停止侵权、履行合同……"
          value={draft.demands}
          max={DEMANDS_MAX}
          rows={3}
          placeholder="例如：归还借款5万元及利息"
          errors={errors}
          onChange={(demands) => onChange({ demands })}
          onTouch={onTouch}
        />
        <DeadlineField
          value={draft.deadline}
          today={today}
          errors={errors}
          onChange={(deadline) => {
            onChange({ deadline });
            onTouch('deadline');
          }}
        />
      </SectionCard>
      {evidence}
    </>
  );
}
