import { firstPage, isPageName, noScrollResetPages, Pages, Slogan } from '@lawline/contract';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { trackPageview } from '../../platform/analytics.ts';
import { isWeChat } from '../../platform/detect.ts';
import { updateShareData } from '../../platform/share.ts';
import { useChannel } from '../../state/channel.ts';
import { usePageTitle } from '../../ui/page-title.ts';
import { isKeptAlive, NOT_FOUND_ROUTE_ID } from '../route-table.ts';

const noScrollReset = new Set<string>(noScrollResetPages);

/**
 * Window scrolling on route entry (spec §2): kept-alive pages get back the position they were left
 * at; LawyerForInfo keeps whatever it is; every other page starts at the top.
 */
export function useScrollOnEntry(current: string | null): void {
  const location = useLocation();
  const positions = useRef(new Map<string, number>());
  const currentRef = useRef<string | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      const page = currentRef.current;
      if (page && isKeptAlive(page)) positions.current.set(page, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation (location.key), even to the same page.
  useLayoutEffect(() => {
    currentRef.current = current;
    if (!current) return;
    if (isKeptAlive(current)) window.scrollTo(0, positions.current.get(current) ?? 0);
    else if (!noScrollReset.has(current)) window.scrollTo(0, 0);
  }, [location.key, current]);
}

function titleOf(current: string | null): string {
  if (current && isPageName(current)) return Pages[current];
  if (current === NOT_FOUND_ROUTE_ID) return '页面不存在';
  return '';
}

function absolute(url: string): string {
  if (!url) return '';
  try {
    return new URL(url, window.location.href).href;
  } catch {
    return url;
  }
}

const insideWeChat = isWeChat();

/**
 * Share data and the analytics page view, on every route (spec §2, §1). document.title is the
 * page's title as its frame shows it (PageShell publishes it) — alone inside WeChat, whose title
 * bar shows it in place of the page's own NavBar; with the channel's name elsewhere; the channel's
 * name on the home page.
 */
export function useShareAndPageview(current: string | null): void {
  const location = useLocation();
  const channel = useChannel((s) => s.data);
  const shown = usePageTitle((s) => (s.page === current ? s.title : null));

  // biome-ignore lint/correctness/useExhaustiveDependencies: share data follows the URL (path and query), read from window.location.
  useEffect(() => {
    const title = shown ?? titleOf(current);
    const name = channel?.name ?? '';
    const shareTitle = name && title ? `${title} - ${name}` : title || name;
    const documentTitle = current === firstPage && name ? name : insideWeChat ? title || name : shareTitle;
    updateShareData(
      {
        title: shareTitle,
        desc: channel?.slogan || Slogan,
        link: window.location.href,
        imgUrl: absolute(channel?.logo ?? ''),
      },
      documentTitle,
    );
  }, [location.pathname, location.search, current, channel, shown]);

  useEffect(() => {
    trackPageview(`${window.location.pathname}#${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);
}
