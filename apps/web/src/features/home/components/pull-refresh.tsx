import { type ReactNode, useEffect, useRef, useState } from 'react';
import styles from '../home.module.css';

/** antd-mobile PullToRefresh's words and sizes (zh-CN), which this one keeps. */
const TEXT = {
  pulling: '下拉刷新',
  canRelease: '释放立即刷新',
  refreshing: '加载中...',
  complete: '刷新成功',
} as const;
const HEAD_HEIGHT = 40;
const THRESHOLD = 60;
const COMPLETE_DELAY_MS = 500;
const MAX_PULL = HEAD_HEIGHT * 5;

type Status = keyof typeof TEXT;

/** Resistance as the finger goes on (antd-mobile's rubberband, constant 0.5). */
function rubberband(distance: number): number {
  return (distance * MAX_PULL * 0.5) / (MAX_PULL + 0.5 * distance);
}

/**
 * Pull down at the top of the page to refresh (spec §2), with antd-mobile PullToRefresh's look,
 * words and thresholds. Written for the home page because antd-mobile's (with its spring and gesture
 * libraries, 25 KB gzip) could only arrive after the first render and then re-created the whole
 * page under it; this one is there from the start and moves nothing until a finger does.
 */
export function PullRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('pulling');
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    const element = root.current;
    const headElement = head.current;
    if (!element || !headElement) return;
    let startY: number | null = null;
    let pulling = false;
    let busy = false;
    let current: Status = 'pulling';
    const show = (next: Status) => {
      if (next !== current) {
        current = next;
        setStatus(next);
      }
    };
    const setHeight = (height: number, animate: boolean) => {
      headElement.style.transition = animate ? 'height 0.3s ease-out' : 'none';
      headElement.style.height = `${height}px`;
    };

    const onStart = (event: TouchEvent) => {
      if (busy || event.touches.length !== 1) return;
      startY = window.scrollY <= 0 ? (event.touches[0]?.clientY ?? null) : null;
      pulling = false;
    };
    const onMove = (event: TouchEvent) => {
      if (busy || startY === null) return;
      const dy = (event.touches[0]?.clientY ?? startY) - startY;
      if (!pulling) {
        if (dy <= 0 || window.scrollY > 0) {
          startY = null;
          return;
        }
        pulling = true;
      }
      if (event.cancelable) event.preventDefault();
      const height = Math.max(rubberband(Math.max(dy, 0)), 0);
      setHeight(height, false);
      show(height > THRESHOLD ? 'canRelease' : 'pulling');
    };
    const onEnd = () => {
      if (busy || !pulling) {
        startY = null;
        return;
      }
      startY = null;
      pulling = false;
      if (current !== 'canRelease') {
        setHeight(0, true);
        return;
      }
      busy = true;
      setHeight(HEAD_HEIGHT, true);
      show('refreshing');
      const settle = (ok: boolean) => {
        if (ok) show('complete');
        setTimeout(
          () => {
            setHeight(0, true);
            show('pulling');
            busy = false;
          },
          ok ? COMPLETE_DELAY_MS : 0,
        );
      };
      refresh.current().then(
        () => settle(true),
        () => settle(false),
      );
    };

    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd, { passive: true });
    element.addEventListener('touchcancel', onEnd, { passive: true });
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  return (
    <div ref={root}>
      <div ref={head} className={styles.pullHead} style={{ height: 0 }}>
        <div className={styles.pullHeadContent} style={{ height: HEAD_HEIGHT }}>
          {TEXT[status]}
        </div>
      </div>
      <div>{children}</div>
    </div>
  );
}
