import { type PageName, Pages, TabBar } from '@lawline/contract';
import NavBar from 'antd-mobile/es/components/nav-bar';
import { LeftOutline } from 'antd-mobile-icons';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';

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

export interface PageShellProps {
  /** Route name; put on the root as `data-page` for browser tests. */
  name: PageName | 'NotFound';
  /** NavBar title; defaults to the page's Chinese title. */
  title?: ReactNode;
  /** Show the back arrow; tab pages have none. */
  back?: boolean;
  right?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** Every page's frame: the NavBar with the Chinese title and (except tab pages) a back arrow. */
export function PageShell({ name, title, back, right, className, children }: PageShellProps) {
  const goBack = useGoBack();
  const showBack = back ?? !isTabPage(name);
  const heading = title ?? (name === 'NotFound' ? '页面不存在' : Pages[name]);
  const frame = useRef<HTMLDivElement>(null);
  // antd-mobile marks the NavBar's left slot role="button" even when it is empty (tab pages): an
  // unnamed button for screen readers (axe aria-command-name). Without a back arrow it is no button.
  useLayoutEffect(() => {
    const left = frame.current?.querySelector('.adm-nav-bar-left');
    if (left && !showBack) left.removeAttribute('role');
  }, [showBack]);
  return (
    <div ref={frame} className={className ? `ll-page ${className}` : 'll-page'} data-page={name}>
      <NavBar
        className="ll-nav"
        back={showBack ? '' : null}
        backIcon={
          showBack ? (
            <span className="ll-nav-back" role="img" aria-label="返回">
              <LeftOutline />
            </span>
          ) : (
            false
          )
        }
        onBack={goBack}
        right={right}
      >
        <h1 className="ll-nav-title">{heading}</h1>
      </NavBar>
      <div className="ll-page-body">{children}</div>
    </div>
  );
}
