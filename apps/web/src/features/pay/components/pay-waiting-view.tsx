import forms from '../../../ui/forms.module.css';
import { usePayWaiting } from '../hooks/use-pay-waiting.ts';
import styles from '../pay.module.css';

/**
 * PayWaiting's body for any order: 支付确认中 while the server does not know yet; after 60 s 暂未收到支付结果
 * with 重新支付 and 查看订单. The page moves on by itself once the payment is paid or failed.
 */
export function PayWaitingView({
  orderId,
  callStatus,
  amount,
  productName,
}: {
  orderId: string;
  /** Phone orders: the call-order status (null while it loads). */
  callStatus?: number | null;
  /** Yuan, when the page knows it better than the payment answer. */
  amount?: number | null;
  productName?: string | null;
}) {
  const waiting = usePayWaiting(orderId, { callStatus });
  const { late } = waiting;
  const yuan = amount ?? waiting.pay.data?.amount ?? null;
  const moving = waiting.step.kind !== 'wait';
  return (
    <section
      className={styles.wait}
      data-testid="pay-waiting"
      data-state={moving ? 'done' : late ? 'late' : 'waiting'}
      aria-live="polite"
    >
      {late ? (
        <span className={styles.lateMark} aria-hidden="true">
          !
        </span>
      ) : (
        <span className={styles.spinner} aria-hidden="true" />
      )}
      <h2 className={styles.waitTitle}>{late ? '暂未收到支付结果' : '支付确认中'}</h2>
      {productName ? <p className={styles.waitMessage}>{productName}</p> : null}
      <p className={styles.waitMessage}>
        {yuan !== null ? `支付金额¥${yuan}。` : ''}
        {late
          ? '如果您已完成支付，结果可能稍有延迟，请稍后在订单中查看；如未完成支付，可以重新支付。'
          : '正在等待支付结果，请勿重复支付，确认后将自动跳转。'}
      </p>
      <div className={styles.waitActions}>
        {late ? (
          <button
            type="button"
            className={forms.primaryButton}
            data-testid="pay-again"
            disabled={waiting.repaying}
            aria-busy={waiting.repaying}
            onClick={() => void waiting.payAgain()}
          >
            重新支付
          </button>
        ) : null}
        <button
          type="button"
          className={forms.secondaryButton}
          data-testid="pay-view-order"
          onClick={waiting.viewOrder}
        >
          查看订单
        </button>
      </div>
    </section>
  );
}
