import { type ReactNode, useEffect } from 'react';
import { selectLoggedIn, useSession } from '../state/session.ts';
import browse from './browse.module.css';
import forms from './forms.module.css';

/** The 请先登录 state shown behind the login popup on pages that need a logged-in person. */
export function LoginRequired({ autoOpen = true }: { autoOpen?: boolean }) {
  const showLogin = useSession((s) => s.showLogin);
  useEffect(() => {
    if (autoOpen) showLogin();
  }, [autoOpen, showLogin]);
  return (
    <section className={browse.status} data-testid="login-required">
      <h2 className={browse.statusTitle}>请先登录</h2>
      <p className={browse.statusMessage}>登录后即可查看和管理您的账号信息</p>
      <button type="button" className={`${forms.button} ${forms.buttonInline}`} onClick={showLogin}>
        登录/注册
      </button>
    </section>
  );
}

/** Renders `children` for a logged-in person, else the 请先登录 state (and opens the login popup). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useSession(selectLoggedIn);
  return loggedIn ? children : <LoginRequired />;
}
