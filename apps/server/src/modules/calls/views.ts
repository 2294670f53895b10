import {
  beijingClock,
  beijingWhenText,
  billingRuleText,
  CallOrderProjection,
  CallOrderState,
  Charge,
  ChargeUnitText,
  callOrderStatusText,
  consultFieldName,
  dispatchingStates,
  EvaluationTags,
  explainCallBill,
  FREE_CALL_SECONDS,
  type FreeReason,
  FreeReasonLabel,
  fenToYuan,
  formatDuration,
  LawyerLevelName,
  noLawyerOnlineText,
  REQUESTED_LAWYER_WAIT_TEXT,
  RequestedLawyerState,
  serviceHoursState,
} from '@lawline/contract';
import type {
  CallBillView,
  CallOrderDetail,
  CallPricing,
  Evaluation,
  OrderLawyer,
  OrderListItem,
  PaidInfo,
  RequestedLawyer,
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
  const units = row.billable_units ?? 0;
  const durationSeconds = row.duration_s ?? 0;
  return {
    charge,
    unitPrice: fenToYuan(row.unit_price_fen),
    unitText: ChargeUnitText[charge],
    billableUnits: units,
    amount: fenToYuan(row.amount_fen),
    free: row.payable_fen === 0,
    freeReason,
    freeLabel: freeReason ? FreeReasonLabel[freeReason] : null,
    payable: fenToYuan(row.payable_fen),
    durationSeconds,
    durationText: formatDuration(durationSeconds),
    billedMinutes: charge === Charge.byTime ? units : null,
    freeSeconds: FREE_CALL_SECONDS,
    ruleText: billingRuleText(charge, row.unit_price_fen),
    explanation: explainCallBill({
      charge,
      unitPriceFen: row.unit_price_fen,
      durationSeconds,
      billableUnits: units,
      amountFen: row.amount_fen,
      freeReason,
    }),
  };
}

/** The status line of the order (spec §4 texts for 3 / 4 / 5, ours for the rest). */
export function statusTextOf(row: CallOrderRow, now: number): string {
  const state = stateOf(row);
  const { orderStatus } = CallOrderProjection[state];
  switch (state) {
    case CallOrderState.scheduled:
      return `已预约回电，${row.scheduled_at !== null ? beijingWhenText(row.scheduled_at, now) : ''}起为您安排律师`;
    case CallOrderState.dispatching:
    case CallOrderState.offered:
      if (row.request_state === RequestedLawyerState.waiting) return '正在等待您指定的律师接听';
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

/** The requested lawyer and where they are now (read by the service). */
export type RequestedInput = { lawyer: LawyerRow; presence: 'online' | 'busy' | 'offline' } | null;

function requestStateOf(row: CallOrderRow): RequestedLawyer['state'] {
  switch (row.request_state) {
    case RequestedLawyerState.accepted:
    case RequestedLawyerState.released:
    case RequestedLawyerState.expired:
    case RequestedLawyerState.declined:
      return row.request_state;
    default:
      return RequestedLawyerState.waiting;
  }
}

export function requestedLawyerView(
  row: CallOrderRow,
  input: RequestedInput,
  now: number,
): RequestedLawyer | null {
  if (!input) return null;
  const lawyer = orderLawyerView(input.lawyer) as OrderLawyer;
  const name = `${input.lawyer.real_name}律师`;
  const matching = dispatchingStates.includes(stateOf(row));
  let state = requestStateOf(row);
  // Closed or taken by someone while still marked waiting (cancelled, given up): nothing to wait for.
  if (state === RequestedLawyerState.waiting && !matching) state = RequestedLawyerState.released;
  const waiting = state === RequestedLawyerState.waiting;
  const waitUntil = waiting ? row.request_wait_until : null;
  const secondsLeft = waitUntil !== null ? Math.max(0, Math.ceil((waitUntil - now) / 1000)) : 0;
  const until = waitUntil !== null ? `，至${beijingClock(waitUntil)}` : '';
  let message: string;
  if (state === RequestedLawyerState.accepted) message = `${name}已接单`;
  else if (state === RequestedLawyerState.released) message = '已为您匹配其他律师';
  else if (state === RequestedLawyerState.expired)
    message = `${name}${REQUESTED_LAWYER_WAIT_TEXT}内未能接听，已为您匹配其他律师`;
  else if (state === RequestedLawyerState.declined) message = `${name}暂时无法接听，已为您匹配其他律师`;
  else if (input.presence === 'online')
    message = `已通知${name}，请稍候（最多等待${REQUESTED_LAWYER_WAIT_TEXT}${until}），您也可以立即匹配其他律师`;
  else
    message = `${name}${input.presence === 'busy' ? '正在通话中' : '当前不在线'}，您可以等待${name}（最多${REQUESTED_LAWYER_WAIT_TEXT}${until}），或立即匹配其他律师`;
  return {
    lawyer,
    presence: input.presence,
    state,
    waitUntil,
    secondsLeft,
    waitText: REQUESTED_LAWYER_WAIT_TEXT,
    message,
  };
}

export function detailView(input: {
  row: CallOrderRow;
  lawyer: LawyerRow | undefined;
  requested: RequestedInput;
  evaluation: Selectable<EvaluationTable> | undefined;
  isMember: boolean;
  onlineLawyers: number;
  /** The order's channel's service hours ('09:00–21:00'). */
  serviceHours: string;
  payment: PaidInfo | null;
  now: number;
}): CallOrderDetail {
  const { row, now } = input;
  const state = stateOf(row);
  const projection = CallOrderProjection[state];
  const matching = dispatchingStates.includes(state);
  const scheduled = state === CallOrderState.scheduled;
  const overdue = matching && now >= row.promise_deadline;
  const requested = requestedLawyerView(row, input.requested, now);
  const waitingForRequested = requested?.state === RequestedLawyerState.waiting;
  const mode = scheduled ? 'scheduled' : waitingForRequested ? 'requested' : 'now';
  const nobodyOnline = (matching || scheduled) && input.onlineLawyers === 0;
  const stage = scheduled
    ? 'scheduled'
    : matching
      ? 'matching'
      : state === CallOrderState.assigned
        ? 'assigned'
        : state === CallOrderState.inCall
          ? 'inCall'
          : 'done';
  const hasCall = row.lawyer_id !== null;
  const scheduledText =
    scheduled && row.scheduled_at !== null
      ? `已预约回电：${beijingWhenText(row.scheduled_at, now)}起有律师在线时为您安排回电`
      : null;
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
      mode,
      countdown: matching && mode === 'now' && !nobodyOnline,
      scheduledAt: scheduled ? row.scheduled_at : null,
      nextOpenAt: nobodyOnline ? serviceHoursState(input.serviceHours, now).nextOpenAt : null,
      expectedText: scheduledText ?? (nobodyOnline ? noLawyerOnlineText(input.serviceHours, now) : null),
      promiseDeadline: row.promise_deadline,
      secondsLeft: matching ? Math.max(0, Math.ceil((row.promise_deadline - now) / 1000)) : 0,
      overdue,
      noLawyerOnline: nobodyOnline,
      attempts: row.attempts,
      giveUpAt: matching || scheduled ? row.give_up_at : null,
    },
    lawyer: orderLawyerView(input.lawyer),
    requestedLawyer: requested,
    call: hasCall
      ? {
          secretNo: row.secret_no,
          startedAt: row.started_at,
          endedAt: row.ended_at,
          durationSeconds: row.duration_s,
          durationText: row.duration_s === null ? null : formatDuration(row.duration_s),
        }
      : null,
    bill: billView(row),
    payment: input.payment,
    evaluation: evaluationView(input.evaluation),
    cancelReason: row.cancel_reason,
    actions: {
      canCancel: matching || scheduled || state === CallOrderState.assigned,
      canKeepWaiting: overdue,
      canRematch: overdue,
      canPay: state === CallOrderState.paymentDue && (row.payable_fen ?? 0) > 0,
      canEvaluate: state === CallOrderState.toEvaluate,
      canContinue:
        row.lawyer_id !== null &&
        (state === CallOrderState.toEvaluate ||
          state === CallOrderState.evaluated ||
          state === CallOrderState.closed),
      canReleaseRequested: matching && waitingForRequested,
    },
  };
}

export function listItemView(
  row: CallOrderRow,
  lawyer: LawyerRow | undefined,
  payment: PaidInfo | null,
  now: number,
): OrderListItem {
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
    serviceKind: null,
    callStatus: projection.callStatus,
    statusText: statusTextOf(row, now),
    consultField: row.consult_field,
    consultFieldName: field,
    userRemark: row.user_remark,
    lawyer: orderLawyerView(lawyer),
    durationSeconds: row.duration_s,
    durationText: row.duration_s === null ? null : formatDuration(row.duration_s),
    amount: row.amount_fen === null ? null : fenToYuan(row.amount_fen),
    payable: row.payable_fen === null ? null : fenToYuan(row.payable_fen),
    freeLabel: freeReason ? FreeReasonLabel[freeReason] : null,
    payment,
    createdAt: row.created_at,
  };
}
