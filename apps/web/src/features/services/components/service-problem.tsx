import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { paths } from '../../../app/paths.ts';
import browse from '../../../ui/browse.module.css';
import forms from '../../../ui/forms.module.css';
import styles from '../services.module.css';

/** The message of a failed call: the server's own (404 订单不存在 …) or a network hint. */
export function problemMessage(error: unknown): { text: string; canRetry: boolean } {
  if (error instanceof ApiError) {
    if (error.kind === 'business' || error.kind === 'login-expired')
      return { text: error.message, canRetry: false };
    if (error.kind === 'format') return { text: error.message, canRetry: true };
  }
  return { text: '网络异常，请稍后重试', canRetry: true };
}

/**
 * Something that cannot be shown (not the person's order, a bad link, a network failure): what
 * went wrong, a retry when it may help, and a way to the order list or home.
 */
export function ServiceProblem({
  error,
  message,
  hint = '请确认订单号是否正确，或到我的订单中查看',
  onRetry,
}: {
  error?: unknown;
  message?: string;
  hint?: string;
  onRetry?: () => void;
}) {
  const navigate = useNavigate();
  const problem = message ? { text: message, canRetry: Boolean(onRetry) } : problemMessage(error);
  return (
    <section className={browse.status} role="alert" data-testid="order-problem">
      <h2 className={browse.statusTitle}>{problem.text}</h2>
      <p className={browse.statusMessage}>{hint}</p>
      <div className={styles.actions}>
        {problem.canRetry && onRetry ? (
          <button type="button" className={forms.primaryButton} onClick={onRetry}>
            重新加载
          </button>
        ) : null}
        <button type="button" className={forms.secondaryButton} onClick={() => navigate(paths.orderList())}>
          我的订单
        </button>
        <button type="button" className={forms.secondaryButton} onClick={() => navigate(paths.home())}>
          返回首页
        </button>
      </div>
    </section>
  );
}
