import { type PageName, Pages, TabBar } from '@lawline/contract';
import NavBar from 'antd-mobile/es/components/nav-bar';
import { LeftOutline } from 'antd-mobile-icons';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { isWeChat } from '../platform/detect.ts';
import styles from './page-shell.module.css';
import { usePageTitle } from './page-title.ts';

const tabPages = new Set<string>(TabBar.map((tab) => tab.page));

export function isTabPage(name: string): boolean {
  return tabPages.has(name);
}

interface HistoryState {
  idx?: number;
}

/** Back one page when the app has history of its own, else home. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as HistoryState | null)?.idx;
    if (typeof idx === 'number' && idx > 0) navigate(-1);
    else navigate(paths.home(), { replace: true });
  };
}

/**
 * Inside WeChat (and its mini-program web-view) WeChat's own title bar shows document.title and has
 * its own back: PageShell leaves its NavBar out.
 */
export const navBarHidden = isWeChat();

export interface BackButtonProps {
  /** Where Back goes; one page back (or home) by default. */
  onClick?: () => void;
  label?: string;
  className?: string;
}

/**
 * The one back control of the app (the chevron in a 44×44 round target), for a header a page draws
 * itself; PageShell's NavBar uses the same look.
 */
export function BackButton({ onClick, label = '返回', className }: BackButtonProps) {
  const goBack = useGoBack();
  return (
    <button
      type="button"
      className={className ? `${styles.back} ${className}` : styles.back}
      aria-label={label}
      onClick={onClick ?? goBack}
    >
      <LeftOutline aria-hidden="true" />
    </button>
  );
}

export interface PageShellProps {
  /** Route name; put on the root as `data-page` for browser tests. */
  name: PageName | 'NotFound';
  /** NavBar title and document.title; defaults to the page's Chinese title. */
  title?: ReactNode;
  /** Show the back control; tab pages have none. */
  back?: boolean;
  /** What the back control does; one page back (or home) by default. */
  onBack?: () => void;
  right?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/**
 * Every page's frame: the NavBar with the Chinese title and (except tab pages) the one back
 * control. Inside WeChat the NavBar is left out (WeChat's title bar shows the page title, which
 * this frame publishes for document.title) and Back is WeChat's own.
 */
export function PageShell({ name, title, back, onBack, right, className, children }: PageShellProps) {
  const goBack = useGoBack();
  const showBack = back ?? !isTabPage(name);
  const heading = title ?? (name === 'NotFound' ? '页面不存在' : Pages[name]);
  const frame = useRef<HTMLDivElement>(null);
  const publish = usePageTitle((s) => s.publish);

  useLayoutEffect(() => {
    if (typeof heading === 'string' && heading) publish(name, heading);
  }, [name, heading, publish]);

  // antd-mobile marks the NavBar's left cell role="button" though it is a plain box (our back
  // control inside it is the real button): no unnamed or nested button for screen readers.
  useLayoutEffect(() => {
    frame.current
      ?.querySelector(':scope > header > .adm-nav-bar > .adm-nav-bar-left')
      ?.removeAttribute('role');
  });

  return (
    <div ref={frame} className={className ? `${styles.page} ${className}` : styles.page} data-page={name}>
      {navBarHidden ? null : (
        <header className={styles.header}>
          <NavBar
            className={styles.nav}
            back={showBack ? '' : null}
            backIcon={
              showBack ? (
                // A real button (focusable, Enter and Space): its click reaches the NavBar's onBack.
                <button type="button" className={styles.back} aria-label="返回">
                  <LeftOutline aria-hidden="true" />
                </button>
              ) : (
                false
              )
            }
            onBack={onBack ?? goBack}
            right={right}
          >
            <h1 className={styles.navTitle}>{heading}</h1>
          </NavBar>
        </header>
      )}
      <main className={styles.body}>{children}</main>
    </div>
  );
}
