import { fenToYuan, PayText, ProductOrderKind, ProductOrderTransitions } from '@lawline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ServiceOrderTable } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import type { CallEngine } from '../calls/engine.ts';
import type { Q } from '../calls/repo.ts';
import type { JobService } from '../jobs/service.ts';
import type { NotificationService } from '../messages/service.ts';
import type { PayableOrder } from './orders.ts';
import { grantCard, recordRightUse } from './rights.ts';
import { PayJob, type PaymentRow } from './service.ts';

/** What settling a service order's payment does (services module): fires pay or payBalance. */
export type ServicePaySink = {
  settled(
    trx: Q,
    order: Selectable<ServiceOrderTable>,
    payment: PaymentRow,
    after: Array<() => Promise<void>>,
  ): Promise<void>;
};

/**
 * What a paid order becomes, in the settling transaction: a phone order payConfirmed, a product
 * order paid (a card granted, a right use recorded), a service order's pay / payBalance (issue 14).
 */
export class OrderFulfilment {
  private serviceOrders: ServicePaySink | null = null;

  constructor(
    private readonly deps: {
      db: Db;
      clock: () => number;
      engine: CallEngine;
      jobs: JobService;
      notifications: NotificationService;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Wired by the services module (it is built after payments). */
  setServiceOrders(sink: ServicePaySink): void {
    this.serviceOrders = sink;
  }

  /** Moves the order to paid inside the settling transaction (cards are granted here). */
  async fulfil(
    trx: Q,
    order: PayableOrder,
    payment: PaymentRow,
    after: Array<() => Promise<void>>,
  ): Promise<void> {
    const now = this.deps.clock();
    if (order.kind === 'call') {
      await this.deps.engine.transition(order.id, 'payConfirmed', () => ({}), { db: trx });
      return;
    }
    if (order.kind === 'service') {
      if (!this.serviceOrders || !order.service) throw new Error('service orders are not wired');
      await this.serviceOrders.settled(trx, order.service, payment, after);
      return;
    }
    const product = order.product;
    if (!product) throw new Error('product order missing');
    const isCard = product.kind === ProductOrderKind.card;
    const moved = await trx
      .updateTable('product_orders')
      .set({
        state: ProductOrderTransitions.pay.to[isCard ? 'card' : 'service'],
        paid_fen: payment.amount_fen,
        paid_at: payment.paid_at ?? now,
        updated_at: now,
        version: product.version + 1,
      })
      .where('id', '=', product.id)
      .where('state', 'in', [...ProductOrderTransitions.pay.from])
      .where('version', '=', product.version)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw conflict('订单状态已变化，请刷新后重试');
    if (isCard) await grantCard(trx, product.user_id, product.product_code, product.id, now);
    if (
      product.right_code !== null &&
      product.right_card_id !== null &&
      product.member_discount_fen === product.price_fen
    ) {
      await recordRightUse(trx, product.user_id, product.right_card_id, product.right_code, product.id, now);
    }
  }

  async afterPaid(order: PayableOrder, payment: PaymentRow): Promise<void> {
    if (order.product?.kind === ProductOrderKind.card) {
      const card = await this.deps.db
        .selectFrom('user_cards')
        .select(['id', 'expires_at'])
        .where('order_ref', '=', order.id)
        .executeTakeFirst();
      if (card) {
        await this.deps.jobs.enqueue(
          PayJob.cardExpire,
          card.expires_at,
          { userCardId: card.id },
          { key: `card:${card.id}` },
        );
      }
    }
    const content =
      payment.amount_fen > 0
        ? `您的订单${order.id}（${order.productName}）已支付${fenToYuan(payment.amount_fen)}元。`
        : `您的订单${order.id}（${order.productName}）已完成支付。`;
    await this.deps.notifications
      .notify(order.userId, { title: PayText.success, content, kind: 'order' })
      .catch((err: unknown) => this.deps.log.warn({ err }, 'paid notification failed'));
  }
}
