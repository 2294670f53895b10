import type { ReactNode } from 'react';
import browse from './browse.module.css';

/** Grey placeholder rows while a list or block loads (CSS only: no component code to fetch). */
export function SkeletonRows({ rows = 3, label = '加载中' }: { rows?: number; label?: string }) {
  return (
    <div className={browse.skeleton} role="status" aria-label={label} data-testid="skeleton">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows.
        <div key={i} className={browse.skeletonRow}>
          <span className={browse.skeletonThumb} />
          <span className={browse.skeletonLines}>
            <span className={browse.skeletonLine} />
            <span className={`${browse.skeletonLine} ${browse.skeletonLineShort}`} />
          </span>
        </div>
      ))}
    </div>
  );
}

export function EmptyState({ text = '暂无数据', children }: { text?: string; children?: ReactNode }) {
  return (
    <div className={browse.empty} data-testid="empty-state">
      <p className={browse.emptyText}>{text}</p>
      {children}
    </div>
  );
}

export function ErrorState({ text = '加载失败', onRetry }: { text?: string; onRetry?: () => void }) {
  return (
    <div className={browse.empty} role="alert">
      <p className={browse.emptyText}>{text}</p>
      {onRetry ? (
        <button type="button" className={browse.linkButton} onClick={onRetry}>
          点击重试
        </button>
      ) : null}
    </div>
  );
}
