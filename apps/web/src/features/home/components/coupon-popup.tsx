import type { Activity } from '@lawline/contract/schemas';
import CenterPopup from 'antd-mobile/es/components/center-popup';
import { CloseCircleOutline } from 'antd-mobile-icons';

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
  return (
    <CenterPopup visible={visible} onMaskClick={onClose} bodyClassName="ll-coupon-popup" destroyOnClose>
      <div role="dialog" aria-modal="true" aria-label={activity.title} data-testid="coupon-popup">
        <button
          type="button"
          className="ll-coupon-image"
          onClick={onClaim}
          aria-label={`${activity.title}，立即领取`}
        >
          <img src={activity.img} alt={activity.title} />
        </button>
        <button type="button" className="ll-coupon-close" onClick={onClose} aria-label="关闭">
          <CloseCircleOutline />
        </button>
      </div>
    </CenterPopup>
  );
}

export default CouponPopup;
