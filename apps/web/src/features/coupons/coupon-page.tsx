import type { UserCouponStatus } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import Tabs from 'antd-mobile/es/components/tabs';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { couponListQuery } from './api/coupon-list.ts';
import { CouponBody } from './components/coupon-body.tsx';
import { CouponTabs, couponTabOf, emptyCouponText } from './coupon-rules.ts';
import styles from './coupons.module.css';

const stamp: Record<UserCouponStatus, string | null> = { valid: null, used: '已使用', expired: '已过期' };

function TabCoupons({ status }: { status: UserCouponStatus }) {
  const query = useQuery(couponListQuery(status));
  if (query.isPending) return <SkeletonRows rows={3} label="优惠券加载中" />;
  if (query.isError) return <ErrorState text="优惠券加载失败" onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState text={emptyCouponText[status]} />;
  const label = stamp[status];
  return (
    <ul className={styles.couponList} data-testid={`coupons-${status}`}>
      {query.data.map((coupon) => (
        <li
          key={coupon.id}
          className={label ? `${styles.coupon} ${styles.couponOff}` : styles.coupon}
          data-testid="coupon"
          data-coupon-id={coupon.id}
        >
          <CouponBody
            coupon={coupon}
            aside={label ? <span className={styles.couponStamp}>{label}</span> : null}
          />
        </li>
      ))}
    </ul>
  );
}

function Coupons() {
  const [params, setParams] = useSearchParams();
  const tab = couponTabOf(params.get('tab'));
  return (
    <>
      <Tabs
        className={styles.couponTabs}
        activeKey={tab}
        onChange={(key) => setParams(key === 'valid' ? {} : { tab: key }, { replace: true })}
      >
        {CouponTabs.map((t) => (
          <Tabs.Tab key={t.key} title={<span data-testid={`coupon-tab-${t.key}`}>{t.title}</span>} />
        ))}
      </Tabs>
      <TabCoupons key={tab} status={tab} />
    </>
  );
}

/**
 * 我的优惠券 (/Coupon, `?tab=used|expired`): the person's coupons in three tabs, 可使用 / 已使用 / 已过期
 * (coupon/list?status=), each with its value, minimum spend, products and expiry date.
 */
export function CouponPage({ name }: PageProps) {
  return (
    <PageShell name={name} className={styles.coupons}>
      <RequireLogin>
        <Coupons />
      </RequireLogin>
    </PageShell>
  );
}

export default CouponPage;
