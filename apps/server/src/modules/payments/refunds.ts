import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { PaymentProvider, PayVendor } from '../../providers/payments/port.ts';
import type { Q } from '../calls/repo.ts';
import type { JobService } from '../jobs/service.ts';
import { outRefundNoFor } from './ids.ts';
import type { PaymentRow } from './service.ts';

export const RefundJob = 'pay.refund';

/**
 * Refunds (issue 6): a full refund of a settled payment is recorded with its retry job in the
 * caller's transaction, then the provider is asked; the ledger gets −amount once it succeeded.
 */
export class RefundService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: () => number;
      jobs: JobService;
      providers: Record<PayVendor, PaymentProvider>;
      log: FastifyBaseLogger;
    },
  ) {
    deps.jobs.register(RefundJob, async (p: { refundId: number }) => this.job(p.refundId));
  }

  /**
   * Records a full refund of a paid payment and its retry job in the caller's transaction (so the
   * decision to refund survives a crash); run then asks the provider. One refund per payment:
   * a fixed out_refund_no makes a replay a no-op at the vendor too.
   */
  async record(trx: Q, payment: PaymentRow, reason: string): Promise<number> {
    const now = this.deps.clock();
    const outRefundNo = outRefundNoFor(payment.out_trade_no);
    await trx
      .insertInto('refunds')
      .values({
        out_refund_no: outRefundNo,
        payment_id: payment.id,
        order_id: payment.order_id,
        amount_fen: payment.amount_fen,
        reason,
        state: 'pending',
        provider_refund_id: null,
        created_at: now,
        done_at: null,
      })
      .onConflict((oc) => oc.column('out_refund_no').doNothing())
      .execute();
    const refund = await trx
      .selectFrom('refunds')
      .select('id')
      .where('out_refund_no', '=', outRefundNo)
      .executeTakeFirstOrThrow();
    await this.deps.jobs.enqueue(
      RefundJob,
      now + 60_000,
      { refundId: refund.id },
      { trx, key: `refund:${refund.id}` },
    );
    return refund.id;
  }

  /** Asks the provider now; when it cannot answer yet, the recorded job tries again. */
  async run(refundId: number): Promise<void> {
    await this.job(refundId).catch((err: unknown) =>
      this.deps.log.warn({ err, refundId }, 'refund not finished yet; the job retries'),
    );
  }

  private async job(refundId: number): Promise<void> {
    const refund = await this.deps.db
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', refundId)
      .executeTakeFirst();
    if (refund?.state !== 'pending') return;
    const payment = await this.deps.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', refund.payment_id)
      .executeTakeFirstOrThrow();
    let state: 'succeeded' | 'pending' | 'failed' = 'succeeded';
    let providerRefundId: string | null = null;
    if (payment.vendor !== 'none' && refund.amount_fen > 0) {
      const answer = await this.deps.providers[payment.vendor as PayVendor].refund({
        outTradeNo: payment.out_trade_no,
        outRefundNo: refund.out_refund_no,
        refundFen: refund.amount_fen,
        totalFen: payment.amount_fen,
        reason: refund.reason,
      });
      state = answer.state;
      providerRefundId = answer.providerRefundId;
    }
    if (state === 'pending') throw new Error('refund still processing at the provider');
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('refunds')
        .set({ state, provider_refund_id: providerRefundId, done_at: now })
        .where('id', '=', refund.id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1 || state !== 'succeeded') return;
      await trx
        .updateTable('payments')
        .set({ state: 'refunded', updated_at: now })
        .where('id', '=', payment.id)
        .execute();
      if (refund.amount_fen > 0) {
        await trx
          .insertInto('ledger_entries')
          .values({
            entry_key: `refund:${refund.id}`,
            payment_id: payment.id,
            order_id: payment.order_id,
            user_id: payment.user_id,
            kind: 'refund',
            amount_fen: -refund.amount_fen,
            vendor: payment.vendor,
            provider_ref: providerRefundId,
            created_at: now,
          })
          .execute();
      }
    });
    if (state === 'failed')
      this.deps.log.error({ refundId }, 'refund failed at the provider: needs a person');
  }
}
