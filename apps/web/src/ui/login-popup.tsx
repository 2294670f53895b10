import { checkCode, checkPhone, clampCode } from '@lawline/contract';
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
import { useGoBack } from './page-shell.tsx';
import { useSmsCode } from './use-sms-code.ts';
import './forms.css';

/**
 * The login popup (spec §2, §4, §5, §8): 登录/注册 with the phone and code fields, the get-code link
 * counting down 已发送(n秒), the submit button, the agreement and a close icon. On success the token
 * and user info go to the session and a remembered after-login action runs (session.runAfterLogin).
 * Closing it while on /User goes back one page.
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

  const close = () => {
    setAgreement(null);
    hideLogin();
    if (/^\/user(\/|$)/i.test(location.pathname)) goBack();
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
      completeLogin(info);
      void queryClient.invalidateQueries();
      showToast('登录成功');
    } catch {
      // Shown by the client; the loading state clears below.
    } finally {
      setLoading(false);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={close} position="bottom" bodyClassName="ll-login">
      <div role="dialog" aria-modal="true" aria-labelledby="ll-login-title" data-testid="login-popup">
        <header className="ll-login-head">
          <h2 id="ll-login-title">登录/注册</h2>
          <button type="button" className="ll-icon-button" aria-label="关闭" onClick={close}>
            <CloseOutline />
          </button>
        </header>
        <p className="ll-login-note">
          未注册的手机号验证后自动创建账号；会员卡用户请使用卡片绑定的手机号登录
        </p>
        <form className="ll-form" onSubmit={submit} noValidate>
          <label className="ll-field">
            <span className="ll-field-label">手机号</span>
            <input
              className="ll-input"
              type="tel"
              name="mobile"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={PHONE_MAX_LENGTH}
              placeholder="请输入手机号"
              value={mobile}
              onChange={(e) => setMobile(clampPhone(e.target.value))}
            />
          </label>
          <div className="ll-field">
            <label className="ll-field-label" htmlFor="ll-login-code">
              验证码
            </label>
            <input
              id="ll-login-code"
              className="ll-input"
              type="text"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="请输入验证码"
              value={code}
              onChange={(e) => setCode(clampCode(e.target.value))}
            />
            <button
              type="button"
              className="ll-code-link"
              data-testid="get-code"
              disabled={smsCode.busy}
              aria-live="polite"
              onClick={() => void smsCode.request(mobile)}
            >
              {smsCode.label}
            </button>
          </div>
          <button type="submit" className="ll-primary-button" disabled={loading} aria-busy={loading}>
            {loading ? '登录中…' : '登录'}
          </button>
        </form>
        <p className="ll-login-agreement">
          登录即表示您已阅读并同意
          <button type="button" className="ll-text-link" onClick={() => setAgreement('terms')}>
            《用户协议》
          </button>
          和
          <button type="button" className="ll-text-link" onClick={() => setAgreement('privacy')}>
            《隐私政策》
          </button>
        </p>
      </div>
      <AgreementSheet kind={agreement} onClose={() => setAgreement(null)} />
    </Popup>
  );
}
