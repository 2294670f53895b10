import { FreeReason, LAWYER_SHARE_PERCENT } from '../constants/call-orders.ts';
import { Charge } from '../constants/codes.ts';
import { Limits } from '../constants/timings.ts';

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
