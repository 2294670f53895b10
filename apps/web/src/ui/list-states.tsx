import type { ReactNode } from 'react';
import './browse.css';

/** Grey placeholder rows while a list or block loads (CSS only: no component code to fetch). */
export function SkeletonRows({ rows = 3, label = '加载中' }: { rows?: number; label?: string }) {
  return (
    <div className="ll-skeleton" role="status" aria-label={label} data-testid="skeleton">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows.
        <div key={i} className="ll-skeleton-row">
          <span className="ll-skeleton-thumb" />
          <span className="ll-skeleton-lines">
            <span className="ll-skeleton-line" />
            <span className="ll-skeleton-line ll-skeleton-line-short" />
          </span>
        </div>
      ))}
    </div>
  );
}

export function EmptyState({ text = '暂无数据', children }: { text?: string; children?: ReactNode }) {
  return (
    <div className="ll-empty" data-testid="empty-state">
      <p className="ll-empty-text">{text}</p>
      {children}
    </div>
  );
}

export function ErrorState({ text = '加载失败', onRetry }: { text?: string; onRetry?: () => void }) {
  return (
    <div className="ll-empty" role="alert">
      <p className="ll-empty-text">{text}</p>
      {onRetry ? (
        <button type="button" className="ll-link-button" onClick={onRetry}>
          点击重试
        </button>
      ) : null}
    </div>
  );
}
