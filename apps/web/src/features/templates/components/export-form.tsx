import type { TemplateField } from '@lawline/contract/schemas';
import type { FormEvent } from 'react';
import { FormRow } from '../../../ui/form-row.tsx';
import forms from '../../../ui/forms.module.css';
import {
  type ExportDraft,
  type ExportErrors,
  filledCount,
  marksKeyFields,
  textLength,
} from '../template-rules.ts';
import styles from '../templates.module.css';

export const EMAIL_INPUT_ID = 'tpl-export-email';
export const fieldInputId = (name: string) => `tpl-field-${name}`;
export const FORM_ERROR_ID = 'tpl-export-error';

export interface ExportFormProps {
  fields: readonly TemplateField[];
  draft: ExportDraft;
  /** Messages to show now. */
  errors: ExportErrors;
  /** A refusal of the whole export (limits, mail server …), shown at the form's end. */
  formError: string | null;
  notice: string;
  onEmail: (email: string) => void;
  onValue: (name: string, value: string) => void;
  onTouch: (name: string) => void;
  onSubmit: () => void;
}

function invalidProps(id: string, message: string | undefined) {
  return message
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` }
    : { 'aria-invalid': false as const };
}

function FieldInput({
  field,
  markKey,
  value,
  error,
  onValue,
  onTouch,
}: {
  field: TemplateField;
  markKey: boolean;
  value: string;
  error: string | undefined;
  onValue: (name: string, value: string) => void;
  onTouch: (name: string) => void;
}) {
  const id = fieldInputId(field.name);
  const length = textLength(value);
  const near = length > field.maxLength * 0.8;
  const common = {
    id,
    name: field.name,
    value,
    placeholder: field.hint ?? `填写${field.label}`,
    onChange: (event: { target: { value: string } }) => onValue(field.name, event.target.value),
    onBlur: () => onTouch(field.name),
    ...invalidProps(id, error),
  };
  return (
    <li className={styles.fieldItem} data-testid="export-field" data-field={field.name}>
      <div className={styles.fieldLabelRow}>
        <label className={styles.fieldLabel} htmlFor={id}>
          {field.label}
          {markKey && field.required ? <span className={styles.keyTag}>关键</span> : null}
        </label>
        {near ? (
          <span
            className={length > field.maxLength ? `${styles.counter} ${styles.counterOver}` : styles.counter}
          >
            {length}/{field.maxLength}
          </span>
        ) : null}
      </div>
      {field.kind === 'long' ? (
        <textarea {...common} className={`${styles.fieldInput} ${styles.fieldTextarea}`} rows={3} />
      ) : (
        <input
          {...common}
          className={styles.fieldInput}
          type="text"
          inputMode={field.kind === 'money' ? 'decimal' : undefined}
          autoComplete="off"
        />
      )}
      {error ? (
        <p className={styles.fieldError} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The export form: the address (checked with the contract's rule), the template's fields — all
 * optional, 关键 marks those the contract needs, blanks print as lines to fill by hand — the
 * notice of when the mail arrives. The page's bottom bar sends it (导出到邮箱).
 */
export function ExportForm({
  fields,
  draft,
  errors,
  formError,
  notice,
  onEmail,
  onValue,
  onTouch,
  onSubmit,
}: ExportFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const filled = filledCount(draft, fields);
  const markKey = marksKeyFields(fields);
  return (
    <form
      noValidate
      onSubmit={submit}
      className={styles.exportForm}
      data-testid="export-form"
      aria-label="导出到邮箱"
    >
      <div>
        <FormRow
          label="邮箱"
          htmlFor={EMAIL_INPUT_ID}
          className={errors.email ? styles.invalidRow : undefined}
        >
          <input
            id={EMAIL_INPUT_ID}
            className={forms.input}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={254}
            placeholder="接收文档的邮箱，如 name@example.com"
            value={draft.email}
            onChange={(event) => onEmail(event.target.value)}
            onBlur={() => onTouch('email')}
            {...invalidProps(EMAIL_INPUT_ID, errors.email)}
          />
        </FormRow>
        {errors.email ? (
          <p className={styles.fieldError} id={`${EMAIL_INPUT_ID}-error`} data-testid="email-error">
            {errors.email}
          </p>
        ) : null}
      </div>

      {fields.length > 0 ? (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>
            填写要素（选填）
            <span className={styles.legendCount}>
              已填{filled}/{fields.length}
            </span>
          </legend>
          <p className={styles.note}>
            填写后直接写入导出的文档；留空的导出为下划线，可打印后手写。
            {markKey ? '标“关键”的建议填写。' : ''}
          </p>
          <ul className={styles.fieldList}>
            {fields.map((field) => (
              <FieldInput
                key={field.name}
                field={field}
                markKey={markKey}
                value={draft.values[field.name] ?? ''}
                error={errors.fields[field.name]}
                onValue={onValue}
                onTouch={onTouch}
              />
            ))}
          </ul>
        </fieldset>
      ) : null}

      <p className={styles.noticeBox} data-testid="export-notice">
        {notice}
      </p>
      {formError ? (
        <p id={FORM_ERROR_ID} className={styles.formError} role="alert" data-testid="export-error">
          {formError}
        </p>
      ) : null}
    </form>
  );
}
