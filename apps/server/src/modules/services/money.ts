import {
  consultFieldName,
  fenToYuan,
  type OrderListTab,
  ServiceActor,
  ServiceOrderEvent,
  ServiceOrderProjection,
  ServiceOrderState,
  ServiceOrderTabStates,
  ServiceType,
  serviceOrderStateText,
} from '@lawline/contract';
import type { OrderListItem, OrderStatusCount } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { findLawyer } from '../calls/repo.ts';
import { orderLawyerView } from '../calls/views.ts';
import { paidInfoOf } from '../payments/paid-info.ts';
import type { PaymentRow, ServicePaySink } from '../payments/service.ts';
import type { ServiceLifecycle } from './lifecycle.ts';
import { kindOf, type ServiceOrderRow, serviceStateOf } from './repo.ts';
import { coveredByRight, ServiceKindTitle } from './views.ts';

/**
 * A settled payment of a service order fires `pay` (the price or deposit) or `payBalance` (the
 * balance) in the settling transaction; paid_fen accumulates. A refusal (the order moved meanwhile)
 * rolls the settling back, and the payment is settled again later as a duplicate and refunded.
 */
export function servicePaySink(lifecycle: ServiceLifecycle): ServicePaySink {
  return {
    async settled(trx, order, payment: PaymentRow, after) {
      const tx = { db: trx, after };
      const upFront = order.state === ServiceOrderState.awaitingPayment;
      const event = upFront ? ServiceOrderEvent.pay : ServiceOrderEvent.payBalance;
      const amount = fenToYuan(payment.amount_fen);
      const what = upFront ? (order.kind === 'lawsuit' ? '订金' : '') : '尾款';
      await lifecycle.applyEvent(tx, order, event, ServiceActor.system, {
        patch: {
          paid_fen: order.paid_fen + payment.amount_fen,
          ...(upFront && order.paid_at === null ? { paid_at: payment.paid_at ?? lifecycle.now() } : {}),
        },
        title: upFront ? '支付成功' : '尾款已支付',
        text: upFront ? `已支付${what}${amount}元，正在为您安排律师` : `已支付尾款${amount}元，律师开始办理`,
        notify: false,
      });
    },
  };
}

/** Service orders in the person's order list and tab counts (merged with phone and product orders). */
export class ServiceOrderList {
  constructor(private readonly db: Db) {}

  async statusCount(userId: number): Promise<OrderStatusCount> {
    const rows = await this.db
      .selectFrom('service_orders')
      .select(['state'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .groupBy('state')
      .execute();
    const count: OrderStatusCount = { ongoing: 0, unpaid: 0, finished: 0, cancelled: 0 };
    for (const row of rows) {
      for (const tab of Object.keys(count) as OrderListTab[]) {
        if ((ServiceOrderTabStates[tab] as readonly string[]).includes(row.state))
          count[tab] += Number(row.n);
      }
    }
    return count;
  }

  async listItems(
    userId: number,
    tab: OrderListTab,
    take: number,
  ): Promise<{ items: OrderListItem[]; total: number }> {
    const states = [...ServiceOrderTabStates[tab]] as string[];
    const base = this.db
      .selectFrom('service_orders')
      .where('user_id', '=', userId)
      .where('state', 'in', states);
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(take)
      .execute();
    const paid = await paidInfoOf(
      this.db,
      rows.filter((r) => r.paid_fen > 0).map((r) => r.id),
    );
    const lawyers = new Map<number, Awaited<ReturnType<typeof findLawyer>>>();
    for (const id of new Set(rows.map((r) => r.lawyer_id).filter((x): x is number => x !== null))) {
      lawyers.set(id, await findLawyer(this.db, id));
    }
    return {
      total: Number(counted.n),
      items: rows.map((r) => this.item(r, paid, r.lawyer_id !== null ? lawyers.get(r.lawyer_id) : undefined)),
    };
  }

  private item(
    r: ServiceOrderRow,
    paid: Awaited<ReturnType<typeof paidInfoOf>>,
    lawyer: Awaited<ReturnType<typeof findLawyer>>,
  ): OrderListItem {
    const kind = kindOf(r);
    const state = serviceStateOf(r);
    const status = ServiceOrderProjection[state].orderStatus;
    const due =
      state === ServiceOrderState.balanceDue
        ? (r.balance_fen ?? 0)
        : Math.max(0, r.up_front_fen - r.member_discount_fen);
    const details = JSON.parse(r.details) as { description?: string; facts?: string };
    return {
      orderId: r.id,
      orderType: ServiceType.doc,
      productCode: r.product_code,
      title: ServiceKindTitle[kind],
      status,
      serviceKind: kind,
      callStatus: status,
      statusText: serviceOrderStateText(kind, state, { refundFen: r.refund_fen }),
      consultField: r.consult_field,
      consultFieldName: kind === 'lawyerLetter' ? '' : (consultFieldName(r.consult_field) ?? ''),
      userRemark: (details.description ?? details.facts ?? '').slice(0, 60),
      lawyer: orderLawyerView(lawyer),
      durationSeconds: null,
      durationText: null,
      amount: fenToYuan(r.price_fen),
      payable: fenToYuan(due),
      freeLabel: coveredByRight(r) ? '会员权益' : r.member_discount_fen > 0 ? '会员折扣' : null,
      payment: paid.get(r.id) ?? null,
      createdAt: r.created_at,
    };
  }
}
