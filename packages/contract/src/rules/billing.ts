import { FreeReason, FreeReasonLabel, LAWYER_SHARE_PERCENT } from '../constants/call-orders.ts';
import { Charge, ChargeUnitText } from '../constants/codes.ts';
import { Limits } from '../constants/timings.ts';
import { formatYuan } from './money.ts';
import { formatDuration } from './time-text.ts';

/**
 * The phone consultation's bill, computed from the call record (issue 5; spec §9: "under 1 minute
 * is free"). THE CHOICES, written down:
 *
 * - By time (元/分钟, Charge.byTime '2'): a call shorter than 60 s costs nothing. A call of 60 s or
 *   more is billed for EVERY STARTED MINUTE, the first one included: 60 s = 1 minute, 61 s =
 *   2 minutes, 119 s = 2, 120 s = 2, 121 s = 3. ("First minute free" means a call that stays under
 *   a minute is free, not that a longer call loses its first minute.)
 * - By count (元/次, Charge.byPer '1'): one unit when the call was connected for at least 60 s,
 *   otherwise nothing.
 * - Order of the free reasons: a short call is free for everybody (and uses no card); then a
 *   member holding the unlimited phone right (freeReason 'member', label 会员免费); then a card
 *   with a counted phone right that has uses left (freeReason 'countCard'; the caller records one
 *   use). Otherwise the person owes units × unit price.
 * - `amountFen` is the call's value at the channel price (shown on the bill); `payableFen` is what
 *   the person pays (0 when free). The lawyer earns LAWYER_SHARE_PERCENT of the value, also for
 *   free member calls (the platform pays those).
 */
export type CallBillInput = {
  charge: Charge;
  /** The channel's phone price per unit, in fen. */
  unitPriceFen: number;
  /** Seconds from answer (start_time) to release; 0 when not connected. */
  durationSeconds: number;
  /** Holds the unlimited phone right (phoneUnlimited). */
  isMember: boolean;
  /** Holds a card with a counted phone right that has a use left. */
  hasCountCardUse: boolean;
};

export type CallBill = {
  charge: Charge;
  unitPriceFen: number;
  billableUnits: number;
  amountFen: number;
  free: boolean;
  freeReason: FreeReason | null;
  payableFen: number;
  /** A counted card use must be recorded. */
  usesCountCard: boolean;
  lawyerEarningsFen: number;
};

/** Units of a call: started minutes (by time) or one consultation (by count); 0 under 60 s. */
export function billableUnits(charge: Charge, durationSeconds: number): number {
  const seconds = Math.max(0, Math.floor(durationSeconds));
  if (seconds < Limits.freePhoneSeconds) return 0;
  return charge === Charge.byPer ? 1 : Math.ceil(seconds / 60);
}

export function computeCallBill(input: CallBillInput): CallBill {
  const unitPriceFen = Math.max(0, Math.round(input.unitPriceFen));
  const units = billableUnits(input.charge, input.durationSeconds);
  const amountFen = units * unitPriceFen;
  const lawyerEarningsFen = Math.round((amountFen * LAWYER_SHARE_PERCENT) / 100);
  const base = { charge: input.charge, unitPriceFen, billableUnits: units, amountFen, lawyerEarningsFen };
  if (units === 0) {
    return { ...base, free: true, freeReason: FreeReason.shortCall, payableFen: 0, usesCountCard: false };
  }
  if (amountFen === 0) {
    return { ...base, free: true, freeReason: null, payableFen: 0, usesCountCard: false };
  }
  if (input.isMember) {
    return { ...base, free: true, freeReason: FreeReason.member, payableFen: 0, usesCountCard: false };
  }
  if (input.hasCountCardUse) {
    return { ...base, free: true, freeReason: FreeReason.countCard, payableFen: 0, usesCountCard: true };
  }
  return { ...base, free: false, freeReason: null, payableFen: amountFen, usesCountCard: false };
}

/** The free first minute, in seconds (a call shorter than this costs nothing). */
export const FREE_CALL_SECONDS = Limits.freePhoneSeconds;

/**
 * The rule in words, before consulting (SubTel, Payment): under one minute free, then each started
 * minute at the price (by time), or one price per call (by count). `unitPriceFen` in fen.
 */
export function billingRuleText(charge: Charge, unitPriceFen: number): string {
  const price = formatYuan(Math.max(0, Math.round(unitPriceFen)));
  if (charge === Charge.byPer) {
    return `通话不足1分钟免费；满1分钟按次收费，${price}${ChargeUnitText[Charge.byPer]}`;
  }
  const example = billableUnits(charge, 95);
  return `通话不足1分钟免费；满1分钟起，每开始1分钟按${price}元计费（如${formatDuration(95)}按${example}分钟计）`;
}

export type CallBillExplanationInput = {
  charge: Charge;
  unitPriceFen: number;
  durationSeconds: number;
  /** The units the bill charged (from computeCallBill / the stored bill). */
  billableUnits: number;
  amountFen: number;
  freeReason: FreeReason | null;
};

/**
 * How the rule applied to this call, in one line: '通话1分35秒，按2分钟计费：2分钟 × 6元/分钟 = 12元',
 * '通话40秒，不足1分钟，免费', '通话3分0秒，按次计费：1次 × 39元/次 = 39元；会员免费'. The units come
 * from the bill (billableUnits above is the one rounding), never recounted here.
 */
export function explainCallBill(input: CallBillExplanationInput): string {
  const duration = formatDuration(input.durationSeconds);
  if (input.billableUnits === 0) return `通话${duration}，不足1分钟，免费`;
  const price = formatYuan(input.unitPriceFen);
  const amount = formatYuan(input.amountFen);
  const line =
    input.charge === Charge.byPer
      ? `通话${duration}，按次计费：${input.billableUnits}次 × ${price}${ChargeUnitText[Charge.byPer]} = ${amount}元`
      : `通话${duration}，按${input.billableUnits}分钟计费：${input.billableUnits}分钟 × ${price}${ChargeUnitText[Charge.byTime]} = ${amount}元`;
  const free =
    input.freeReason && input.freeReason !== FreeReason.shortCall ? FreeReasonLabel[input.freeReason] : null;
  return free ? `${line}；${free}` : line;
}
