import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a route fails to load (e.g. a chunk could not be fetched after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : '页面加载失败，请检查网络后重试';
  return (
    <div className="ll-page" data-page="RouteError">
      <section className="ll-status" role="alert">
        <h1 className="ll-status-title">出错了</h1>
        <p className="ll-status-message">{message}</p>
        <button type="button" className="ll-button" onClick={() => window.location.reload()}>
          重新加载
        </button>
      </section>
    </div>
  );
}
