import { PayType } from '@lawline/contract';
import { useQuery } from '@tanstack/react-query';
import Popup from 'antd-mobile/es/components/popup';
import { CloseOutline, RightOutline } from 'antd-mobile-icons';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { isWeChat } from '../../../platform/detect.ts';
import forms from '../../../ui/forms.module.css';
import { useBackCloses } from '../../../ui/use-back-closes.ts';
import { payAmountQuery } from '../api/pay-amount.ts';
import { usableCouponsQuery } from '../api/usable-coupons.ts';
import { usePay, usePayBusy } from '../hooks/use-pay-flow.ts';
import type { PaySheetControl } from '../hooks/use-pay-sheet.ts';
import { useDraftCoupon } from '../order-draft.ts';
import styles from '../pay.module.css';
import type { PayOutcome } from '../pay-flow.ts';
import {
  amountView,
  type CommitOrder,
  type CouponRow,
  couponRowText,
  couponToSend,
  PAY_SHEET_TITLE,
  payMethodViews,
  pickPayType,
} from '../pay-rules.ts';

/** The colour of the coupon row's value. */
const couponTone: Record<CouponRow['tone'], string | undefined> = {
  chosen: styles.couponChosen,
  available: styles.couponAvailable,
  none: styles.couponNone,
  loading: styles.couponLoading,
  error: styles.couponError,
};

/** Test hooks of the two methods: pay-method-wechat, pay-method-alipay. */
const methodKey: Record<string, string> = { [PayType.wxPay]: 'wechat', [PayType.aliPay]: 'alipay' };

export interface PaySheetProps {
  /** What 立即支付 pays (spec §4 commit payment). */
  order: CommitOrder;
  control: PaySheetControl;
  /** Shown above the button: 开通即同意《会员须知》 for card purchases. */
  notice?: ReactNode;
  onOutcome?: (outcome: PayOutcome) => void;
}

/**
 * The payment popup of spec §2: a bottom sheet titled 订单支付 with the server's amount, the coupon
 * row (to ChooseCoupon and back through the order draft), the methods that fit the browser (Alipay
 * shown but not selectable inside WeChat), an optional notice, and 立即支付 (busy while paying).
 */
export function PaySheet({ control, ...rest }: PaySheetProps) {
  // Back closes the sheet (issue 23); leaving it for ChooseCoupon or a payment first drops its entry.
  const leave = useBackCloses(control.visible, control.close);
  return (
    <Popup
      visible={control.visible}
      onMaskClick={control.close}
      onClose={control.close}
      position="bottom"
      bodyClassName={styles.paySheet}
      destroyOnClose
    >
      {control.visible ? <SheetBody close={control.close} leave={leave} {...rest} /> : null}
    </Popup>
  );
}

function SheetBody({
  order,
  notice,
  onOutcome,
  close,
  leave,
}: Omit<PaySheetProps, 'control'> & { close: () => void; leave: (then?: () => void) => void }) {
  const navigate = useNavigate();
  const pay = usePay();
  const busy = usePayBusy();
  const ids = useId();
  const scope = useMemo(
    () => ({ productCode: order.productCode, orderId: order.orderId ?? null }),
    [order.productCode, order.orderId],
  );
  const chosen = useDraftCoupon(scope);
  const chosenId = chosen?.id ?? null;

  const amount = useQuery(
    payAmountQuery({ orderId: scope.orderId, productCode: scope.productCode, couponId: chosenId }),
  );
  const coupons = useQuery(usableCouponsQuery(scope));
  const methods = useMemo(() => payMethodViews({ inWeChat: isWeChat() }), []);
  const [picked, setPicked] = useState<PayType | null>(null);
  const payType = pickPayType(methods, picked);

  const shown = amountView(amount.data, amount.isPlaceholderData, chosen?.value ?? null);
  const usableCount = coupons.isSuccess
    ? coupons.data.filter((c) => c.usable).length
    : coupons.isError
      ? 0
      : null;
  const row = couponRowText({
    chosen,
    usableCount,
    error: amount.isPlaceholderData ? null : (amount.data?.couponError ?? null),
    serverValue:
      amount.isPlaceholderData || amount.data?.couponId !== chosenId ? null : amount.data?.couponValue,
  });
  const ready = !amount.isPlaceholderData && amount.isSuccess;

  const leaving = useRef(false);
  const submit = async () => {
    if (busy || leaving.current || !ready || payType === null) return;
    // The sheet's Back entry goes first: the payment may replace this page or leave the app.
    leaving.current = true;
    await new Promise<void>((resolve) => leave(resolve));
    leaving.current = false;
    const outcome = await pay({
      order,
      payType,
      couponId: couponToSend(chosenId, amount.data),
    });
    onOutcome?.(outcome);
  };

  const titleId = `${ids}-title`;
  return (
    <div role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="pay-sheet">
      <div className={styles.sheetHead}>
        <h2 id={titleId} className={styles.sheetTitle}>
          {PAY_SHEET_TITLE}
        </h2>
        <button type="button" className={forms.iconButton} aria-label="关闭" onClick={close}>
          <CloseOutline />
        </button>
      </div>
      <div className={styles.sheetAmount} aria-live="polite" aria-busy={!ready}>
        {amount.data?.productName ? <p className={styles.sheetProduct}>{amount.data.productName}</p> : null}
        {shown.yuan === null ? (
          amount.isError ? (
            <button type="button" className={styles.textLink} onClick={() => void amount.refetch()}>
              金额计算失败，点击重试
            </button>
          ) : (
            <p className={`${styles.sheetFigure} ${styles.sheetLoading}`} data-testid="pay-sheet-amount">
              金额计算中…
            </p>
          )
        ) : (
          <p
            className={
              shown.estimated ? `${styles.sheetFigure} ${styles.sheetEstimated}` : styles.sheetFigure
            }
            data-testid="pay-sheet-amount"
            data-ready={ready ? 'true' : 'false'}
          >
            <span className={styles.sheetCurrency}>¥</span>
            {shown.yuan}
            {shown.estimated ? <span className={styles.sheetHint}>计算中…</span> : null}
          </p>
        )}
        {amount.data && !amount.isPlaceholderData && amount.data.memberDiscount > 0 ? (
          <p className={styles.note}>
            订单金额¥{amount.data.orderPrice}，会员优惠−¥{amount.data.memberDiscount}
          </p>
        ) : null}
      </div>

      <button
        type="button"
        className={styles.row}
        data-testid="pay-coupon-row"
        onClick={() => leave(() => navigate(paths.chooseCouponFor(scope.productCode, scope.orderId)))}
      >
        <span className={styles.rowLabel}>优惠券</span>
        <span className={`${styles.rowValue} ${couponTone[row.tone]}`} data-testid="pay-coupon-text">
          {row.text}
        </span>
        <RightOutline className={styles.rowArrow} aria-hidden="true" />
      </button>

      <fieldset className={styles.methods} data-testid="pay-methods">
        <legend className={styles.methodsLegend}>支付方式</legend>
        {methods.map((method) => {
          const key = methodKey[method.payType] ?? method.payType;
          const hintId = `${ids}-${key}-hint`;
          return (
            <div
              key={method.payType}
              className={method.selectable ? styles.method : `${styles.method} ${styles.methodDisabled}`}
              data-testid={`pay-method-${key}`}
            >
              <label className={styles.methodLabel}>
                <span
                  className={`${styles.methodIcon} ${key === 'wechat' ? styles.methodIconWechat : styles.methodIconAlipay}`}
                  aria-hidden="true"
                >
                  {key === 'wechat' ? '微' : '支'}
                </span>
                <span className={styles.methodName}>{method.name}</span>
                <input
                  type="radio"
                  name="payType"
                  value={method.payType}
                  checked={payType === method.payType}
                  disabled={!method.selectable || busy}
                  aria-describedby={method.disabledReason ? hintId : undefined}
                  onChange={() => setPicked(method.payType)}
                />
              </label>
              {method.disabledReason ? (
                <p id={hintId} className={styles.methodHint}>
                  {method.disabledReason}
                </p>
              ) : null}
            </div>
          );
        })}
      </fieldset>

      {notice ? <div className={styles.notice}>{notice}</div> : null}

      <button
        type="button"
        className={`${forms.primaryButton} ${styles.submit}`}
        data-testid="pay-submit"
        disabled={busy || !ready || payType === null}
        aria-busy={busy}
        onClick={() => void submit()}
      >
        {busy ? '支付中…' : '立即支付'}
      </button>
    </div>
  );
}
