import '../../../ui/antd-react19.ts';
import Dialog from 'antd-mobile/es/components/dialog';
import { useBackCloses } from '../../../ui/use-back-closes.ts';

/** The §8 reminder text for an unpaid phone order. */
export const UNPAID_REMINDER_TEXT = '您有咨询订单尚未付款，为了不影响您的后续使用请付款';

/** The unpaid-order reminder (spec §4, §8): once per session, leading to OrderList?index=1. */
export function UnpaidReminder({
  visible,
  onPay,
  onClose,
}: {
  visible: boolean;
  onPay: () => void;
  onClose: () => void;
}) {
  // Back closes it (issue 23); 去付款 navigates after its history entry has gone.
  const leave = useBackCloses(visible, onClose);
  return (
    <Dialog
      visible={visible}
      title="订单待支付"
      content={<p data-testid="unpaid-reminder">{UNPAID_REMINDER_TEXT}</p>}
      onClose={() => leave(onClose)}
      actions={[
        [
          { key: 'later', text: '稍后再说', onClick: () => leave(onClose) },
          { key: 'pay', text: '去付款', bold: true, onClick: () => leave(onPay) },
        ],
      ]}
    />
  );
}

export default UnpaidReminder;
