import { type ReactNode, useEffect } from 'react';
import { selectLoggedIn, useSession } from '../state/session.ts';

/** The 请先登录 state shown behind the login popup on pages that need a logged-in person. */
export function LoginRequired({ autoOpen = true }: { autoOpen?: boolean }) {
  const showLogin = useSession((s) => s.showLogin);
  useEffect(() => {
    if (autoOpen) showLogin();
  }, [autoOpen, showLogin]);
  return (
    <section className="ll-status" data-testid="login-required">
      <h2 className="ll-status-title">请先登录</h2>
      <p className="ll-status-message">登录后即可查看和管理您的账号信息</p>
      <button type="button" className="ll-button ll-button-inline" onClick={showLogin}>
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
