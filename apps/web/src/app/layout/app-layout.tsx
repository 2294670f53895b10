import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useSession } from '../../state/session.ts';
import { isTabPage } from '../../ui/page-shell.tsx';
import { isKeptAlive } from '../route-table.ts';
import { hideSplash, removeHomeShell } from '../splash.ts';
import styles from './app-layout.module.css';
import { KeptAlivePages } from './kept-alive-pages.tsx';
import { useScrollOnEntry, useShareAndPageview } from './route-effects.ts';
import { AppTabBar } from './tab-bar.tsx';

const LoginPopup = lazy(() => import('../../ui/login-popup.tsx').then((m) => ({ default: m.LoginPopup })));

/** The login popup's code loads the first time it is asked for. */
function LoginPopupHost() {
  const visible = useSession((s) => s.loginVisible);
  const [wanted, setWanted] = useState(false);
  if (visible && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginPopup />
    </Suspense>
  );
}

/** The root route: the current page (kept-alive ones kept), the tab bar, route effects. */
export function AppLayout() {
  const matches = useMatches();
  const current = matches.at(-1)?.id ?? null;

  useScrollOnEntry(current);
  useShareAndPageview(current);
  useEffect(() => hideSplash(), []);
  // The server's first screen of the home page (index.html) stands only for the home page.
  useEffect(() => {
    if (current !== null && current !== 'Home') removeHomeShell();
  }, [current]);

  const showTabBar = current !== null && isTabPage(current);
  return (
    <div className={showTabBar ? `${styles.app} ${styles.withTabBar}` : styles.app}>
      <KeptAlivePages current={current} />
      {current && isKeptAlive(current) ? null : <Outlet />}
      {showTabBar && current ? <AppTabBar current={current} /> : null}
      <LoginPopupHost />
    </div>
  );
}
