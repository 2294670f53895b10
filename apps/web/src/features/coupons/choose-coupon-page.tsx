import type { UsableCoupon } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { routeProductCode } from '../../lib/route-params.ts';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { usableCouponsQuery } from '../pay/api/usable-coupons.ts';
import { type PayScope, useDraftCoupon, usePayDraft } from '../pay/order-draft.ts';
import { isPayOrderId, payAgainPath } from '../pay/pay-rules.ts';
import { CouponBody } from './components/coupon-body.tsx';
import { discountText, sortForChoosing } from './coupon-rules.ts';
import styles from './coupons.module.css';

interface HistoryState {
  idx?: number;
}

/** Back to the page whose sheet asked (it reopens from the draft); without history, to that page. */
function useReturn(scope: PayScope) {
  const navigate = useNavigate();
  return (sheetRoute: string | null) => {
    const idx = (window.history.state as HistoryState | null)?.idx;
    if (typeof idx === 'number' && idx > 0) {
      navigate(-1);
      return;
    }
    const fallback = scope.orderId
      ? payAgainPath(scope.orderId)
      : scope.productCode.startsWith('MC')
        ? paths.buyCard(scope.productCode)
        : paths.home();
    navigate(sheetRoute ?? fallback, { replace: true });
  };
}

function CouponChoices({ scope }: { scope: PayScope }) {
  const query = useQuery(usableCouponsQuery(scope));
  const chosen = useDraftCoupon(scope);
  const goBack = useReturn(scope);
  const coupons = useMemo(() => sortForChoosing(query.data ?? []), [query.data]);

  const choose = (coupon: UsableCoupon | null) => {
    const draft = usePayDraft.getState();
    // The sheet that sent the person here (same product and order), to reopen on the way back.
    const sheetRoute =
      draft.productCode === scope.productCode && draft.orderId === scope.orderId ? draft.sheetRoute : null;
    draft.chooseCoupon(scope, coupon ? { id: coupon.id, name: coupon.name, value: coupon.discount } : null);
    goBack(sheetRoute);
  };

  if (query.isPending) return <SkeletonRows rows={3} label="优惠券加载中" />;
  if (query.isError) return <ErrorState text="优惠券加载失败" onRetry={() => void query.refetch()} />;
  const usable = coupons.filter((c) => c.usable);
  const unusable = coupons.filter((c) => !c.usable);
  return (
    <div className={styles.couponList} data-testid="choose-coupon">
      <button
        type="button"
        className={styles.couponNone}
        aria-pressed={chosen === null}
        data-testid="coupon-none"
        onClick={() => choose(null)}
      >
        <span>不使用优惠券</span>
        {chosen === null ? (
          <span className={styles.couponCheck} aria-hidden="true">
            ✓
          </span>
        ) : null}
      </button>
      {coupons.length === 0 ? <EmptyState text="暂无可用优惠券" /> : null}
      {usable.length > 0 ? (
        <section aria-labelledby="ll-coupons-usable">
          <h2 id="ll-coupons-usable" className={styles.couponGroupTitle}>
            可用优惠券（{usable.length}）
          </h2>
          <ul className={`${styles.couponList} ${styles.couponSublist}`}>
            {usable.map((coupon) => (
              <li key={coupon.id}>
                <button
                  type="button"
                  className={styles.coupon}
                  aria-pressed={chosen?.id === coupon.id}
                  data-testid="coupon-option"
                  data-coupon-id={coupon.id}
                  onClick={() => choose(coupon)}
                >
                  <CouponBody
                    coupon={coupon}
                    aside={<span className={styles.couponDiscount}>{discountText(coupon)}</span>}
                  />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {unusable.length > 0 ? (
        <section aria-labelledby="ll-coupons-unusable">
          <h2 id="ll-coupons-unusable" className={styles.couponGroupTitle}>
            不可用优惠券（{unusable.length}）
          </h2>
          <ul className={`${styles.couponList} ${styles.couponSublist}`}>
            {unusable.map((coupon) => (
              <li
                key={coupon.id}
                className={`${styles.coupon} ${styles.couponOff}`}
                aria-disabled="true"
                data-testid="coupon-unusable"
                data-coupon-id={coupon.id}
              >
                <CouponBody
                  coupon={coupon}
                  aside={<span className={styles.couponReason}>{discountText(coupon)}</span>}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function FromRoute() {
  const productCode = routeProductCode(useParams().id);
  const [params] = useSearchParams();
  const orderParam = params.get('orderId');
  const orderId = isPayOrderId(orderParam) ? orderParam : null;
  const scope = useMemo(() => (productCode ? { productCode, orderId } : null), [productCode, orderId]);
  if (!scope) return <EmptyState text="产品不存在" />;
  return <CouponChoices scope={scope} />;
}

/**
 * ChooseCoupon (/ChooseCoupon/:productCode?orderId=…): the person's valid coupons for the order (or
 * the product about to be ordered) with what each takes off; the ones that do not apply greyed with
 * the reason; 不使用优惠券. Choosing sets the order draft and goes back to the payment sheet.
 */
export function ChooseCouponPage({ name }: PageProps) {
  return (
    <PageShell name={name} className={styles.coupons}>
      <RequireLogin>
        <FromRoute />
      </RequireLogin>
    </PageShell>
  );
}

export default ChooseCouponPage;
