import { checkCode, checkPhone, maskPhone } from '@lawline/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { showToast } from '../../app/api-effects.ts';
import { ME_QUERY_KEY } from '../../app/session-boot.ts';
import { clampPhone, PHONE_MAX_LENGTH } from '../../lib/phone.ts';
import { useSession } from '../../state/session.ts';
import { FormRow } from '../../ui/form-row.tsx';
import forms from '../../ui/forms.module.css';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell, useGoBack } from '../../ui/page-shell.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { SmsCodeRow } from '../../ui/sms-code-row.tsx';
import { useSmsCode } from '../../ui/use-sms-code.ts';
import { changeMobile, sendChangeMobileCode } from './api/change-mobile.ts';

function UpdatePhoneForm() {
  const userInfo = useSession((s) => s.userInfo);
  const queryClient = useQueryClient();
  const goBack = useGoBack();
  const smsCode = useSmsCode(sendChangeMobileCode);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const problem = checkPhone(mobile) ?? checkCode(code);
    if (problem) {
      showToast(problem);
      return;
    }
    setLoading(true);
    setError(null);
    try {
      const result = await changeMobile(mobile.trim(), code.trim());
      const { userInfo: info, setUserInfo } = useSession.getState();
      if (info) setUserInfo({ ...info, mobile: result.mobile });
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      showToast('手机号已更换');
      goBack();
    } catch (err) {
      // Shown on the page (e.g. 该手机号已被其他账号使用) and as a toast.
      const message = err instanceof ApiError && err.message ? err.message : '更换失败，请稍后重试';
      if (!(err instanceof ApiError && err.kind === 'login-expired')) {
        setError(message);
        showToast(message);
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <SectionCard>
        <p className={forms.note}>
          当前手机号：<strong>{userInfo ? maskPhone(userInfo.mobile) : '—'}</strong>
        </p>
        <p className={forms.note}>
          更换后请使用新手机号登录，会员卡与订单随账号保留。验证码将发送到新手机号。
        </p>
      </SectionCard>
      <SectionCard>
        <form className={forms.form} onSubmit={submit} noValidate>
          <FormRow label="新手机号">
            <input
              className={forms.input}
              type="tel"
              name="mobile"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={PHONE_MAX_LENGTH}
              placeholder="请输入新手机号"
              value={mobile}
              onChange={(e) => {
                setMobile(clampPhone(e.target.value));
                setError(null);
              }}
            />
          </FormRow>
          <SmsCodeRow mobile={mobile} code={code} onCode={setCode} sms={smsCode} />
          {error ? (
            <p className={forms.formError} role="alert" data-testid="form-error">
              {error}
            </p>
          ) : null}
          <button type="submit" className={forms.primaryButton} disabled={loading} aria-busy={loading}>
            {loading ? '提交中…' : '确认更换'}
          </button>
        </form>
      </SectionCard>
    </>
  );
}

/** 更换手机号: the new number proves itself with a code (user/codeForChangeMobile → changeMobile). */
export function UpdatePhonePage({ name }: PageProps) {
  return (
    <PageShell name={name}>
      <RequireLogin>
        <UpdatePhoneForm />
      </RequireLogin>
    </PageShell>
  );
}

export default UpdatePhonePage;
