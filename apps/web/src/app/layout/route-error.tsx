import { isRouteErrorResponse, useRouteError } from 'react-router';
import browse from '../../ui/browse.module.css';
import forms from '../../ui/forms.module.css';

/** Shown when a route fails to load (e.g. a chunk could not be fetched after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : '页面加载失败，请检查网络后重试';
  return (
    <div data-page="RouteError">
      <section className={browse.status} role="alert">
        <h1 className={browse.statusTitle}>出错了</h1>
        <p className={browse.statusMessage}>{message}</p>
        <button
          type="button"
          className={`${forms.button} ${forms.buttonInline}`}
          onClick={() => window.location.reload()}
        >
          重新加载
        </button>
      </section>
    </div>
  );
}
