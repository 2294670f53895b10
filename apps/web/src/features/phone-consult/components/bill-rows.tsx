import type { CallBillView, CallInfo, PaidInfo } from '@lawline/contract/schemas';
import styles from '../phone.module.css';
import { billableUnitsText, dateTimeText, durationText } from '../phone-rules.ts';

/**
 * The bill from the call record: how the rule applied to this call (通话1分35秒，按2分钟计费：2分钟 ×
 * 6元/分钟 = 12元), duration, billable units, unit price, amount, free reason; then either what is
 * owed (应付金额) or, once paid, 已支付 with the amount, time, method and coupon — never both.
 */
export function BillRows({
  bill,
  call,
  payment = null,
}: {
  bill: CallBillView;
  call: CallInfo | null;
  payment?: PaidInfo | null;
}) {
  return (
    <>
      {bill.explanation ? (
        <p className={styles.billApplied} data-testid="bill-explanation">
          {bill.explanation}
        </p>
      ) : null}
      <dl className={styles.kv} data-testid="bill" data-paid={payment ? 'true' : 'false'}>
        <div className={styles.kvRow}>
          <dt>通话时长</dt>
          <dd data-testid="bill-duration">{durationText(call?.durationSeconds ?? bill.durationSeconds)}</dd>
        </div>
        <div className={styles.kvRow}>
          <dt>{bill.charge === '1' ? '计费次数' : '计费时长'}</dt>
          <dd data-testid="bill-units">{billableUnitsText(bill.charge, bill.billableUnits)}</dd>
        </div>
        <div className={styles.kvRow}>
          <dt>单价</dt>
          <dd>
            {bill.unitPrice}
            {bill.unitText}
          </dd>
        </div>
        <div className={styles.kvRow}>
          <dt>咨询费用</dt>
          <dd>¥{bill.amount}</dd>
        </div>
        {bill.freeLabel ? (
          <div className={styles.kvRow}>
            <dt>优惠</dt>
            <dd className={styles.billFree} data-testid="bill-free">
              {bill.freeLabel}
            </dd>
          </div>
        ) : null}
        {payment ? null : (
          <div className={`${styles.kvRow} ${styles.kvTotal}`}>
            <dt>应付金额</dt>
            <dd
              className={bill.payable > 0 ? styles.billPayable : styles.billFree}
              data-testid="bill-payable"
            >
              ¥{bill.payable}
            </dd>
          </div>
        )}
      </dl>
      {payment ? <PaidRows payment={payment} /> : null}
    </>
  );
}

/** 已支付: the amount paid, when, how, and the coupon (or 未使用). */
export function PaidRows({ payment }: { payment: PaidInfo }) {
  return (
    <dl className={`${styles.kv} ${styles.paid}`} data-testid="paid-info">
      {payment.couponValue > 0 ? (
        <div className={styles.kvRow}>
          <dt>优惠券</dt>
          <dd data-testid="paid-coupon">
            {payment.couponName ? `${payment.couponName} ` : ''}−¥{payment.couponValue}
          </dd>
        </div>
      ) : (
        <div className={styles.kvRow}>
          <dt>优惠券</dt>
          <dd data-testid="paid-coupon">未使用</dd>
        </div>
      )}
      <div className={`${styles.kvRow} ${styles.kvTotal}`}>
        <dt>已支付</dt>
        <dd className={styles.billPaid} data-testid="paid-amount">
          ¥{payment.amount}
        </dd>
      </div>
      <div className={styles.kvRow}>
        <dt>支付时间</dt>
        <dd data-testid="paid-time">{dateTimeText(payment.paidAt)}</dd>
      </div>
      <div className={styles.kvRow}>
        <dt>支付方式</dt>
        <dd data-testid="paid-method">{payment.methodText}</dd>
      </div>
    </dl>
  );
}
