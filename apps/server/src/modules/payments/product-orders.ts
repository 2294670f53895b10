import {
  fenToYuan,
  type OrderListTab,
  ProductOrderKind,
  ProductOrderTabStates,
  ProductOrderTransitions,
  type ServiceKind,
  ServiceType,
  serviceKindOfProductCode,
} from '@lawline/contract';
import type {
  ChannelData,
  CreatedProductOrder,
  OrderListItem,
  OrderStatusCount,
  ProductOrderDetail,
} from '@lawline/contract/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { JobService } from '../jobs/service.ts';
import type { NotificationService } from '../messages/service.ts';
import { beijingDate } from '../users/membership.ts';
import { newProductOrderId } from './ids.ts';
import {
  findProductOrder,
  type ProductOrderRow,
  ProductOrderState,
  productOrderStatus,
  productOrderStatusText,
} from './orders.ts';
import { paidInfoOf, paidWithoutPayment } from './paid-info.ts';
import type { PricingService } from './pricing.ts';
import { recordRightUse } from './rights.ts';
import { PayJob, type PaymentService } from './service.ts';

/** Service kinds ordered through their own form, and where that form is. */
const ServiceKindOrderPage: Partial<Record<ServiceKind, string>> = {
  faceConsult: '见面咨询',
  lawyerLetter: '律师函',
  lawsuit: '诉讼代理',
};

export type ProductOrderDeps = {
  db: Db;
  clock: () => number;
  pricing: PricingService;
  payments: PaymentService;
  jobs: JobService;
  notifications: NotificationService;
  log: FastifyBaseLogger;
};

/** Member cards and services bought by product code (order/createOrder …); others' ids are 404. */
export class ProductOrderService {
  constructor(private readonly deps: ProductOrderDeps) {
    deps.jobs.register(PayJob.cardExpire, async (p: { userCardId: number }) => this.expireCard(p.userCardId));
  }

  private now(): number {
    return this.deps.clock();
  }

  async own(userId: number, orderId: string): Promise<ProductOrderRow> {
    return findProductOrder(this.deps.db, orderId, userId);
  }

  /**
   * order/createOrder. An unpaid order of the same product is answered again (a double tap or a
   * second visit does not make two orders). A service a member right covers in full is paid at once.
   */
  async create(
    userId: number,
    channel: ChannelData,
    input: { productCode: string; remark?: string | undefined },
  ): Promise<CreatedProductOrder> {
    const kind = serviceKindOfProductCode(input.productCode);
    if (kind !== null && ServiceKindOrderPage[kind]) {
      // A lawyer-served order needs its form (region, parties, the case): issue 14's endpoints.
      throw badRequest(`请在${ServiceKindOrderPage[kind]}页面填写信息后下单`);
    }
    const price = await this.deps.pricing.price(userId, input.productCode);
    const now = this.now();
    const payFen = price.priceFen - price.memberDiscountFen;
    return this.deps.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('product_orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('product_code', '=', price.productCode)
        .where('state', '=', ProductOrderState.unpaid)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (existing && existing.price_fen - existing.member_discount_fen === payFen) {
        return {
          orderId: existing.id,
          status: productOrderStatus(existing),
          needPayAmount: fenToYuan(payFen),
        };
      }
      const free = payFen === 0 && price.kind === ProductOrderKind.service;
      const id = newProductOrderId(now);
      const row = {
        id,
        user_id: userId,
        channel_key: channel.channel,
        kind: price.kind,
        product_code: price.productCode,
        product_name: price.productName,
        state: free ? ProductOrderState.paid : ProductOrderState.unpaid,
        price_fen: price.priceFen,
        member_discount_fen: price.memberDiscountFen,
        right_code: price.rightCode,
        right_card_id: price.rightCardId,
        remark: input.remark ?? '',
        paid_fen: free ? 0 : null,
        paid_at: free ? now : null,
        cancel_reason: null,
        closed_at: null,
        created_at: now,
        updated_at: now,
      };
      await trx.insertInto('product_orders').values(row).execute();
      if (free && price.rightCode && price.rightCardId !== null && price.rightRemaining !== null) {
        await recordRightUse(trx, userId, price.rightCardId, price.rightCode, id, now);
      }
      return { orderId: id, status: productOrderStatus(row), needPayAmount: fenToYuan(payFen) };
    });
  }

  async detail(userId: number, orderId: string): Promise<ProductOrderDetail> {
    const row = await this.own(userId, orderId);
    const db = this.deps.db;
    const payments = await db
      .selectFrom('payments')
      .select(['id', 'state', 'amount_fen', 'discount_fen', 'user_coupon_id', 'paid_at'])
      .where('order_id', '=', orderId)
      .orderBy('id', 'desc')
      .execute();
    const paid = payments.find((p) => p.state === 'paid' || p.state === 'refunded');
    const open = payments.find((p) => p.state === 'open');
    const shown = paid ?? open;
    let couponName: string | null = null;
    if (shown?.user_coupon_id) {
      const c = await db
        .selectFrom('user_coupons')
        .innerJoin('coupons', 'coupons.id', 'user_coupons.coupon_id')
        .select('coupons.name')
        .where('user_coupons.id', '=', shown.user_coupon_id)
        .executeTakeFirst();
      couponName = c?.name ?? null;
    }
    const refund = await db
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const card =
      row.kind === ProductOrderKind.card
        ? await db
            .selectFrom('user_cards')
            .select(['expires_at'])
            .where('order_ref', '=', orderId)
            .executeTakeFirst()
        : undefined;
    const owed = row.price_fen - row.member_discount_fen;
    const settled = (await paidInfoOf(db, [orderId])).get(orderId);
    const payment = settled ?? (row.paid_at !== null ? paidWithoutPayment(row.price_fen, row.paid_at) : null);
    return {
      orderId: row.id,
      kind: row.kind === ProductOrderKind.card ? 'card' : 'service',
      productCode: row.product_code,
      productName: row.product_name,
      status: productOrderStatus(row),
      statusText: open && row.state === ProductOrderState.unpaid ? '支付确认中' : productOrderStatusText(row),
      payPending: open !== undefined && row.state === ProductOrderState.unpaid,
      price: fenToYuan(row.price_fen),
      memberDiscount: fenToYuan(row.member_discount_fen),
      couponName,
      couponValue: fenToYuan(shown?.discount_fen ?? 0),
      payable: fenToYuan(shown ? shown.amount_fen : owed),
      paidAmount: row.paid_fen === null ? null : fenToYuan(row.paid_fen),
      paidAt: row.paid_at,
      payment,
      remark: row.remark,
      createdAt: row.created_at,
      cardExpireDate: card ? beijingDate(card.expires_at - 1) : null,
      refund: refund
        ? {
            amount: fenToYuan(refund.amount_fen),
            state: refund.state,
            createdAt: refund.created_at,
            doneAt: refund.done_at,
          }
        : null,
      actions: {
        canPay: row.state === ProductOrderState.unpaid,
        canCancel: row.state === ProductOrderState.unpaid || row.state === ProductOrderState.paid,
      },
    };
  }

  /**
   * order/cancelOrder: an unpaid order closes its payments (a coupon comes back); a paid service
   * that has not started is refunded in full through the provider, its right use given back. A
   * card, once opened, cannot be cancelled here.
   */
  async cancel(userId: number, orderId: string, reason: string | undefined): Promise<ProductOrderDetail> {
    let row = await this.own(userId, orderId);
    if (row.state === ProductOrderState.unpaid) {
      await this.deps.payments.closeAllFor(orderId);
      row = await this.own(userId, orderId);
    }
    if (row.state === ProductOrderState.fulfilled) throw conflict('会员卡已开通，不支持取消');
    if (row.state === ProductOrderState.cancelled || row.state === ProductOrderState.refunded) {
      throw conflict('订单已取消');
    }
    const now = this.now();
    const wasPaid = row.state === ProductOrderState.paid;
    const event = wasPaid ? ProductOrderTransitions.refund : ProductOrderTransitions.cancel;
    const target = event.to;
    const moved = await this.deps.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('product_orders')
        .set({
          state: target,
          cancel_reason: reason ?? '用户取消',
          closed_at: now,
          updated_at: now,
          version: row.version + 1,
        })
        .where('id', '=', orderId)
        .where('state', 'in', [...event.from])
        .where('version', '=', row.version)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return null;
      await trx.deleteFrom('user_right_usage').where('order_ref', '=', orderId).execute();
      // The money goes back: recorded with the cancel, so a crash right after keeps the decision.
      const paid = await trx
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('state', '=', 'paid')
        .execute();
      const refunds: number[] = [];
      for (const p of paid)
        refunds.push(await this.deps.payments.recordRefund(trx, p, reason ?? '用户取消订单'));
      await trx
        .updateTable('user_coupons')
        .set({ used_order_id: null, used_at: null })
        .where('used_order_id', '=', orderId)
        .execute();
      return refunds;
    });
    if (!moved) throw conflict('订单状态已变化，请刷新后重试');
    for (const refundId of moved) await this.deps.payments.runRefund(refundId);
    if (wasPaid) {
      await this.deps.notifications
        .notify(userId, {
          title: '订单已取消',
          content: `您的订单${orderId}（${row.product_name}）已取消，已支付的${fenToYuan(row.paid_fen ?? 0)}元将原路退回。`,
          kind: 'order',
        })
        .catch(() => undefined);
    }
    return this.detail(userId, orderId);
  }

  /** The card's end: marked once (memberRightExpired lists it) and the person is told. */
  private async expireCard(userCardId: number): Promise<void> {
    const card = await this.deps.db
      .selectFrom('user_cards')
      .innerJoin('member_cards', 'member_cards.code', 'user_cards.card_code')
      .select([
        'user_cards.id',
        'user_cards.user_id',
        'user_cards.expires_at',
        'user_cards.ended_at',
        'member_cards.name',
      ])
      .where('user_cards.id', '=', userCardId)
      .executeTakeFirst();
    if (!card || card.ended_at !== null) return;
    if (card.expires_at > this.now()) {
      await this.deps.jobs.enqueue(
        PayJob.cardExpire,
        card.expires_at,
        { userCardId },
        { key: `card:${userCardId}` },
      );
      return;
    }
    const ended = await this.deps.db
      .updateTable('user_cards')
      .set({ ended_at: card.expires_at })
      .where('id', '=', userCardId)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) !== 1) return;
    await this.deps.notifications.notify(card.user_id, {
      title: '会员已到期',
      content: `您的${card.name}已于${beijingDate(card.expires_at - 1)}到期，续费后可继续享受会员权益。`,
      kind: 'card',
    });
  }

  async statusCount(userId: number): Promise<OrderStatusCount> {
    const rows = await this.deps.db
      .selectFrom('product_orders')
      .select(['state'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .groupBy('state')
      .execute();
    const count: OrderStatusCount = { ongoing: 0, unpaid: 0, finished: 0, cancelled: 0 };
    for (const row of rows) {
      for (const tab of Object.keys(count) as OrderListTab[]) {
        if ((ProductOrderTabStates[tab] as readonly string[]).includes(row.state))
          count[tab] += Number(row.n);
      }
    }
    return count;
  }

  /** The person's product orders as order-list items (merged with phone orders by the caller). */
  async listItems(
    userId: number,
    tab: OrderListTab,
    take: number,
  ): Promise<{ items: OrderListItem[]; total: number }> {
    const states: readonly string[] = ProductOrderTabStates[tab];
    const base = this.deps.db
      .selectFrom('product_orders')
      .where('user_id', '=', userId)
      .where('state', 'in', [...states]);
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(take)
      .execute();
    const paid = await paidInfoOf(
      this.deps.db,
      rows.filter((r) => r.paid_at !== null).map((r) => r.id),
    );
    return {
      total: Number(counted.n),
      items: rows.map((r) => ({
        orderId: r.id,
        orderType: r.kind === ProductOrderKind.card ? ServiceType.card : ServiceType.doc,
        productCode: r.product_code,
        title: r.product_name,
        status: productOrderStatus(r),
        serviceKind: null,
        callStatus: productOrderStatus(r),
        statusText: productOrderStatusText(r),
        consultField: 0,
        consultFieldName: '',
        userRemark: r.remark,
        lawyer: null,
        durationSeconds: null,
        durationText: null,
        amount: fenToYuan(r.price_fen),
        payable: fenToYuan(r.price_fen - r.member_discount_fen),
        freeLabel: r.member_discount_fen > 0 ? '会员权益' : null,
        payment: paid.get(r.id) ?? (r.paid_at !== null ? paidWithoutPayment(r.price_fen, r.paid_at) : null),
        createdAt: r.created_at,
      })),
    };
  }
}
