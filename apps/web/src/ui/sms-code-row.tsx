import { clampCode } from '@lawline/contract';
import { FormRow } from './form-row.tsx';
import forms from './forms.module.css';
import type { useSmsCode } from './use-sms-code.ts';

export interface SmsCodeRowProps {
  /** The phone number the code is sent to. */
  mobile: string;
  code: string;
  onCode: (code: string) => void;
  sms: ReturnType<typeof useSmsCode>;
}

/** 验证码 with its get-code link (已发送(n秒) while counting down), as every SMS form shows it. */
export function SmsCodeRow({ mobile, code, onCode, sms }: SmsCodeRowProps) {
  return (
    <FormRow
      label="验证码"
      action={
        <button
          type="button"
          className={forms.codeLink}
          data-testid="get-code"
          disabled={sms.busy}
          aria-live="polite"
          onClick={() => void sms.request(mobile)}
        >
          {sms.label}
        </button>
      }
    >
      {(id) => (
        <input
          id={id}
          className={forms.input}
          type="text"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="请输入验证码"
          value={code}
          onChange={(e) => onCode(clampCode(e.target.value))}
        />
      )}
    </FormRow>
  );
}
