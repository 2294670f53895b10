import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { paths } from '../../../app/paths.ts';
import browse from '../../../ui/browse.module.css';
import forms from '../../../ui/forms.module.css';
import styles from '../phone.module.css';

/** The message of a failed order call: the server's own (404 订单不存在 …) or a network hint. */
export function problemMessage(error: unknown): { text: string; canRetry: boolean } {
  if (error instanceof ApiError) {
    if (error.kind === 'business' || error.kind === 'login-expired')
      return { text: error.message, canRetry: false };
    if (error.kind === 'format') return { text: error.message, canRetry: true };
  }
  return { text: '网络异常，请稍后重试', canRetry: true };
}

/**
 * An order that cannot be shown (not the person's, a bad link, a network failure): what went
 * wrong, a retry when it may help, and a way home or to the order list.
 */
export function OrderProblem({
  error,
  message,
  onRetry,
}: {
  error?: unknown;
  message?: string;
  onRetry?: () => void;
}) {
  const navigate = useNavigate();
  const problem = message ? { text: message, canRetry: false } : problemMessage(error);
  return (
    <section className={browse.status} role="alert" data-testid="order-problem">
      <h2 className={browse.statusTitle}>{problem.text}</h2>
      <p className={browse.statusMessage}>请确认订单号是否正确，或到我的订单中查看</p>
      <div className={styles.actions}>
        {problem.canRetry && onRetry ? (
          <button type="button" className={forms.secondaryButton} onClick={onRetry}>
            重新加载
          </button>
        ) : null}
        <button type="button" className={forms.secondaryButton} onClick={() => navigate(paths.orderList())}>
          我的订单
        </button>
        <button type="button" className={forms.primaryButton} onClick={() => navigate(paths.home())}>
          返回首页
        </button>
      </div>
    </section>
  );
}
