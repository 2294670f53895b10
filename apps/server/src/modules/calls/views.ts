import {
  CallOrderProjection,
  CallOrderState,
  Charge,
  ChargeUnitText,
  callOrderStatusText,
  consultFieldName,
  dispatchingStates,
  EvaluationTags,
  type FreeReason,
  FreeReasonLabel,
  fenToYuan,
  LawyerLevelName,
} from '@lawline/contract';
import type {
  CallBillView,
  CallOrderDetail,
  CallPricing,
  Evaluation,
  OrderLawyer,
  OrderListItem,
} from '@lawline/contract/schemas';
import type { Selectable } from 'kysely';
import type { EvaluationTable } from '../../db/schema.ts';
import { type CallOrderRow, type LawyerRow, stateOf } from './repo.ts';

export function orderLawyerView(lawyer: LawyerRow | undefined | null): OrderLawyer | null {
  if (!lawyer) return null;
  return {
    userId: lawyer.user_id,
    name: lawyer.real_name,
    faceUrl: lawyer.face_url,
    level: lawyer.lawyer_level,
    levelName: (lawyer.lawyer_level !== null ? LawyerLevelName[lawyer.lawyer_level] : undefined) ?? '',
  };
}

function chargeOf(row: CallOrderRow): Charge {
  return row.charge === Charge.byPer ? Charge.byPer : Charge.byTime;
}

export function pricingView(row: CallOrderRow, isMember: boolean): CallPricing {
  const charge = chargeOf(row);
  return {
    charge,
    unitPrice: fenToYuan(row.unit_price_fen),
    unitText: ChargeUnitText[charge],
    memberFree: isMember,
    label: isMember ? FreeReasonLabel.member : null,
  };
}

function freeReasonOf(row: CallOrderRow): FreeReason | null {
  return row.free_reason === 'member' || row.free_reason === 'shortCall' || row.free_reason === 'countCard'
    ? row.free_reason
    : null;
}

export function billView(row: CallOrderRow): CallBillView | null {
  if (row.amount_fen === null || row.payable_fen === null) return null;
  const charge = chargeOf(row);
  const freeReason = freeReasonOf(row);
  return {
    charge,
    unitPrice: fenToYuan(row.unit_price_fen),
    unitText: ChargeUnitText[charge],
    billableUnits: row.billable_units ?? 0,
    amount: fenToYuan(row.amount_fen),
    free: row.payable_fen === 0,
    freeReason,
    freeLabel: freeReason ? FreeReasonLabel[freeReason] : null,
    payable: fenToYuan(row.payable_fen),
  };
}

/** The status line of the order (spec §4 texts for 3 / 4 / 5, ours for the rest). */
export function statusTextOf(row: CallOrderRow, now: number): string {
  const state = stateOf(row);
  const { orderStatus } = CallOrderProjection[state];
  switch (state) {
    case CallOrderState.dispatching:
    case CallOrderState.offered:
      return now >= row.promise_deadline ? '律师繁忙，您可以继续等待或重新匹配' : '正在为您匹配律师';
    case CallOrderState.assigned:
      return '律师已接单，即将给您回电';
    case CallOrderState.inCall:
      return '通话中';
    case CallOrderState.paySubmitted:
      return '支付确认中';
    case CallOrderState.closed:
      return row.cancel_reason ? `已取消：${row.cancel_reason}` : '已取消';
    default:
      return callOrderStatusText(orderStatus, row.free_reason === 'member') ?? '';
  }
}

export function evaluationView(row: Selectable<EvaluationTable> | undefined): Evaluation | null {
  if (!row) return null;
  const ids = row.tag_ids.split(',').filter(Boolean).map(Number);
  return {
    stars: row.stars,
    tags: EvaluationTags.filter((t) => ids.includes(t.id)).map((t) => ({ id: t.id, name: t.name })),
    content: row.content,
    createdAt: row.created_at,
  };
}

export function detailView(input: {
  row: CallOrderRow;
  lawyer: LawyerRow | undefined;
  evaluation: Selectable<EvaluationTable> | undefined;
  isMember: boolean;
  onlineLawyers: number;
  now: number;
}): CallOrderDetail {
  const { row, now } = input;
  const state = stateOf(row);
  const projection = CallOrderProjection[state];
  const matching = dispatchingStates.includes(state);
  const overdue = matching && now >= row.promise_deadline;
  const stage = matching
    ? 'matching'
    : state === CallOrderState.assigned
      ? 'assigned'
      : state === CallOrderState.inCall
        ? 'inCall'
        : 'done';
  const hasCall = row.lawyer_id !== null;
  return {
    orderId: row.id,
    status: projection.callStatus,
    orderStatus: projection.orderStatus,
    statusText: statusTextOf(row, now),
    productCode: 'SC17001',
    consultField: row.consult_field,
    consultFieldName: consultFieldName(row.consult_field) ?? '',
    userRemark: row.user_remark,
    userLocation: row.user_location,
    expectTime: row.expect_time,
    createdAt: row.created_at,
    pricing: pricingView(row, input.isMember),
    dispatch: {
      stage,
      promiseDeadline: row.promise_deadline,
      secondsLeft: matching ? Math.max(0, Math.ceil((row.promise_deadline - now) / 1000)) : 0,
      overdue,
      noLawyerOnline: matching && input.onlineLawyers === 0,
      attempts: row.attempts,
      giveUpAt: matching ? row.give_up_at : null,
    },
    lawyer: orderLawyerView(input.lawyer),
    call: hasCall
      ? {
          secretNo: row.secret_no,
          startedAt: row.started_at,
          endedAt: row.ended_at,
          durationSeconds: row.duration_s,
        }
      : null,
    bill: billView(row),
    evaluation: evaluationView(input.evaluation),
    cancelReason: row.cancel_reason,
    actions: {
      canCancel: matching || state === CallOrderState.assigned,
      canKeepWaiting: overdue,
      canRematch: overdue,
      canPay: state === CallOrderState.paymentDue && (row.payable_fen ?? 0) > 0,
      canEvaluate: state === CallOrderState.toEvaluate,
      canContinue:
        row.lawyer_id !== null &&
        (state === CallOrderState.toEvaluate ||
          state === CallOrderState.evaluated ||
          state === CallOrderState.closed),
    },
  };
}

export function listItemView(row: CallOrderRow, lawyer: LawyerRow | undefined, now: number): OrderListItem {
  const state = stateOf(row);
  const projection = CallOrderProjection[state];
  const field = consultFieldName(row.consult_field) ?? '';
  const freeReason = freeReasonOf(row);
  return {
    orderId: row.id,
    orderType: 1,
    productCode: 'SC17001',
    title: `电话咨询·${field}`,
    status: projection.orderStatus,
    callStatus: projection.callStatus,
    statusText: statusTextOf(row, now),
    consultField: row.consult_field,
    consultFieldName: field,
    userRemark: row.user_remark,
    lawyer: orderLawyerView(lawyer),
    durationSeconds: row.duration_s,
    amount: row.amount_fen === null ? null : fenToYuan(row.amount_fen),
    payable: row.payable_fen === null ? null : fenToYuan(row.payable_fen),
    freeLabel: freeReason ? FreeReasonLabel[freeReason] : null,
    createdAt: row.created_at,
  };
}
