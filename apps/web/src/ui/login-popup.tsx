import { checkCode, checkPhone } from '@lawline/contract';
import { useQueryClient } from '@tanstack/react-query';
import Popup from 'antd-mobile/es/components/popup';
import { CloseOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { codeLogin, sendLoginCode } from '../api/auth.ts';
import { showToast } from '../app/api-effects.ts';
import { clampPhone, PHONE_MAX_LENGTH } from '../lib/phone.ts';
import { useSession } from '../state/session.ts';
import { type AgreementKind, AgreementSheet } from './agreement.tsx';
import { FormRow } from './form-row.tsx';
import forms from './forms.module.css';
import styles from './login-popup.module.css';
import { useGoBack } from './page-shell.tsx';
import { SmsCodeRow } from './sms-code-row.tsx';
import { useBackCloses } from './use-back-closes.ts';
import { useSmsCode } from './use-sms-code.ts';

/**
 * The login popup (spec §2, §4, §5, §8): 登录/注册 with the phone and code fields, the get-code link
 * counting down 已发送(n秒), the submit button, the agreement and a close icon. On success the token
 * and user info go to the session and a remembered after-login action runs (session.runAfterLogin).
 * Closing it (the close icon or the mask) while on /User goes back one page; Back closes only the
 * popup (it owns a history entry while open, see use-back-closes.ts).
 */
export function LoginPopup() {
  const visible = useSession((s) => s.loginVisible);
  const hideLogin = useSession((s) => s.hideLogin);
  const completeLogin = useSession((s) => s.completeLogin);
  const queryClient = useQueryClient();
  const location = useLocation();
  const goBack = useGoBack();
  const smsCode = useSmsCode(sendLoginCode);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const [agreement, setAgreement] = useState<AgreementKind | null>(null);
  const leave = useBackCloses(visible, () => {
    setAgreement(null);
    hideLogin();
  });

  const close = () => {
    const onUser = /^\/user(\/|$)/i.test(location.pathname);
    setAgreement(null);
    hideLogin();
    leave(() => {
      if (onUser) goBack();
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const problem = checkPhone(mobile) ?? checkCode(code);
    if (problem) {
      showToast(problem);
      return;
    }
    setLoading(true);
    try {
      const info = await codeLogin(mobile.trim(), code.trim());
      setCode('');
      smsCode.reset();
      setAgreement(null);
      // The popup's history entry goes first: the after-login action may navigate.
      leave(() => {
        completeLogin(info);
        void queryClient.invalidateQueries();
        showToast('登录成功');
      });
    } catch {
      // Shown by the client; the loading state clears below.
    } finally {
      setLoading(false);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={close} position="bottom" bodyClassName={styles.sheet}>
      <div role="dialog" aria-modal="true" aria-labelledby="ll-login-title" data-testid="login-popup">
        <header className={styles.head}>
          <h2 id="ll-login-title" className={styles.title}>
            登录/注册
          </h2>
          <button type="button" className={forms.iconButton} aria-label="关闭" onClick={close}>
            <CloseOutline aria-hidden="true" />
          </button>
        </header>
        <p className={forms.loginNote}>
          未注册的手机号验证后自动创建账号；会员卡用户请使用卡片绑定的手机号登录
        </p>
        <form className={forms.form} onSubmit={submit} noValidate>
          <FormRow label="手机号">
            <input
              className={forms.input}
              type="tel"
              name="mobile"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={PHONE_MAX_LENGTH}
              placeholder="请输入手机号"
              value={mobile}
              onChange={(e) => setMobile(clampPhone(e.target.value))}
            />
          </FormRow>
          <SmsCodeRow mobile={mobile} code={code} onCode={setCode} sms={smsCode} />
          <button type="submit" className={forms.primaryButton} disabled={loading} aria-busy={loading}>
            {loading ? '登录中…' : '登录'}
          </button>
        </form>
        <p className={forms.loginAgreement}>
          登录即表示您已阅读并同意
          <button type="button" className={forms.textLink} onClick={() => setAgreement('terms')}>
            《用户协议》
          </button>
          和
          <button type="button" className={forms.textLink} onClick={() => setAgreement('privacy')}>
            《隐私政策》
          </button>
        </p>
      </div>
      <AgreementSheet kind={agreement} onClose={() => setAgreement(null)} />
    </Popup>
  );
}
