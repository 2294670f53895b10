import type { CallOrderDetail } from '@lawline/contract/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Popup from 'antd-mobile/es/components/popup';
import { useRef, useState } from 'react';
import { showToast } from '../../../app/api-effects.ts';
import browse from '../../../ui/browse.module.css';
import forms from '../../../ui/forms.module.css';
import { useBackCloses } from '../../../ui/use-back-closes.ts';
import { callOrderKey } from '../api/call-order-detail.ts';
import { cancelCallOrder } from '../api/cancel-call-order.ts';
import { orderListKey } from '../api/order-list.ts';
import { tagListQuery } from '../api/tags.ts';
import styles from '../phone.module.css';

const REASON_MAX = 100;

/**
 * 取消咨询 with a reason: the reasons of tag/getCause (one to pick) and optional words, then
 * order/cancelCallOrder. The answer (status 99) goes into the order's cache, so the screen moves on.
 */
export function CancelOrderPopup({
  orderId,
  visible,
  onClose,
  onCancelled,
}: {
  orderId: string;
  visible: boolean;
  onClose: () => void;
  onCancelled?: (detail: CallOrderDetail) => void;
}) {
  const queryClient = useQueryClient();
  const reasons = useQuery({ ...tagListQuery('getCause'), enabled: visible });
  const [reasonId, setReasonId] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  // Back closes the sheet (issue 23).
  const leave = useBackCloses(visible, onClose);

  const submit = async () => {
    if (busyRef.current) return;
    const reason = text.trim();
    if (reasonId === null && !reason) {
      showToast('请选择或填写取消原因');
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const detail = await cancelCallOrder({
        orderId,
        ...(reasonId !== null ? { reasonId } : {}),
        ...(reason ? { reason } : {}),
      });
      showToast('订单已取消');
      // The sheet's Back entry goes before the order's new state moves the screen on.
      leave(() => {
        onClose();
        queryClient.setQueryData(callOrderKey(orderId), detail);
        void queryClient.invalidateQueries({ queryKey: orderListKey });
        onCancelled?.(detail);
      });
    } catch {
      // The client toasted the server's message (already in a call, …); refresh what the order is.
      void queryClient.invalidateQueries({ queryKey: callOrderKey(orderId) });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet}>
      <section aria-labelledby="cancel-order-title" data-testid="cancel-popup">
        <h2 id="cancel-order-title" className={styles.sheetTitle}>
          取消咨询
        </h2>
        <p className={styles.note}>请告诉我们取消的原因，帮助我们改进服务</p>
        {reasons.isPending ? (
          <p className={styles.note}>原因加载中…</p>
        ) : reasons.isError ? (
          <button type="button" className={browse.linkButton} onClick={() => void reasons.refetch()}>
            原因加载失败，点击重试
          </button>
        ) : (
          <fieldset className={`${styles.chips} ${styles.chipsWrap}`} aria-label="取消原因">
            {reasons.data.map((item) => (
              <button
                key={item.id}
                type="button"
                className={browse.chip}
                aria-pressed={reasonId === item.id}
                onClick={() => setReasonId(reasonId === item.id ? null : item.id)}
              >
                {item.name}
              </button>
            ))}
          </fieldset>
        )}
        <label className={styles.fieldArea}>
          <span className={styles.visuallyHidden}>其他原因（选填）</span>
          <textarea
            className={styles.areaInput}
            name="cancelReason"
            rows={3}
            maxLength={REASON_MAX}
            placeholder="其他原因（选填，100字以内）"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <div className={`${styles.actions} ${styles.actionsRow}`}>
          <button type="button" className={forms.secondaryButton} onClick={onClose}>
            暂不取消
          </button>
          <button
            type="button"
            className={`${forms.primaryButton} ${styles.dangerButton}`}
            onClick={() => void submit()}
            disabled={busy}
            aria-busy={busy}
            data-testid="confirm-cancel"
          >
            {busy ? '提交中…' : '确认取消'}
          </button>
        </div>
      </section>
    </Popup>
  );
}
