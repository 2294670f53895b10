import Picker from 'antd-mobile/es/components/picker';
import { useId, useState } from 'react';
import { useBackCloses } from '../../../../ui/use-back-closes.ts';
import svc from '../../services.module.css';
import { lawsuitFieldOptions } from '../lawsuit-rules.ts';

export interface FieldPickerProps {
  value: number | null;
  onChange: (code: number) => void;
  error?: string;
}

/** 案件领域: a row that opens a one-column picker of the legal fields (Back closes it). */
export function FieldPicker({ value, onChange, error }: FieldPickerProps) {
  const ids = useId();
  const [visible, setVisible] = useState(false);
  useBackCloses(visible, () => setVisible(false));
  const current = lawsuitFieldOptions.find((o) => o.value === String(value));
  return (
    <div data-field="consultField">
      <span id={`${ids}-label`} className={svc.fieldHead}>
        案件领域
      </span>
      <button
        type="button"
        className={error ? `${svc.pickRow} ${svc.invalid}` : svc.pickRow}
        onClick={() => setVisible(true)}
        aria-haspopup="dialog"
        aria-labelledby={`${ids}-label ${ids}-value`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids}-error` : undefined}
        data-testid="lawsuit-field"
      >
        <span
          id={`${ids}-value`}
          className={current ? svc.pickValue : `${svc.pickValue} ${svc.pickPlaceholder}`}
        >
          {current?.label ?? '请选择案件所属领域'}
        </span>
        <span className={svc.pickArrow} aria-hidden="true">
          ›
        </span>
      </button>
      {error ? (
        <p id={`${ids}-error`} className={svc.fieldError} data-testid="lawsuit-field-error">
          {error}
        </p>
      ) : null}
      <Picker
        title="选择案件领域"
        columns={[lawsuitFieldOptions]}
        visible={visible}
        value={current ? [current.value] : [lawsuitFieldOptions[0]?.value ?? '']}
        onClose={() => setVisible(false)}
        onConfirm={(picked) => {
          const code = Number(picked[0]);
          if (Number.isInteger(code)) onChange(code);
        }}
      />
    </div>
  );
}
