import type { UserCoupon } from '@lawline/contract/schemas';
import type { ReactNode } from 'react';
import { couponFace, expiryText, minSpendText, scopeText } from '../coupon-rules.ts';

/**
 * A coupon's face and terms, as phrasing content (it sits in a list item or inside a button): the
 * value, its name, the minimum spend, the products it applies to and the expiry date.
 */
export function CouponBody({ coupon, aside }: { coupon: UserCoupon; aside?: ReactNode }) {
  const face = couponFace(coupon);
  return (
    <>
      <span className="ll-coupon-face" aria-hidden="true">
        <span className="ll-coupon-amount">
          {face.unit === '元' ? <span className="ll-coupon-currency">¥</span> : null}
          {face.amount}
          {face.unit === '元' ? null : <span className="ll-coupon-unit">{face.unit}</span>}
        </span>
        <span className="ll-coupon-min">{minSpendText(coupon.minSpend)}</span>
      </span>
      <span className="ll-coupon-main">
        <span className="ll-coupon-name" data-testid="coupon-name">
          {coupon.name}
        </span>
        <span className="ll-visually-hidden">{minSpendText(coupon.minSpend)}</span>
        <span className="ll-coupon-line" data-testid="coupon-value">
          {coupon.valueText}
        </span>
        <span className="ll-coupon-line">{scopeText(coupon.productCodes)}</span>
        <span className="ll-coupon-line" data-testid="coupon-expiry">
          {expiryText(coupon.expiresAt)}
        </span>
        {aside}
      </span>
    </>
  );
}
