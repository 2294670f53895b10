import { createHash } from 'node:crypto';
import { CallOrderState, callOrderStates, ServiceOrderState, serviceOrderStates } from '@lawline/contract';
import type { Db } from '../../apps/server/src/db/database.ts';
import type { Recorder } from './load.ts';

/**
 * What must hold in the database (read directly, not through the API):
 * - at every kill point, with the server dead (the state a crash leaves behind): durability of
 *   every acknowledged request, no half-moved order, no payment counted twice;
 * - after the last restart, once the jobs settled: the same, plus that the persisted jobs resumed
 *   (nothing left dispatching or in a call, every trade paid at the vendor settled, refunds done).
 */

const PAID_CALL: readonly string[] = [CallOrderState.toEvaluate, CallOrderState.evaluated];
const ACTIVE_CALL: readonly string[] = [
  CallOrderState.dispatching,
  CallOrderState.offered,
  CallOrderState.assigned,
  CallOrderState.inCall,
];
const PRODUCT_STATES = ['unpaid', 'paid', 'fulfilled', 'cancelled', 'refunded'];
const PRODUCT_PAID = ['paid', 'fulfilled'];
const PAYMENT_STATES = ['open', 'paid', 'closed', 'refunded'];
/** A service order's states after its price was paid (past awaiting_payment, not cancelled). */
const SERVICE_PAID: readonly string[] = serviceOrderStates.filter(
  (s) => s !== ServiceOrderState.awaitingPayment && s !== ServiceOrderState.cancelled,
);
/** A service delivered (the lawyer said done): nothing of it may have been refunded. */
const SERVICE_DELIVERED: readonly string[] = [
  ServiceOrderState.delivered,
  ServiceOrderState.toEvaluate,
  ServiceOrderState.evaluated,
];
/** The reason the payments service gives a refund of money paid for an order already paid or closed. */
const DUPLICATE_REFUND_REASON = '重复支付自动退款';
const REFUND_STATES = ['pending', 'succeeded', 'failed'];

/** The states each observed API status allows the order to be in later. */
const CALL_AFTER_STATUS: Record<number, readonly string[]> = {
  5: [CallOrderState.paymentDue, CallOrderState.paySubmitted, ...PAID_CALL],
  3: [CallOrderState.paymentDue, CallOrderState.paySubmitted, ...PAID_CALL],
  4: PAID_CALL,
  99: [CallOrderState.closed],
};
const PRODUCT_AFTER_STATUS: Record<number, readonly string[]> = {
  1: ['paid', 'refunded'],
  5: ['fulfilled'],
  99: ['cancelled', 'refunded'],
};
/** Service orders (general status of the projection): once paid never unpaid; cancelled stays. */
const SERVICE_AFTER_STATUS: Record<number, readonly string[]> = {
  1: [...SERVICE_PAID, ServiceOrderState.cancelled],
  2: [...SERVICE_PAID, ServiceOrderState.cancelled],
  4: [...SERVICE_DELIVERED, ServiceOrderState.cancelled],
  5: [ServiceOrderState.evaluated],
  99: [ServiceOrderState.cancelled],
};

type Trade = { vendor: string; outTradeNo: string; paidAtVendor: boolean };

export type Snapshot = Awaited<ReturnType<typeof loadSnapshot>>;

export async function loadSnapshot(db: Db) {
  const [
    users,
    sessions,
    smsMobiles,
    callOrders,
    productOrders,
    serviceOrders,
    payments,
    refunds,
    ledger,
    cards,
    evaluations,
    trades,
    jobs,
    offers,
    presence,
    queryJobsDone,
  ] = await Promise.all([
    db.selectFrom('users').select(['id', 'mobile']).where('mobile', 'is not', null).execute(),
    db.selectFrom('sessions').select(['token_hash', 'user_id', 'revoked_at']).execute(),
    db.selectFrom('sms_codes').select('mobile').distinct().execute(),
    db
      .selectFrom('call_orders')
      .select(['id', 'user_id', 'state', 'payable_fen', 'closed_by', 'autopilot', 'lawyer_id', 'updated_at'])
      .execute(),
    db
      .selectFrom('product_orders')
      .select(['id', 'user_id', 'kind', 'state', 'paid_fen', 'price_fen', 'member_discount_fen'])
      .execute(),
    db
      .selectFrom('service_orders')
      .select([
        'id',
        'user_id',
        'kind',
        'state',
        'request_id',
        'up_front_fen',
        'member_discount_fen',
        'paid_fen',
        'refund_fen',
      ])
      .execute(),
    db
      .selectFrom('payments')
      .select(['id', 'out_trade_no', 'order_id', 'vendor', 'state', 'amount_fen'])
      .execute(),
    db
      .selectFrom('refunds')
      .select(['id', 'payment_id', 'order_id', 'state', 'amount_fen', 'reason'])
      .execute(),
    db
      .selectFrom('ledger_entries')
      .select(['entry_key', 'payment_id', 'order_id', 'kind', 'amount_fen'])
      .execute(),
    db.selectFrom('user_cards').select(['id', 'order_ref']).where('order_ref', 'is not', null).execute(),
    db.selectFrom('evaluations').select('order_id').execute(),
    db.selectFrom('sandbox_pay_trades').select(['vendor', 'out_trade_no', 'data']).execute(),
    db
      .selectFrom('jobs')
      .select([
        'id',
        'kind',
        'job_key',
        'run_at',
        'locked_until',
        'done_at',
        'attempts',
        'last_error',
        'payload',
      ])
      .where((eb) => eb.or([eb('done_at', 'is', null), eb('last_error', 'is not', null)]))
      .execute(),
    db
      .selectFrom('call_offers')
      .select(['id', 'order_id', 'lawyer_id', 'outcome'])
      .where('outcome', 'is', null)
      .execute(),
    db.selectFrom('lawyer_presence').select(['lawyer_id', 'status']).execute(),
    db
      .selectFrom('jobs')
      .select('job_key')
      .where('kind', '=', 'pay.query')
      .where('done_at', 'is not', null)
      // Done, and not by giving up after its last failed attempt.
      .where((eb) => eb.or([eb('last_error', 'is', null), eb('attempts', '<', 5)]))
      .execute(),
  ]);
  const tradeList: Trade[] = trades.map((t) => {
    let paidAtVendor = false;
    try {
      const data = JSON.parse(t.data) as {
        trade_state?: string;
        trade_status?: string;
        gmt_payment?: string | null;
      };
      // A fully refunded Alipay trade is TRADE_CLOSED again, its payment time kept (as Alipay does).
      paidAtVendor =
        data.trade_state === 'SUCCESS' ||
        data.trade_state === 'REFUND' ||
        data.trade_status === 'TRADE_SUCCESS' ||
        data.trade_status === 'TRADE_FINISHED' ||
        (typeof data.gmt_payment === 'string' && data.gmt_payment !== '');
    } catch {
      paidAtVendor = false;
    }
    return { vendor: t.vendor, outTradeNo: t.out_trade_no, paidAtVendor };
  });
  return {
    users,
    sessions,
    smsMobiles,
    callOrders,
    productOrders,
    serviceOrders,
    payments,
    refunds,
    ledger,
    cards,
    evaluations,
    trades: tradeList,
    jobs: jobs.map((j) => ({
      ...j,
      run_at: Number(j.run_at),
      locked_until: j.locked_until === null ? null : Number(j.locked_until),
    })),
    offers,
    presence,
    queryJobsDone: new Set(queryJobsDone.map((j) => j.job_key)),
  };
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function jobOrderId(job: { payload: string }): string | null {
  try {
    const p = JSON.parse(job.payload) as { orderId?: unknown };
    return typeof p.orderId === 'string' ? p.orderId : null;
  } catch {
    return null;
  }
}

export type CheckResult = {
  violations: string[];
  /** Call orders still looking for a lawyer (dispatching/offered) in this state. */
  dispatching: string[];
  /** Payments open here whose trade the vendor has as paid (a lost notify, or one in flight). */
  paidAtVendorOpen: string[];
  /** Of the notifies lost at kill points (options.lostNotifies), those the pay.query job settled. */
  settledByQueryJob: string[];
};

/**
 * Checks a snapshot. `final`: after the last restart and the settling wait (adds the checks that
 * the persisted jobs resumed). `where` prefixes every message (e.g. "kill 7").
 */
export function checkSnapshot(
  s: Snapshot,
  rec: Recorder,
  options: { final: boolean; where: string; lostNotifies?: ReadonlySet<string> },
): CheckResult {
  const v: string[] = [];
  const at = (msg: string) => v.push(`[${options.where}] ${msg}`);

  const ourUsers = new Set(s.users.map((u) => u.id));
  const callById = new Map(s.callOrders.map((o) => [o.id, o]));
  const productById = new Map(s.productOrders.map((o) => [o.id, o]));
  const serviceById = new Map(s.serviceOrders.map((o) => [o.id, o]));
  const refundsByOrder = groupBy(s.refunds, (r) => r.order_id);
  const paymentByTrade = new Map(s.payments.map((p) => [p.out_trade_no, p]));
  const paymentsByOrder = groupBy(s.payments, (p) => p.order_id);
  const refundsByPayment = groupBy(s.refunds, (r) => r.payment_id);
  const ledgerByPayment = groupBy(
    s.ledger.filter((l) => l.kind === 'payment'),
    (l) => l.payment_id,
  );
  const ledgerKeys = new Map<string, number>();
  for (const l of s.ledger) ledgerKeys.set(l.entry_key, (ledgerKeys.get(l.entry_key) ?? 0) + 1);
  const cardsByOrder = groupBy(s.cards, (c) => c.order_ref);
  const evaluated = new Set(s.evaluations.map((e) => e.order_id));
  const sessionByHash = new Map(s.sessions.map((x) => [x.token_hash, x]));
  const smsMobiles = new Set(s.smsMobiles.map((m) => m.mobile));
  const userById = new Map(s.users.map((u) => [u.id, u]));
  const tradeByNo = new Map(s.trades.map((t) => [`${t.vendor}:${t.outTradeNo}`, t]));
  const pendingJobs = s.jobs.filter((j) => j.done_at === null);
  const paidKept = (p: { id: number; state: string }) =>
    p.state === 'paid' && !(refundsByPayment.get(p.id) ?? []).some((r) => r.state !== 'failed');

  // (1) Every acknowledged request is in the database.
  for (const a of rec.acks.sendCode)
    if (!smsMobiles.has(a.mobile)) at(`sendCode ${a.mobile} was acknowledged but no sms_codes row exists`);
  for (const a of rec.acks.login) {
    const user = userById.get(a.userId);
    if (!user || user.mobile !== a.mobile)
      at(`codeLogin ${a.mobile} answered user ${a.userId}, which is not in users`);
    const session = sessionByHash.get(createHash('sha256').update(a.token).digest('hex'));
    if (!session || session.user_id !== a.userId || session.revoked_at !== null) {
      at(
        `codeLogin ${a.mobile} answered a token whose session is ${session ? 'revoked or of another user' : 'missing'}`,
      );
    }
  }
  for (const a of rec.acks.callOrder) {
    const o = callById.get(a.orderId);
    if (!o)
      at(`createCallOrder answered ${a.orderId} (user ${a.userId}) but the order is not in call_orders`);
    else if (o.user_id !== a.userId)
      at(`call order ${a.orderId} belongs to user ${o.user_id}, acknowledged for ${a.userId}`);
  }
  for (const a of rec.acks.cancel) {
    const o = callById.get(a.orderId);
    if (o?.state !== CallOrderState.closed || o.closed_by !== 'user') {
      at(
        `cancelCallOrder ${a.orderId} was acknowledged but the order is ${o ? `${o.state} (closed_by ${o.closed_by})` : 'missing'}`,
      );
    }
  }
  for (const a of rec.acks.productOrder) {
    const o = productById.get(a.orderId);
    if (!o) at(`createOrder answered ${a.orderId} but the order is not in product_orders`);
  }
  const orderPaid = (orderId: string): boolean => {
    const call = callById.get(orderId);
    if (call) return PAID_CALL.includes(call.state);
    const service = serviceById.get(orderId);
    if (service) return SERVICE_PAID.includes(service.state);
    const product = productById.get(orderId);
    return product ? PRODUCT_PAID.includes(product.state) : false;
  };
  const orderStateOf = (orderId: string): string =>
    callById.get(orderId)?.state ??
    productById.get(orderId)?.state ??
    serviceById.get(orderId)?.state ??
    'missing';
  /** Money taken for an order is either what moved it on or on its way back (a cancel, a duplicate). */
  const moneyAccounted = (orderId: string, outTradeNo: string): boolean => {
    if (orderPaid(orderId)) return true;
    if (!serviceById.has(orderId)) return false;
    const p = paymentByTrade.get(outTradeNo);
    return p !== undefined && (refundsByPayment.get(p.id) ?? []).length > 0;
  };
  for (const a of rec.acks.payOrder) {
    if (a.payStatus === '2') {
      if (!orderPaid(a.orderId))
        at(`createPayOrder answered "paid" for ${a.orderId}, which is ${orderStateOf(a.orderId)}`);
      continue;
    }
    const p = a.outTradeNo ? paymentByTrade.get(a.outTradeNo) : undefined;
    if (!p) at(`createPayOrder answered ${a.outTradeNo} for ${a.orderId} but no payments row has it`);
    else if (p.order_id !== a.orderId)
      at(`payment ${a.outTradeNo} is for ${p.order_id}, acknowledged for ${a.orderId}`);
  }
  for (const a of rec.acks.cashierPay) {
    const ok = a.notifyStatus !== null && a.notifyStatus >= 200 && a.notifyStatus < 300;
    if (a.notifyStatus !== null && !ok) {
      at(
        `our notify endpoint answered ${a.notifyStatus} to the ${a.vendor} notify of ${a.outTradeNo} (order ${a.orderId})`,
      );
    }
    if (!ok) continue;
    if (!tradeByNo.get(`${a.vendor}:${a.outTradeNo}`)?.paidAtVendor) {
      at(
        `cashier pay of ${a.outTradeNo} was acknowledged but the ${a.vendor} sandbox does not have the trade paid`,
      );
    }
    const p = paymentByTrade.get(a.outTradeNo);
    if (!p || (p.state !== 'paid' && p.state !== 'refunded')) {
      at(
        `cashier pay of ${a.outTradeNo} was answered notify ${a.notifyStatus} but the payment is ${p?.state ?? 'missing'}`,
      );
    }
    if (!moneyAccounted(a.orderId, a.outTradeNo)) {
      at(
        `cashier pay of ${a.outTradeNo} was answered notify ${a.notifyStatus} but order ${a.orderId} is ${orderStateOf(a.orderId)}`,
      );
    }
  }
  for (const a of rec.acks.evaluate) {
    if (!evaluated.has(a.orderId) || callById.get(a.orderId)?.state !== CallOrderState.evaluated) {
      at(
        `evaluateOrder ${a.orderId} was acknowledged but the order is ${orderStateOf(a.orderId)} (evaluation row ${evaluated.has(a.orderId) ? 'present' : 'missing'})`,
      );
    }
  }
  for (const a of rec.acks.serviceOrder) {
    const o = serviceById.get(a.orderId);
    if (!o)
      at(`${a.kind} order ${a.orderId} was acknowledged (user ${a.userId}) but is not in service_orders`);
    else if (o.user_id !== a.userId || o.request_id !== a.requestId || o.kind !== a.kind) {
      at(
        `service order ${a.orderId} is ${o.kind} of user ${o.user_id} with request ${o.request_id}; acknowledged as ${a.kind} of ${a.userId} with ${a.requestId}`,
      );
    }
  }
  for (const a of rec.acks.serviceCancel) {
    const o = serviceById.get(a.orderId);
    if (o?.state !== ServiceOrderState.cancelled) {
      at(`cancelServiceOrder ${a.orderId} was acknowledged but the order is ${o?.state ?? 'missing'}`);
    } else if (o.refund_fen !== a.refundedFen || o.paid_fen !== a.paidFen) {
      at(
        `cancelServiceOrder ${a.orderId} answered paid ${a.paidFen} / refunded ${a.refundedFen} fen, the order keeps paid_fen ${o.paid_fen} / refund_fen ${o.refund_fen}`,
      );
    }
  }
  // What the API showed is not lost either: a later state never goes back before it.
  for (const [orderId, seen] of rec.observed) {
    const state = orderStateOf(orderId);
    const table =
      seen.kind === 'call'
        ? CALL_AFTER_STATUS
        : seen.kind === 'service'
          ? SERVICE_AFTER_STATUS
          : PRODUCT_AFTER_STATUS;
    for (const status of seen.statuses) {
      const allowed = table[status];
      if (allowed && !allowed.includes(state)) {
        at(`order ${orderId} was shown with status ${status} but is now ${state}`);
      }
    }
  }

  // (2) No order half-moved.
  for (const o of s.callOrders) {
    if (!(callOrderStates as readonly string[]).includes(o.state))
      at(`call order ${o.id} has unknown state ${o.state}`);
  }
  for (const o of s.productOrders) {
    if (!PRODUCT_STATES.includes(o.state)) at(`product order ${o.id} has unknown state ${o.state}`);
  }
  for (const p of s.payments)
    if (!PAYMENT_STATES.includes(p.state)) at(`payment ${p.id} has unknown state ${p.state}`);
  for (const r of s.refunds)
    if (!REFUND_STATES.includes(r.state)) at(`refund ${r.id} has unknown state ${r.state}`);

  for (const o of s.callOrders) {
    if (!ourUsers.has(o.user_id)) continue; // the seed's sample orders (no phone number) have no payments
    const ps = paymentsByOrder.get(o.id) ?? [];
    const open = ps.filter((p) => p.state === 'open');
    const kept = ps.filter(paidKept);
    const describePs = () => ps.map((p) => `${p.out_trade_no}:${p.state}`).join(', ') || 'none';
    const owed = (o.payable_fen ?? 0) > 0;
    switch (o.state) {
      case CallOrderState.paymentDue:
        if (open.length > 0 || ps.some((p) => p.state === 'paid')) {
          at(
            `call order ${o.id} is payment_due but has payments ${describePs()} (an open one should have made it pay_submitted, a paid one to_evaluate)`,
          );
        }
        break;
      case CallOrderState.paySubmitted:
        if (open.length === 0)
          at(`call order ${o.id} is pay_submitted with no open payment (${describePs()})`);
        if (ps.some((p) => p.state === 'paid'))
          at(`call order ${o.id} is pay_submitted but has a paid payment (${describePs()})`);
        break;
      case CallOrderState.toEvaluate:
      case CallOrderState.evaluated:
        if (owed && kept.length !== 1) {
          at(
            `call order ${o.id} is ${o.state} owing ${o.payable_fen} fen with ${kept.length} paid payments kept (${describePs()})`,
          );
        }
        if (!owed && kept.length > 0) at(`call order ${o.id} was free but kept payments ${describePs()}`);
        if (open.length > 0) at(`call order ${o.id} is paid but still has open payments (${describePs()})`);
        for (const p of kept) {
          if (p.amount_fen !== o.payable_fen)
            at(
              `call order ${o.id} owed ${o.payable_fen} fen but payment ${p.out_trade_no} kept ${p.amount_fen}`,
            );
        }
        break;
      default:
        // dispatching … in_call, closed: no money was ever asked for.
        if (ps.length > 0) at(`call order ${o.id} is ${o.state} but has payments ${describePs()}`);
    }
  }
  for (const o of s.productOrders) {
    const ps = paymentsByOrder.get(o.id) ?? [];
    const kept = ps.filter(paidKept);
    const describePs = () => ps.map((p) => `${p.out_trade_no}:${p.state}`).join(', ') || 'none';
    const cardRows = (cardsByOrder.get(o.id) ?? []).length;
    if (PRODUCT_PAID.includes(o.state)) {
      if (o.paid_fen === null) at(`product order ${o.id} is ${o.state} without paid_fen`);
      else if (o.paid_fen > 0 && (kept.length !== 1 || kept[0]?.amount_fen !== o.paid_fen)) {
        at(`product order ${o.id} is ${o.state} (paid_fen ${o.paid_fen}) with paid payments ${describePs()}`);
      }
      if (ps.some((p) => p.state === 'open'))
        at(`product order ${o.id} is ${o.state} but still has open payments (${describePs()})`);
    } else if (kept.length > 0) {
      at(
        `product order ${o.id} is ${o.state} but payment(s) ${describePs()} are paid and not being refunded`,
      );
    }
    if (o.kind === 'card') {
      if (o.state === 'paid')
        at(`card order ${o.id} is 'paid' but not fulfilled (no card granted in the settling transaction)`);
      if (o.state === 'fulfilled' && cardRows !== 1)
        at(`card order ${o.id} is fulfilled with ${cardRows} user_cards rows`);
      if (o.state !== 'fulfilled' && o.state !== 'refunded' && cardRows > 0) {
        at(`card order ${o.id} is ${o.state} but granted ${cardRows} card(s)`);
      }
    }
  }
  for (const o of s.serviceOrders) {
    if (!(serviceOrderStates as readonly string[]).includes(o.state)) {
      at(`service order ${o.id} has unknown state ${o.state}`);
      continue;
    }
    if (!ourUsers.has(o.user_id)) continue;
    const ps = paymentsByOrder.get(o.id) ?? [];
    const rs = refundsByOrder.get(o.id) ?? [];
    const describePs = () => ps.map((p) => `${p.out_trade_no}:${p.state}`).join(', ') || 'none';
    const sum = (list: ReadonlyArray<{ amount_fen: number }>) => list.reduce((n, x) => n + x.amount_fen, 0);
    const settled = sum(ps.filter((p) => p.state === 'paid' || p.state === 'refunded'));
    const duplicates = sum(rs.filter((r) => r.reason === DUPLICATE_REFUND_REASON));
    const refunded = sum(rs.filter((r) => r.reason !== DUPLICATE_REFUND_REASON && r.state !== 'failed'));
    if (o.paid_fen !== settled - duplicates) {
      at(
        `service order ${o.id} (${o.state}) has paid_fen ${o.paid_fen} but its settled payments (${describePs()}) less duplicates make ${settled - duplicates} fen`,
      );
    }
    if (o.refund_fen !== refunded) {
      at(
        `service order ${o.id} (${o.state}) has refund_fen ${o.refund_fen} but its refunds make ${refunded} fen (${rs.map((r) => `${r.id}:${r.state}:${r.amount_fen}`).join(', ') || 'none'})`,
      );
    }
    if (SERVICE_DELIVERED.includes(o.state) && o.refund_fen > 0) {
      at(`service order ${o.id} is both delivered (${o.state}) and refunded (${o.refund_fen} fen)`);
    } else if (o.refund_fen > 0 && o.state !== ServiceOrderState.cancelled) {
      at(`service order ${o.id} is ${o.state} but refunded ${o.refund_fen} fen`);
    }
    if (o.state === ServiceOrderState.cancelled && o.refund_fen !== o.paid_fen) {
      at(
        `service order ${o.id} was cancelled before the service started but refunded ${o.refund_fen} of ${o.paid_fen} fen paid`,
      );
    }
    if (o.state === ServiceOrderState.awaitingPayment && o.paid_fen !== 0) {
      at(`service order ${o.id} is awaiting_payment with paid_fen ${o.paid_fen} (${describePs()})`);
    }
    if (SERVICE_PAID.includes(o.state) && o.paid_fen < o.up_front_fen - o.member_discount_fen) {
      at(
        `service order ${o.id} is ${o.state} with paid_fen ${o.paid_fen}, less than the ${o.up_front_fen - o.member_discount_fen} fen due up front`,
      );
    }
    const kept = ps.filter(paidKept);
    if (
      kept.length > 0 &&
      (o.state === ServiceOrderState.awaitingPayment || o.state === ServiceOrderState.cancelled)
    ) {
      at(`service order ${o.id} is ${o.state} but keeps paid payment(s) without a refund (${describePs()})`);
    }
    // The ledger of the order is what it kept plus what is on its way back.
    const ledgerOfOrder = sum(s.ledger.filter((l) => l.order_id === o.id));
    const pendingBack = sum(rs.filter((r) => r.state === 'pending'));
    if (ledgerOfOrder - pendingBack !== o.paid_fen - o.refund_fen) {
      at(
        `service order ${o.id} (${o.state}): ledger ${ledgerOfOrder} fen less ${pendingBack} being refunded ≠ paid_fen ${o.paid_fen} − refund_fen ${o.refund_fen}`,
      );
    }
  }
  for (const offer of s.offers) {
    const o = callById.get(offer.order_id);
    if (o && o.state !== CallOrderState.offered) {
      at(
        `offer ${offer.id} (lawyer ${offer.lawyer_id}) is still open but order ${offer.order_id} is ${o.state}`,
      );
    }
  }

  // (3) No payment counted twice; the ledger equals what the orders say was kept.
  for (const [paymentId, entries] of ledgerByPayment) {
    if (entries.length > 1)
      at(
        `payment ${paymentId} has ${entries.length} payment ledger entries (${entries.map((e) => e.entry_key).join(', ')})`,
      );
  }
  for (const [key, count] of ledgerKeys) if (count > 1) at(`ledger entry key ${key} appears ${count} times`);
  for (const p of s.payments) {
    const entries = ledgerByPayment.get(p.id) ?? [];
    const hasPay = entries.some((e) => e.entry_key === `pay:${p.id}` && e.amount_fen === p.amount_fen);
    if ((p.state === 'paid' || p.state === 'refunded') && p.amount_fen > 0 && !hasPay) {
      at(
        `payment ${p.out_trade_no} is ${p.state} (${p.amount_fen} fen) without its ledger entry pay:${p.id}`,
      );
    }
    if ((p.state === 'open' || p.state === 'closed') && entries.length > 0) {
      at(
        `payment ${p.out_trade_no} is ${p.state} but the ledger counted it (${entries.map((e) => e.entry_key).join(', ')})`,
      );
    }
    if (p.state === 'refunded') {
      const done = (refundsByPayment.get(p.id) ?? []).filter((r) => r.state === 'succeeded');
      const back = s.ledger.filter((l) => l.kind === 'refund' && l.payment_id === p.id);
      if (done.length !== 1 || back.length !== 1) {
        at(
          `payment ${p.out_trade_no} is refunded with ${done.length} succeeded refunds and ${back.length} refund ledger entries`,
        );
      }
    }
  }
  const ledgerSum = s.ledger.reduce((sum, l) => sum + l.amount_fen, 0);
  // The same reconciliation as apps/server/test/pay-helpers.ts ordersPaidSum …
  const callsKept = s.payments
    .filter((p) => p.state === 'paid' && PAID_CALL.includes(callById.get(p.order_id)?.state ?? ''))
    .reduce((sum, p) => sum + p.amount_fen, 0);
  const productsKept = s.productOrders
    .filter((o) => PRODUCT_PAID.includes(o.state))
    .reduce((sum, o) => sum + (o.paid_fen ?? 0), 0);
  // … service orders keep what was paid less what was refunded …
  const servicesKept = s.serviceOrders.reduce((sum, o) => sum + o.paid_fen - o.refund_fen, 0);
  // … plus money taken for an order that is not paid while its refund is still under way (a service
  // order's paid_fen − refund_fen leaves out every refund, decided or duplicate, done or not).
  const beingRefunded =
    s.payments
      .filter(
        (p) =>
          p.state === 'paid' &&
          !serviceById.has(p.order_id) &&
          !orderPaid(p.order_id) &&
          (refundsByPayment.get(p.id) ?? []).some((r) => r.state === 'pending'),
      )
      .reduce((sum, p) => sum + p.amount_fen, 0) +
    s.refunds
      .filter((r) => r.state === 'pending' && serviceById.has(r.order_id))
      .reduce((sum, r) => sum + r.amount_fen, 0);
  if (ledgerSum !== callsKept + productsKept + servicesKept + beingRefunded) {
    at(
      `ledger sum ${ledgerSum} fen ≠ what the orders kept ${callsKept + productsKept + servicesKept} fen (calls ${callsKept}, products ${productsKept}, services ${servicesKept})` +
        (beingRefunded ? ` + ${beingRefunded} fen being refunded` : ''),
    );
  }

  // Persisted timers: every open attempt has its pending query job (enqueued with the attempt).
  const pendingQueryKeys = new Set(pendingJobs.filter((j) => j.kind === 'pay.query').map((j) => j.job_key));
  for (const p of s.payments) {
    if (p.state === 'open' && p.vendor !== 'none' && !pendingQueryKeys.has(`pay:${p.id}`)) {
      at(`payment ${p.out_trade_no} (order ${p.order_id}) is open without a pending pay.query job`);
    }
  }

  const dispatching = s.callOrders
    .filter(
      (o) =>
        ourUsers.has(o.user_id) &&
        (o.state === CallOrderState.dispatching || o.state === CallOrderState.offered),
    )
    .map((o) => o.id);
  const paidAtVendorOpen: string[] = [];
  for (const t of s.trades) {
    if (!t.paidAtVendor) continue;
    const p = paymentByTrade.get(t.outTradeNo);
    if (!p) {
      at(`the ${t.vendor} sandbox has trade ${t.outTradeNo} paid but no payment has that out_trade_no`);
      continue;
    }
    if (p.state === 'open' || p.state === 'closed') paidAtVendorOpen.push(t.outTradeNo);
  }
  // A notify lost at a kill point (the trade paid at the vendor, the payment open here) is settled
  // after the restart by the attempt's persisted pay.query job: the person only polled the order
  // (callOrderDetail / productOrderDetail never ask the vendor), so nothing else could have.
  const settledByQueryJob: string[] = [];
  for (const no of options.lostNotifies ?? []) {
    const p = paymentByTrade.get(no);
    if (!p || (p.state !== 'paid' && p.state !== 'refunded')) continue; // reported above when final
    if (s.queryJobsDone.has(`pay:${p.id}`)) settledByQueryJob.push(no);
    else if (options.final)
      at(`payment ${no} (notify lost at a kill point) is ${p.state}, but no pay.query job of it completed`);
  }

  if (options.final) {
    // (4) The persisted jobs resumed: nothing is left looking for a lawyer or in a call …
    const jobsFor = (orderId: string) =>
      pendingJobs
        .filter((j) => jobOrderId(j) === orderId)
        .map((j) => `${j.kind}@${j.locked_until ? 'locked' : 'due'}`)
        .join(', ') || 'no pending job';
    for (const o of s.callOrders) {
      if (!ourUsers.has(o.user_id) || !ACTIVE_CALL.includes(o.state)) continue;
      at(
        `call order ${o.id} is still ${o.state} after the settling wait (autopilot ${o.autopilot}, lawyer ${o.lawyer_id ?? '-'}; ${jobsFor(o.id)})`,
      );
    }
    // … every trade paid at the vendor is settled here (the query job, when the notify was lost) …
    for (const no of paidAtVendorOpen) {
      const p = paymentByTrade.get(no);
      const jobs = pendingJobs
        .filter((j) => j.job_key === `pay:${p?.id}`)
        .map((j) => `run_at ${new Date(j.run_at).toISOString()}${j.locked_until ? ' locked' : ''}`);
      at(
        `trade ${no} is paid at the vendor but payment ${p?.id} is still ${p?.state} (order ${p?.order_id} ${orderStateOf(p?.order_id ?? '')}; query job: ${jobs.join(', ') || 'none pending'})`,
      );
    }
    // … refunds are done, no lawyer is left busy without a call, and no job gave up.
    for (const r of s.refunds)
      if (r.state === 'pending') at(`refund ${r.id} of payment ${r.payment_id} is still pending`);
    const inCall = new Set(
      s.callOrders
        .filter((o) => o.state === CallOrderState.assigned || o.state === CallOrderState.inCall)
        .map((o) => o.lawyer_id),
    );
    for (const p of s.presence) {
      if (p.status === 'busy' && !inCall.has(p.lawyer_id)) {
        at(
          `lawyer ${p.lawyer_id} is left 'busy' with no order in a call (the autopilot can no longer pick them)`,
        );
      }
    }
    for (const j of s.jobs) {
      if (j.done_at !== null && j.last_error !== null && j.attempts >= 5) {
        at(`job ${j.id} ${j.kind} ${j.payload} gave up after ${j.attempts} attempts: ${j.last_error}`);
      }
    }
  }
  return { violations: v, dispatching, paidAtVendorOpen, settledByQueryJob };
}

/** Jobs that decide how long settling may take: locked ones (a run cut by a kill) and due query jobs. */
export function settleHorizon(s: Snapshot, paidAtVendorOpen: readonly string[]): number {
  let horizon = 0;
  const paymentIds = new Set(
    paidAtVendorOpen
      .map((no) => s.payments.find((p) => p.out_trade_no === no)?.id)
      .filter((id) => id !== undefined),
  );
  for (const j of s.jobs) {
    if (j.done_at !== null) continue;
    if (j.locked_until !== null) horizon = Math.max(horizon, j.locked_until);
    if (j.kind === 'pay.query' && paymentIds.has(Number(j.job_key?.slice(4))))
      horizon = Math.max(horizon, j.run_at);
    if (j.kind.startsWith('calls.autopilot')) horizon = Math.max(horizon, j.run_at);
    // A refund whose first try a kill cut is retried by its job (a minute later).
    if (j.kind === 'pay.refund') horizon = Math.max(horizon, j.run_at);
  }
  return horizon;
}
