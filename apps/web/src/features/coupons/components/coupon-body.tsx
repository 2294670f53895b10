import type { UserCoupon } from '@lawline/contract/schemas';
import type { ReactNode } from 'react';
import { couponFace, expiryText, minSpendText, scopeText } from '../coupon-rules.ts';
import styles from '../coupons.module.css';

/**
 * A coupon's face and terms, as phrasing content (it sits in a list item or inside a button): the
 * value, its name, the minimum spend, the products it applies to and the expiry date.
 */
export function CouponBody({ coupon, aside }: { coupon: UserCoupon; aside?: ReactNode }) {
  const face = couponFace(coupon);
  return (
    <>
      <span className={styles.couponFace} aria-hidden="true">
        <span className={styles.couponAmount}>
          {face.unit === '元' ? <span className={styles.couponCurrency}>¥</span> : null}
          {face.amount}
          {face.unit === '元' ? null : <span className={styles.couponUnit}>{face.unit}</span>}
        </span>
        <span className={styles.couponMin}>{minSpendText(coupon.minSpend)}</span>
      </span>
      <span className={styles.couponMain}>
        <span className={styles.couponName} data-testid="coupon-name">
          {coupon.name}
        </span>
        <span className={styles.visuallyHidden}>{minSpendText(coupon.minSpend)}</span>
        <span className={styles.couponLine} data-testid="coupon-value">
          {coupon.valueText}
        </span>
        <span className={styles.couponLine}>{scopeText(coupon.productCodes)}</span>
        <span className={styles.couponLine} data-testid="coupon-expiry">
          {expiryText(coupon.expiresAt)}
        </span>
        {aside}
      </span>
    </>
  );
}
