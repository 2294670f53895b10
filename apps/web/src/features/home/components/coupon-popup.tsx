import type { Activity } from '@lawline/contract/schemas';
import CenterPopup from 'antd-mobile/es/components/center-popup';
import { CloseCircleOutline } from 'antd-mobile-icons';
import { useBackCloses } from '../../../ui/use-back-closes.ts';
import styles from '../home.module.css';

/** The channel's coupon campaign (spec §4): tapping the image claims; the close icon dismisses. */
export function CouponPopup({
  activity,
  visible,
  onClaim,
  onClose,
}: {
  activity: Activity;
  visible: boolean;
  onClaim: () => void;
  onClose: () => void;
}) {
  // Back closes it (issue 23); claiming may navigate, so the popup's history entry goes first.
  const leave = useBackCloses(visible, onClose);
  return (
    <CenterPopup
      visible={visible}
      onMaskClick={() => leave(onClose)}
      bodyClassName={styles.couponPopup}
      destroyOnClose
    >
      <div role="dialog" aria-modal="true" aria-label={activity.title} data-testid="coupon-popup">
        <button
          type="button"
          className={styles.couponImage}
          data-testid="coupon-claim"
          onClick={() => leave(onClaim)}
          aria-label={`${activity.title}，立即领取`}
        >
          <img src={activity.img} alt={activity.title} />
        </button>
        <button type="button" className={styles.couponClose} onClick={() => leave(onClose)} aria-label="关闭">
          <CloseCircleOutline />
        </button>
      </div>
    </CenterPopup>
  );
}

export default CouponPopup;
