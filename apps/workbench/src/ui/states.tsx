import type { ReactNode } from 'react';

/** The three states every list has besides its content. */
export function Loading({ text = '加载中…' }: { text?: string }) {
  return (
    <div className="state state-loading" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      {text}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {children}
    </div>
  );
}

export function Failed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">加载失败</p>
      <p>{message}</p>
      <button type="button" className="btn btn-ghost" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}
