import { Charge, computeCallBill, MemberRight, PhoneCountRight } from '@lawline/contract';
import { AppError } from '../../http/errors.ts';
import type { EngineCore } from './core.ts';
import type { CallOrderRow } from './repo.ts';

/** A connected call's length and times, from the call record. */
export type FinishedCall = { start: number; release: number; durationSeconds: number };

/**
 * Billing of a finished call: the person's phone rights, the contract's bill (rules/billing.ts
 * holds the one rounding), and the order's move to payment due or straight to evaluation, with a
 * counted card use recorded in the same transaction.
 */
export class CallBilling {
  constructor(private readonly core: EngineCore) {}

  /** The phone rights that decide the bill: unlimited (member) and a counted card use left. */
  async phoneRights(userId: number): Promise<{ isMember: boolean; countCardId: number | null }> {
    const cards = await this.core.deps.membership.cardRights(userId, 'active');
    let isMember = false;
    let countCardId: number | null = null;
    for (const card of cards) {
      for (const right of card.rights) {
        if (right.rightCode === MemberRight.phoneUnlimited) isMember = true;
        if (right.rightCode === PhoneCountRight && (right.remaining ?? 1) > 0 && countCardId === null) {
          countCardId = card.id;
        }
      }
    }
    return { isMember, countCardId };
  }

  async isMember(userId: number): Promise<boolean> {
    return (await this.phoneRights(userId)).isMember;
  }

  /**
   * Bills the call: assigned / in_call → payment_due (money owed) or to_evaluate (free), the bill
   * stored on the order. Answers the updated order and what it owes, or null when the order had
   * already moved on (another record, a cancel): then nothing changed.
   */
  async settle(
    current: CallOrderRow,
    call: FinishedCall,
  ): Promise<{ order: CallOrderRow; payableFen: number } | null> {
    const rights = await this.phoneRights(current.user_id);
    const bill = computeCallBill({
      charge: current.charge === Charge.byPer ? Charge.byPer : Charge.byTime,
      unitPriceFen: current.unit_price_fen,
      durationSeconds: call.durationSeconds,
      isMember: rights.isMember,
      hasCountCardUse: rights.countCardId !== null,
    });
    const event = bill.payableFen > 0 ? 'callBilled' : 'callFree';
    const { db } = this.core.deps;
    const order = await db
      .transaction()
      .execute(async (trx) => {
        const updated = await this.core.transition(
          current.id,
          event,
          () => ({
            started_at: call.start,
            ended_at: call.release,
            duration_s: call.durationSeconds,
            billable_units: bill.billableUnits,
            amount_fen: bill.amountFen,
            payable_fen: bill.payableFen,
            earnings_fen: bill.lawyerEarningsFen,
            free_reason: bill.freeReason,
            count_card_id: bill.usesCountCard ? rights.countCardId : null,
          }),
          { db: trx },
        );
        if (bill.usesCountCard && rights.countCardId !== null) {
          await trx
            .insertInto('user_right_usage')
            .values({
              user_id: current.user_id,
              user_card_id: rights.countCardId,
              right_code: PhoneCountRight,
              order_id: null,
              used_at: this.core.now(),
            })
            .execute();
        }
        return updated;
      })
      .catch((err: unknown) => {
        if (err instanceof AppError) return null; // moved on
        throw err;
      });
    return order ? { order, payableFen: bill.payableFen } : null;
  }
}
