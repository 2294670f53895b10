import {
  CallOrderState,
  fenToYuan,
  PAY_ATTEMPT_TTL_MS,
  PaymentTransitions,
  PayStatus,
  PayText,
  PayType,
} from '@lawline/contract';
import type { CreatePayOrder, PayAmount, PayOrderResult, PayState } from '@lawline/contract/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db, DbKind } from '../../db/database.ts';
import type { PaymentTable, UserCouponTable } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { isTradePaidRefusal } from '../../providers/payments/index.ts';
import {
  type NotifyAnswer,
  NotifyRejected,
  type PayChannel,
  type PaymentProvider,
  type PayVendor,
  type RawNotify,
  type TradeStatus,
} from '../../providers/payments/port.ts';
import type { CallEngine } from '../calls/engine.ts';
import type { Q } from '../calls/repo.ts';
import type { JobService } from '../jobs/service.ts';
import type { NotificationService } from '../messages/service.ts';
import { CouponUse } from './coupon-use.ts';
import { OrderFulfilment, type ServicePaySink } from './fulfil.ts';
import { newOutTradeNo } from './ids.ts';
import { loadPayable, type PayableOrder } from './orders.ts';
import { RefundJob, RefundService } from './refunds.ts';

export type PaymentRow = Selectable<PaymentTable>;
type UserCouponRow = Selectable<UserCouponTable>;

export const PayJob = {
  query: 'pay.query',
  refund: RefundJob,
  cardExpire: 'card.expire',
} as const;

/**
 * After the first look (config PAY_QUERY_FIRST_MS) the job looks again after these intervals, then
 * every NEXT_QUERY_MS until the attempt expires: most people pay within a minute, so a lost notify
 * is found within seconds then, as the vendors' own query advice has it (5 s, 30 s, 1 min, …).
 */
const QUERY_LADDER_MS = [10_000, 30_000, 60_000, 120_000] as const;
const NEXT_QUERY_MS = 3 * 60_000;
/** The query job's first look again after the provider could not be asked (doubling from there). */
const QUERY_RETRY_MS = 5_000;
/** pay/queryPayOrder asks the provider at most this often per attempt. */
const QUERY_THROTTLE_MS = 2_000;

export type PaymentContext = {
  clientIp: string;
  /** The request comes from inside WeChat (H5 pay refuses to run there; Alipay is blocked). */
  inWeChat: boolean;
  /** The app's URL for this channel, e.g. https://h5.example.com/h5/gzh/?channel=czh. */
  appUrl: string;
  /** Absolute URL of our notify endpoint for a vendor. */
  notifyUrl: (vendor: PayVendor) => string;
};

export type PaymentServiceDeps = {
  db: Db;
  dbKind: DbKind;
  clock: () => number;
  jobs: JobService;
  engine: CallEngine;
  notifications: NotificationService;
  providers: Record<PayVendor, PaymentProvider>;
  /** The openid bound to the person through WeChat OAuth, if any. */
  boundOpenid: (userId: number) => Promise<string | null>;
  /** First provider query of an attempt nobody told us about. */
  queryFirstMs: number;
  log: FastifyBaseLogger;
};

/** What a payment settled into (after the transaction). */
type Settled = {
  outcome: 'paid' | 'duplicate' | 'already';
  payment: PaymentRow;
  order: PayableOrder | null;
  /** The refund recorded for a duplicate payment. */
  refundId?: number;
};

/**
 * Payment attempts, notifies, the provider query job and refunds (issue 6). Invariants:
 * - the amount is the server's: order amount − coupon (contract couponDiscount), never the client's;
 * - a payment moves from open/closed to paid once (guarded UPDATE), and the ledger entry
 *   `pay:{id}` is written in the same transaction, so replays change nothing;
 * - an order is moved by the first settled payment only; money for an order that is already paid
 *   or cancelled is refunded at once (ledger: +amount, −amount);
 * - a coupon is reserved by the order (user_coupons.used_order_id) while a payment is open, used
 *   (used_at) when it is paid, released when the attempts close or the order is cancelled.
 */
export class PaymentService {
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly lastQuery = new Map<number, number>();
  private readonly coupons: CouponUse;
  private readonly refunds: RefundService;
  private readonly fulfilment: OrderFulfilment;

  constructor(private readonly deps: PaymentServiceDeps) {
    deps.jobs.register(PayJob.query, async (p: { paymentId: number; failures?: number; looks?: number }) =>
      this.queryJob(p.paymentId, p.failures ?? 0, p.looks ?? 0),
    );
    this.coupons = new CouponUse(deps.db, deps.clock);
    this.refunds = new RefundService(deps);
    this.fulfilment = new OrderFulfilment(deps);
  }

  /** Wired by the services module (it is built after payments): S orders' pay / payBalance. */
  setServiceOrders(sink: ServicePaySink): void {
    this.fulfilment.setServiceOrders(sink);
  }

  /** The discount a coupon gives this order, or a message saying why it cannot be used. */
  couponFor(
    order: Pick<PayableOrder, 'id' | 'userId' | 'couponTarget'>,
    userCouponId: number,
    db: Q = this.deps.db,
  ): Promise<{ discountFen: number; name: string } | { error: string; name: string }> {
    return this.coupons.couponFor(order, userCouponId, db);
  }

  /**
   * Records a full refund of a paid payment and its retry job in the caller's transaction (so the
   * decision to refund survives a crash); runRefund then asks the provider.
   */
  recordRefund(trx: Q, payment: PaymentRow, reason: string): Promise<number> {
    return this.refunds.record(trx, payment, reason);
  }

  /** Asks the provider now; when it cannot answer yet, the recorded job tries again. */
  runRefund(refundId: number): Promise<void> {
    return this.refunds.run(refundId);
  }

  private now(): number {
    return this.deps.clock();
  }

  /** One pay action per order at a time in this process: a double tap waits for the first. */
  private async serial<T>(orderId: string, work: () => Promise<T>): Promise<T> {
    for (;;) {
      const running = this.inFlight.get(orderId);
      if (!running) break;
      await running.catch(() => undefined);
    }
    const promise = work();
    this.inFlight.set(orderId, promise);
    try {
      return await promise;
    } finally {
      if (this.inFlight.get(orderId) === promise) this.inFlight.delete(orderId);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Amounts and coupons
  // -------------------------------------------------------------------------------------------

  /** The person's order as coupons see it (coupon/usable). */
  async orderForCoupons(userId: number, orderId: string): Promise<PayableOrder> {
    return loadPayable(this.deps.db, orderId, userId);
  }

  /** order/calculatePayAmount for an existing order. */
  async amountOf(userId: number, orderId: string, userCouponId?: number): Promise<PayAmount> {
    const order = await loadPayable(this.deps.db, orderId, userId);
    const memberDiscountFen =
      order.product?.member_discount_fen ??
      (order.service?.state === 'awaiting_payment' ? order.service.member_discount_fen : 0);
    const base = {
      orderId: order.id,
      productCode: order.productCode,
      productName: order.productName,
      orderPrice: fenToYuan(order.amountFen + memberDiscountFen),
      memberDiscount: fenToYuan(memberDiscountFen),
    };
    if (userCouponId === undefined) {
      return {
        ...base,
        couponId: null,
        couponName: null,
        couponValue: 0,
        couponError: null,
        needPayAmount: fenToYuan(order.amountFen),
      };
    }
    const coupon = await this.couponFor(order, userCouponId);
    const discountFen = 'discountFen' in coupon ? coupon.discountFen : 0;
    return {
      ...base,
      couponId: userCouponId,
      couponName: coupon.name,
      couponValue: fenToYuan(discountFen),
      couponError: 'error' in coupon ? coupon.error : null,
      needPayAmount: fenToYuan(Math.max(0, order.amountFen - discountFen)),
    };
  }

  // -------------------------------------------------------------------------------------------
  // pay/createPayOrder
  // -------------------------------------------------------------------------------------------

  private channelFor(input: CreatePayOrder, openid: string | null, ctx: PaymentContext): PayChannel {
    if (input.payType === PayType.aliPay) {
      if (ctx.inWeChat) throw badRequest(PayText.openInBrowser);
      return 'alipay_wap';
    }
    if (openid) return 'wechat_jsapi';
    if (ctx.inWeChat) throw badRequest('请先完成微信授权再支付');
    return 'wechat_h5';
  }

  private paidResult(order: PayableOrder, payment: PaymentRow | null): PayOrderResult {
    return {
      payStatus: PayStatus.paid,
      orderId: order.id,
      outTradeNo: payment?.out_trade_no ?? null,
      amount: fenToYuan(payment?.amount_fen ?? 0),
      aliPayForm: null,
      mweb_url: null,
      appid: null,
      timeStamp: null,
      nonce_str: null,
      package: null,
      prepay_id: null,
      signType: null,
      singn: null,
    };
  }

  async createPayOrder(userId: number, input: CreatePayOrder, ctx: PaymentContext): Promise<PayOrderResult> {
    return this.serial(input.orderId, () => this.createPayOrderNow(userId, input, ctx));
  }

  private async createPayOrderNow(
    userId: number,
    input: CreatePayOrder,
    ctx: PaymentContext,
  ): Promise<PayOrderResult> {
    const db = this.deps.db;
    let order = await loadPayable(db, input.orderId, userId);
    if (order.paid) return this.paidResult(order, await this.latestPaid(order.id));
    if (!order.payable) throw conflict('订单当前无需支付');
    const openid =
      input.payType === PayType.aliPay
        ? null
        : ((input.openid || (await this.deps.boundOpenid(userId))) ?? null);
    const channel = this.channelFor(input, openid, ctx);
    const returnUrl = this.returnUrl(input.return_url, order.id, ctx);

    let discountFen = 0;
    if (input.couponId !== undefined) {
      const coupon = await this.couponFor(order, input.couponId);
      if ('error' in coupon) throw conflict(coupon.error);
      discountFen = coupon.discountFen;
    }
    const amountFen = Math.max(0, order.amountFen - discountFen);
    const couponId = input.couponId ?? null;

    // A double tap (same method, amount and coupon) gets the same open attempt back.
    const open = await db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('state', '=', 'open')
      .orderBy('id', 'desc')
      .execute();
    const now = this.now();
    const same = open.find(
      (p) =>
        p.pay_channel === channel &&
        p.amount_fen === amountFen &&
        p.user_coupon_id === couponId &&
        p.expires_at - now > 60_000 &&
        p.client_params !== '{}',
    );
    if (same) return JSON.parse(same.client_params) as PayOrderResult;

    // Anything else open for this order is superseded: closed at the provider first (a trade that
    // turns out paid settles the order instead).
    for (const p of open) {
      const settled = await this.closeAttempt(p, 'superseded');
      if (settled) {
        order = await loadPayable(db, order.id, userId);
        if (order.paid) return this.paidResult(order, settled.payment);
      }
    }

    const vendor: PayVendor | 'none' =
      amountFen === 0 ? 'none' : channel === 'alipay_wap' ? 'alipay' : 'wechat';
    const outTradeNo = newOutTradeNo(now);
    const expiresAt = now + PAY_ATTEMPT_TTL_MS;
    const paymentId = await db.transaction().execute(async (trx) => {
      if (couponId !== null) await this.coupons.reserve(trx, userId, couponId, order.id);
      const inserted = await trx
        .insertInto('payments')
        .values({
          out_trade_no: outTradeNo,
          order_id: order.id,
          user_id: userId,
          vendor,
          pay_channel: vendor === 'none' ? 'free' : channel,
          pay_type: input.payType,
          amount_fen: amountFen,
          order_amount_fen: order.amountFen,
          user_coupon_id: couponId,
          discount_fen: discountFen,
          state: 'open',
          provider_txn_id: null,
          expires_at: expiresAt,
          paid_at: null,
          closed_at: null,
          close_reason: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Read again inside: closing a superseded attempt above may have moved it back to payment due.
      if (order.kind === 'call')
        await this.moveCallIf(trx, order.id, CallOrderState.paymentDue, 'paySubmitted');
      // The query job settles the attempt even when no notify ever comes (or we crash now).
      if (vendor !== 'none') {
        await this.deps.jobs.enqueue(
          PayJob.query,
          now + this.deps.queryFirstMs,
          { paymentId: inserted.id },
          { trx, key: `pay:${inserted.id}` },
        );
      }
      return inserted.id;
    });

    const payment = await this.payment(paymentId);
    if (vendor === 'none') {
      const settled = await this.settle(payment, { providerTxnId: null, paidAt: now, amountFen: 0 });
      return this.paidResult(order, settled.payment);
    }
    const provider = this.deps.providers[vendor];
    let result: PayOrderResult;
    try {
      const created = await provider.create({
        channel,
        outTradeNo,
        amountFen,
        description: `律线-${order.productName}`,
        notifyUrl: ctx.notifyUrl(vendor),
        returnUrl,
        ...(openid ? { openid } : {}),
        clientIp: ctx.clientIp,
        expiresAt,
      });
      result = {
        ...this.paidResult(order, payment),
        payStatus: PayStatus.pending,
        outTradeNo,
        amount: fenToYuan(amountFen),
      };
      if (created.kind === 'jsapi') {
        Object.assign(result, {
          appid: created.appId,
          timeStamp: created.timeStamp,
          nonce_str: created.nonceStr,
          package: created.package,
          prepay_id: created.prepayId,
          signType: created.signType,
          singn: created.paySign,
        });
      } else if (created.kind === 'h5') {
        result.mweb_url = created.h5Url;
      } else {
        result.aliPayForm = created.form;
      }
    } catch (err) {
      this.deps.log.error({ err, outTradeNo }, 'payment create failed');
      await this.markClosed(payment, 'create-failed');
      if (err instanceof AppError) throw err;
      throw new AppError(503, '支付服务暂时不可用，请稍后重试');
    }
    await db
      .updateTable('payments')
      .set({ client_params: JSON.stringify(result), updated_at: this.now() })
      .where('id', '=', paymentId)
      .execute();
    return result;
  }

  /** Only our own app may be the return address (no open redirect through the wallet). */
  private returnUrl(given: string | undefined, orderId: string, ctx: PaymentContext): string {
    const fallback = `${ctx.appUrl}#/PayWaiting/${orderId}`;
    if (!given) return fallback;
    try {
      if (new URL(given).origin !== new URL(ctx.appUrl).origin) throw badRequest('返回地址不正确');
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw badRequest('返回地址不正确');
    }
    return given;
  }

  // -------------------------------------------------------------------------------------------
  // Settling: notify, query, zero amounts
  // -------------------------------------------------------------------------------------------

  async payment(id: number, db: Q = this.deps.db): Promise<PaymentRow> {
    const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('支付记录不存在');
    return row;
  }

  private async latestPaid(orderId: string): Promise<PaymentRow | null> {
    return (
      (await this.deps.db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('state', 'in', ['paid', 'refunded'])
        .orderBy('id', 'desc')
        .executeTakeFirst()) ?? null
    );
  }

  /**
   * The provider says this attempt is paid. Once per attempt: the guarded UPDATE and the ledger
   * entry share a transaction. The first paid attempt moves the order; a second one is refunded.
   */
  async settle(
    payment: PaymentRow,
    paid: { providerTxnId: string | null; paidAt: number; amountFen: number },
  ): Promise<Settled> {
    const now = this.now();
    const after: Array<() => Promise<void>> = [];
    const result = await this.deps.db.transaction().execute(async (trx): Promise<Settled> => {
      const moved = await trx
        .updateTable('payments')
        .set({
          state: PaymentTransitions.settle.to,
          paid_at: paid.paidAt,
          provider_txn_id: paid.providerTxnId,
          updated_at: now,
        })
        .where('id', '=', payment.id)
        .where('state', 'in', [...PaymentTransitions.settle.from])
        .executeTakeFirst();
      const fresh = await this.payment(payment.id, trx);
      if (Number(moved.numUpdatedRows) !== 1) return { outcome: 'already', payment: fresh, order: null };
      if (fresh.amount_fen > 0) {
        await trx
          .insertInto('ledger_entries')
          .values({
            entry_key: `pay:${fresh.id}`,
            payment_id: fresh.id,
            order_id: fresh.order_id,
            user_id: fresh.user_id,
            kind: 'payment',
            amount_fen: fresh.amount_fen,
            vendor: fresh.vendor,
            provider_ref: paid.providerTxnId,
            created_at: now,
          })
          .execute();
      }
      const order = await loadPayable(trx, fresh.order_id, null);
      // A service order's attempt pays what was due when it was made (deposit or balance): one made
      // for another phase (a late notify of a superseded attempt) is refunded like a duplicate.
      const otherPhase = order.kind === 'service' && fresh.order_amount_fen !== order.amountFen;
      if (!order.payable || otherPhase) {
        // Money for an order already paid or closed goes back; recorded with the payment, so a
        // crash right after cannot keep it.
        const refundId = await this.recordRefund(trx, fresh, '重复支付自动退款');
        return { outcome: 'duplicate', payment: fresh, order, refundId };
      }
      await this.fulfilment.fulfil(trx, order, fresh, after);
      if (fresh.user_coupon_id !== null) {
        await trx
          .updateTable('user_coupons')
          .set({ used_at: now, used_order_id: order.id })
          .where('id', '=', fresh.user_coupon_id)
          .where('used_at', 'is', null)
          .execute();
      }
      // Other attempts of this order can no longer be used.
      await trx
        .updateTable('payments')
        .set({ state: 'closed', closed_at: now, close_reason: 'order-paid', updated_at: now })
        .where('order_id', '=', order.id)
        .where('state', '=', 'open')
        .execute();
      return { outcome: 'paid', payment: fresh, order: await loadPayable(trx, order.id, null) };
    });
    if (result.outcome === 'duplicate' && result.refundId !== undefined) {
      this.deps.log.warn(
        { paymentId: payment.id, orderId: payment.order_id },
        'payment for an order already paid or closed: refunding',
      );
      await this.runRefund(result.refundId);
    } else if (result.outcome === 'paid' && result.order) {
      await this.fulfilment.afterPaid(result.order, result.payment);
    }
    for (const task of after) {
      await task().catch((err: unknown) => this.deps.log.warn({ err }, 'after-payment follow-up failed'));
    }
    return result;
  }

  /** Applies a payment event to a phone order that is (still) in `state`, read in `trx`. */
  private async moveCallIf(
    trx: Q,
    orderId: string,
    state: CallOrderState,
    event: 'paySubmitted' | 'payFailed',
  ): Promise<void> {
    const call = await trx
      .selectFrom('call_orders')
      .select('state')
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (call?.state === state) await this.deps.engine.transition(orderId, event, () => ({}), { db: trx });
  }

  /** Closed without money: the coupon is released and a phone order can be paid again. */
  private async markClosed(payment: PaymentRow, reason: string): Promise<boolean> {
    const now = this.now();
    return this.deps.db.transaction().execute(async (trx) => {
      const closed = await trx
        .updateTable('payments')
        .set({ state: PaymentTransitions.close.to, closed_at: now, close_reason: reason, updated_at: now })
        .where('id', '=', payment.id)
        .where('state', 'in', [...PaymentTransitions.close.from])
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) !== 1) return false;
      await this.coupons.release(trx, payment.order_id);
      if (!(await this.coupons.hasOpenAttempt(trx, payment.order_id)) && payment.order_id.startsWith('T')) {
        await this.moveCallIf(trx, payment.order_id, CallOrderState.paySubmitted, 'payFailed');
      }
      return true;
    });
  }

  /** Asks the provider; settles or closes the attempt by its answer. */
  private async syncAttempt(payment: PaymentRow): Promise<TradeStatus> {
    if (payment.vendor === 'none') return { state: 'unknown' };
    const status = await this.deps.providers[payment.vendor as PayVendor].query(payment.out_trade_no);
    if (status.state === 'paid') {
      if (status.amountFen !== payment.amount_fen) {
        this.deps.log.error(
          { paymentId: payment.id, status },
          'provider reports another amount: not settled',
        );
        return { state: 'unknown' };
      }
      await this.settle(payment, status);
    } else if (status.state === 'closed') {
      await this.markClosed(payment, 'provider-closed');
    }
    return status;
  }

  /**
   * Closes an open attempt at the provider and here. When the provider says it was paid after all,
   * it is settled instead (answered so the caller knows).
   */
  private async closeAttempt(payment: PaymentRow, reason: string): Promise<Settled | null> {
    if (payment.vendor !== 'none') {
      const provider = this.deps.providers[payment.vendor as PayVendor];
      const status = await provider.query(payment.out_trade_no);
      if (status.state === 'paid' && status.amountFen === payment.amount_fen)
        return this.settle(payment, status);
      if (status.state !== 'closed' && status.state !== 'unknown') {
        try {
          await provider.close(payment.out_trade_no);
        } catch (err) {
          // Paid between our query and the close: settle it instead.
          if (!isTradePaidRefusal(err)) throw err;
          const now = await provider.query(payment.out_trade_no);
          if (now.state === 'paid' && now.amountFen === payment.amount_fen) return this.settle(payment, now);
          throw err;
        }
      }
    }
    await this.markClosed(payment, reason);
    return null;
  }

  /**
   * The persisted job: settle from the provider, close when expired, else look again later. An
   * open attempt holds the order's payment and the person's coupon until the provider says how it
   * ended, so a provider that cannot be asked (outage, broken answers) does not end the job, as a
   * failed job would after a few tries: it looks again, a little later each time, up to every
   * NEXT_QUERY_MS, until the attempt is settled or closed. A pending answer: QUERY_LADDER_MS.
   */
  private async queryJob(paymentId: number, failures: number, looks: number): Promise<void> {
    const payment = await this.payment(paymentId).catch(() => null);
    if (payment?.state !== 'open') return;
    const again = (at: number, next: { failures: number; looks: number }) =>
      this.deps.jobs.enqueue(PayJob.query, at, { paymentId, ...next }, { key: `pay:${paymentId}` });
    try {
      const status = await this.syncAttempt(payment);
      if (status.state === 'paid' || status.state === 'closed') return;
      if (this.now() >= payment.expires_at) {
        await this.closeAttempt(payment, 'expired');
        return;
      }
    } catch (err) {
      this.deps.log.warn({ err, paymentId, failures }, 'payment provider not reachable: asking again later');
      const delay = Math.min(NEXT_QUERY_MS, QUERY_RETRY_MS * 2 ** Math.min(failures, 10));
      await again(this.now() + delay, { failures: failures + 1, looks });
      return;
    }
    const wait = QUERY_LADDER_MS[looks] ?? NEXT_QUERY_MS;
    await again(Math.min(this.now() + wait, payment.expires_at), { failures: 0, looks: looks + 1 });
  }

  // -------------------------------------------------------------------------------------------
  // pay/queryPayOrder, pay/cancelPayOrder
  // -------------------------------------------------------------------------------------------

  private state(
    order: PayableOrder,
    payStatus: PayState['payStatus'],
    amountFen: number | null,
    message: string,
  ): PayState {
    return {
      orderId: order.id,
      payStatus,
      amount: amountFen === null ? null : fenToYuan(amountFen),
      message,
    };
  }

  async query(userId: number, orderId: string): Promise<PayState> {
    return this.serial(orderId, async () => {
      let order = await loadPayable(this.deps.db, orderId, userId);
      const latest = await this.deps.db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (order.paid) return this.state(order, PayStatus.paid, latest?.amount_fen ?? 0, PayText.success);
      if (!latest) return this.state(order, PayStatus.failed, null, '尚未发起支付');
      if (latest.state === 'open') {
        const now = this.now();
        if (now - (this.lastQuery.get(latest.id) ?? 0) >= QUERY_THROTTLE_MS) {
          this.lastQuery.set(latest.id, now);
          const status = await this.syncAttempt(latest).catch((err: unknown) => {
            this.deps.log.warn({ err, paymentId: latest.id }, 'payment query failed');
            return { state: 'unknown' } as const;
          });
          if (status.state === 'pending' && now >= latest.expires_at)
            await this.closeAttempt(latest, 'expired');
        }
        order = await loadPayable(this.deps.db, orderId, userId);
        if (order.paid) return this.state(order, PayStatus.paid, latest.amount_fen, PayText.success);
        const fresh = await this.payment(latest.id);
        if (fresh.state === 'open')
          return this.state(order, PayStatus.pending, fresh.amount_fen, '支付结果确认中');
      }
      return this.state(order, PayStatus.failed, latest.amount_fen, '支付未完成，请重新支付');
    });
  }

  async cancel(userId: number, orderId: string): Promise<PayState> {
    return this.serial(orderId, async () => {
      const order = await loadPayable(this.deps.db, orderId, userId);
      const open = await this.deps.db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('state', '=', 'open')
        .execute();
      for (const p of open) {
        const settled = await this.closeAttempt(p, 'cancelled');
        if (settled?.outcome === 'paid')
          return this.state(order, PayStatus.paid, p.amount_fen, PayText.success);
      }
      const fresh = await loadPayable(this.deps.db, orderId, userId);
      if (fresh.paid) return this.state(fresh, PayStatus.paid, null, PayText.success);
      return this.state(fresh, PayStatus.failed, null, PayText.cancelled);
    });
  }

  /** Closes every open attempt of an order that is being cancelled (a paid one settles instead). */
  async closeAllFor(orderId: string): Promise<void> {
    const open = await this.deps.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('state', '=', 'open')
      .execute();
    for (const p of open) await this.closeAttempt(p, 'order-cancelled');
  }

  // -------------------------------------------------------------------------------------------
  // Notifies
  // -------------------------------------------------------------------------------------------

  /** A vendor's notify: verified on the raw body, applied once, answered as the vendor expects. */
  async handleNotify(vendor: PayVendor, raw: RawNotify): Promise<NotifyAnswer> {
    const provider = this.deps.providers[vendor];
    let event: ReturnType<PaymentProvider['verifyNotify']>;
    try {
      event = provider.verifyNotify(raw, this.now());
    } catch (err) {
      if (err instanceof NotifyRejected) {
        this.deps.log.warn({ vendor, reason: err.reason }, 'payment notify refused');
        return provider.notifyAnswer(false, err.message);
      }
      throw err;
    }
    if (event.kind === 'ignored') return provider.notifyAnswer(true);
    const payment = await this.deps.db
      .selectFrom('payments')
      .selectAll()
      .where('out_trade_no', '=', event.outTradeNo)
      .where('vendor', '=', vendor)
      .executeTakeFirst();
    if (!payment) {
      this.deps.log.error({ vendor, outTradeNo: event.outTradeNo }, 'notify for an unknown payment');
      return provider.notifyAnswer(false, 'unknown out_trade_no');
    }
    if (event.kind === 'closed') {
      await this.markClosed(payment, 'provider-closed');
      return provider.notifyAnswer(true);
    }
    if (event.amountFen !== payment.amount_fen) {
      this.deps.log.error(
        { paymentId: payment.id, amount: event.amountFen, expected: payment.amount_fen },
        'notify amount differs: refused',
      );
      return provider.notifyAnswer(false, 'amount mismatch');
    }
    await this.settle(payment, event);
    return provider.notifyAnswer(true);
  }
}

export type { ServicePaySink, UserCouponRow };
