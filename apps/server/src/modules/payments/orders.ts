import {
  CallOrderState,
  type CouponTarget,
  isProductOrderState,
  OrderStatus,
  ProductCode,
  ProductOrderProjection,
  ProductOrderState,
  productOrderStateText,
} from '@lawline/contract';
import type { Selectable } from 'kysely';
import type { ProductOrderTable, ServiceOrderTable } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { CallOrderRow, Q } from '../calls/repo.ts';

export type ProductOrderRow = Selectable<ProductOrderTable>;
type ServiceOrderRow = Selectable<ServiceOrderTable>;

/** The general status (spec §4) of a product order (contract ProductOrderProjection). */
export function productOrderStatus(row: Pick<ProductOrderRow, 'state'>): OrderStatus {
  return isProductOrderState(row.state) ? ProductOrderProjection[row.state] : OrderStatus.cancelled;
}

export function productOrderStatusText(row: Pick<ProductOrderRow, 'state' | 'kind'>): string {
  return productOrderStateText(row.state, row.kind);
}

export { ProductOrderState };

/** Any order a payment can be for, read the same way for phone and product orders. */
export type PayableOrder = {
  id: string;
  userId: number;
  kind: 'call' | 'product' | 'service';
  productCode: string;
  productName: string;
  /** Paid already (nothing more to pay). */
  paid: boolean;
  /** In a state where a payment can be started. */
  payable: boolean;
  /** Owed before any coupon (fen). */
  amountFen: number;
  couponTarget: CouponTarget;
  call: CallOrderRow | null;
  product: ProductOrderRow | null;
  service: ServiceOrderRow | null;
};

const CALL_PAID: readonly string[] = [CallOrderState.toEvaluate, CallOrderState.evaluated];
const CALL_PAYABLE: readonly string[] = [CallOrderState.paymentDue, CallOrderState.paySubmitted];

export function callPayable(row: CallOrderRow): PayableOrder {
  const amountFen = row.payable_fen ?? 0;
  return {
    id: row.id,
    userId: row.user_id,
    kind: 'call',
    productCode: ProductCode.phoneCall,
    productName: '电话咨询',
    // A free call never had a payment: "paid" only when money was owed and settled.
    paid: CALL_PAID.includes(row.state),
    payable: CALL_PAYABLE.includes(row.state) && amountFen > 0,
    amountFen,
    couponTarget: {
      productCode: ProductCode.phoneCall,
      amountFen,
      charge: row.charge,
      unitPriceFen: row.unit_price_fen,
      billableUnits: row.billable_units ?? 0,
    },
    call: row,
    product: null,
    service: null,
  };
}

export function productPayable(row: ProductOrderRow): PayableOrder {
  const amountFen = Math.max(0, row.price_fen - row.member_discount_fen);
  return {
    id: row.id,
    userId: row.user_id,
    kind: 'product',
    productCode: row.product_code,
    productName: row.product_name,
    paid: row.state === ProductOrderState.paid || row.state === ProductOrderState.fulfilled,
    payable: row.state === ProductOrderState.unpaid,
    amountFen,
    couponTarget: { productCode: row.product_code, amountFen },
    call: null,
    product: row,
    service: null,
  };
}

const ServiceTitle: Readonly<Record<string, string>> = {
  faceConsult: '见面咨询',
  lawyerLetter: '律师函',
  lawsuit: '诉讼代理',
};

/**
 * A service order (issue 14): the price or deposit is due in awaiting_payment (less the card), the
 * balance in balance_due; in any other state nothing is due.
 */
export function servicePayable(row: ServiceOrderRow): PayableOrder {
  const upFront = row.state === 'awaiting_payment';
  const balance = row.state === 'balance_due';
  const amountFen = upFront
    ? Math.max(0, row.up_front_fen - row.member_discount_fen)
    : balance
      ? (row.balance_fen ?? 0)
      : 0;
  return {
    id: row.id,
    userId: row.user_id,
    kind: 'service',
    productCode: row.product_code,
    productName: `${ServiceTitle[row.kind] ?? '法律服务'}${balance ? '（尾款）' : row.kind === 'lawsuit' ? '（订金）' : ''}`,
    paid: !upFront && !balance && row.state !== 'cancelled' && row.paid_at !== null,
    payable: upFront || balance,
    amountFen,
    couponTarget: { productCode: row.product_code, amountFen },
    call: null,
    product: null,
    service: row,
  };
}

/** A product order (of this person when userId is given), or 404: another's id says nothing more. */
export async function findProductOrder(
  db: Q,
  orderId: string,
  userId: number | null,
): Promise<ProductOrderRow> {
  let q = db.selectFrom('product_orders').selectAll().where('id', '=', orderId);
  if (userId !== null) q = q.where('user_id', '=', userId);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('订单不存在');
  return row;
}

export async function loadPayable(db: Q, orderId: string, userId: number | null): Promise<PayableOrder> {
  if (orderId.startsWith('T')) {
    let q = db.selectFrom('call_orders').selectAll().where('id', '=', orderId);
    if (userId !== null) q = q.where('user_id', '=', userId);
    const row = await q.executeTakeFirst();
    if (!row) throw notFound('订单不存在');
    return callPayable(row);
  }
  if (orderId.startsWith('S')) {
    let q = db.selectFrom('service_orders').selectAll().where('id', '=', orderId);
    if (userId !== null) q = q.where('user_id', '=', userId);
    const row = await q.executeTakeFirst();
    if (!row) throw notFound('订单不存在');
    return servicePayable(row);
  }
  return productPayable(await findProductOrder(db, orderId, userId));
}
