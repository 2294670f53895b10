import { checkCode, checkPhone, clampCode, Timing } from '@lawline/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api.ts';
import { lawyerCodeLogin, sandboxOutboxLink, sendLawyerCode } from '../lawyer/auth.ts';
import { lawyerKeys } from '../lawyer/keys.ts';
import { session, useSession } from '../session.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Note } from '../ui/note.tsx';
import styles from './login-screen.module.css';

/** Phone + SMS code login for seeded (registered) lawyers. */
export function LoginScreen() {
  const queryClient = useQueryClient();
  const { notice } = useSession();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [loggingIn, setLoggingIn] = useState(false);
  const [resendIn, setResendIn] = useState(0);
  const [outbox, setOutbox] = useState<string | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  const phone = mobile.trim();

  async function sendCode() {
    if (busy.current || resendIn > 0) return;
    const problem = checkPhone(phone);
    if (problem) {
      setError(problem);
      return;
    }
    busy.current = true;
    setSending(true);
    setError(null);
    try {
      const result = await sendLawyerCode(phone);
      setResendIn(result.resendAfter > 0 ? result.resendAfter : Timing.smsCountdownS);
      setOutbox(await sandboxOutboxLink(phone));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      busy.current = false;
      setSending(false);
    }
  }

  async function login(event: FormEvent) {
    event.preventDefault();
    if (busy.current) return;
    const problem = checkPhone(phone) ?? checkCode(code);
    if (problem) {
      setError(problem);
      return;
    }
    busy.current = true;
    setLoggingIn(true);
    setError(null);
    try {
      const result = await lawyerCodeLogin(phone, code.trim());
      queryClient.setQueryData(lawyerKeys.me, result.lawyer);
      session.signIn(result.token);
    } catch (e) {
      setError(errorMessage(e));
      busy.current = false;
      setLoggingIn(false);
    }
  }

  return (
    <main className={styles.login} data-screen="login">
      <header className={styles.head}>
        <div className={styles.mark} aria-hidden="true">
          律
        </div>
        <h1 className={styles.title}>律师工作台</h1>
        <p className={styles.slogan}>接单 · 通话 · 收入，一处搞定</p>
      </header>
      {notice ? (
        <p className={styles.notice} role="alert">
          {notice}
        </p>
      ) : null}
      <Card>
        <form className={styles.form} onSubmit={login} noValidate>
          <label className={styles.field}>
            <span>手机号</span>
            <input
              className={styles.input}
              name="mobile"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              placeholder="请输入律师登记的手机号"
              value={mobile}
              onChange={(e) => setMobile(e.target.value.replace(/\D/g, '').slice(0, 11))}
            />
          </label>
          <label className={styles.field}>
            <span>验证码</span>
            <div className={styles.codeRow}>
              <input
                className={styles.input}
                name="code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder="6位验证码"
                value={code}
                onChange={(e) => setCode(clampCode(e.target.value))}
              />
              <Button
                variant="ghost"
                className={styles.codeButton}
                onClick={sendCode}
                disabled={sending || resendIn > 0}
              >
                {resendIn > 0 ? `${resendIn}秒后重发` : sending ? '发送中…' : '获取验证码'}
              </Button>
            </div>
          </label>
          {error ? (
            <p className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
          <Button type="submit" block disabled={loggingIn}>
            {loggingIn ? '登录中…' : '登录'}
          </Button>
          {outbox ? (
            <Note>
              沙箱模式：短信不会真的发出，验证码可在{' '}
              <a href={outbox} target="_blank" rel="noreferrer">
                短信发件箱
              </a>{' '}
              查看。
            </Note>
          ) : (
            <Note>仅限已入驻的律师登录；用户端账号不能登录工作台。</Note>
          )}
        </form>
      </Card>
    </main>
  );
}
