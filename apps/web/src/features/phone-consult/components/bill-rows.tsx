import type { CallBillView, CallInfo } from '@lawline/contract/schemas';
import { billableUnitsText, durationText } from '../phone-rules.ts';

/** The bill from the call record: duration, billable units, unit price, amount, free reason, payable. */
export function BillRows({ bill, call }: { bill: CallBillView; call: CallInfo | null }) {
  return (
    <dl className="ll-kv ll-bill" data-testid="bill">
      <div className="ll-kv-row">
        <dt>通话时长</dt>
        <dd data-testid="bill-duration">{durationText(call?.durationSeconds)}</dd>
      </div>
      <div className="ll-kv-row">
        <dt>{bill.charge === '1' ? '计费次数' : '计费时长'}</dt>
        <dd>{billableUnitsText(bill.charge, bill.billableUnits)}</dd>
      </div>
      <div className="ll-kv-row">
        <dt>单价</dt>
        <dd>
          {bill.unitPrice}
          {bill.unitText}
        </dd>
      </div>
      <div className="ll-kv-row">
        <dt>咨询费用</dt>
        <dd>¥{bill.amount}</dd>
      </div>
      {bill.freeLabel ? (
        <div className="ll-kv-row">
          <dt>优惠</dt>
          <dd className="ll-bill-free" data-testid="bill-free">
            {bill.freeLabel}
          </dd>
        </div>
      ) : null}
      <div className="ll-kv-row ll-kv-total">
        <dt>应付金额</dt>
        <dd className="ll-bill-payable" data-testid="bill-payable">
          ¥{bill.payable}
        </dd>
      </div>
    </dl>
  );
}
