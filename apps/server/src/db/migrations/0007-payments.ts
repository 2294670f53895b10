import type { Kysely } from 'kysely';
import type { DbKind } from '../database.ts';
import { withId } from './helpers.ts';

/**
 * Payments, cards and refunds (issue 6): product orders (member cards and services bought by
 * product code), payment attempts (one out_trade_no each, several per order), the ledger every paid
 * or refunded fen lands in, refunds, and the sandbox gateways' trades (the sandbox is "the outside
 * world", kept in its own table so it survives restarts like a real vendor would).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder.
export async function up(db: Kysely<any>, kind: DbKind): Promise<void> {
  await db.schema
    .createTable('product_orders')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('channel_key', 'varchar(32)', (c) => c.notNull())
    /** card | service */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('product_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('product_name', 'varchar(64)', (c) => c.notNull())
    /** unpaid | paid | fulfilled | cancelled | refunded */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('member_discount_fen', 'integer', (c) => c.notNull().defaultTo(0))
    /** The member right that priced it (faceDiscount, docReview, …) and the card it came from. */
    .addColumn('right_code', 'varchar(32)')
    .addColumn('right_card_id', 'integer')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('paid_fen', 'integer')
    .addColumn('paid_at', 'bigint')
    .addColumn('cancel_reason', 'text')
    .addColumn('closed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('product_orders_user')
    .on('product_orders')
    .columns(['user_id', 'state'])
    .execute();

  await withId(db.schema.createTable('payments'), kind)
    .addColumn('out_trade_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('order_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    /** wechat | alipay | none (nothing to pay) */
    .addColumn('vendor', 'varchar(16)', (c) => c.notNull())
    /** wechat_jsapi | wechat_h5 | alipay_wap | free */
    .addColumn('pay_channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('pay_type', 'varchar(2)', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('order_amount_fen', 'integer', (c) => c.notNull())
    .addColumn('user_coupon_id', 'integer')
    .addColumn('discount_fen', 'integer', (c) => c.notNull().defaultTo(0))
    /** open | paid | closed | refunded */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    /** The provider's answer for the client (JSON), so a double tap gets the same attempt. */
    .addColumn('client_params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('provider_txn_id', 'varchar(64)')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('close_reason', 'varchar(32)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_order').on('payments').columns(['order_id', 'state']).execute();

  await withId(db.schema.createTable('refunds'), kind)
    .addColumn('out_refund_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
    .addColumn('order_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    /** pending | succeeded | failed */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_refund_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .execute();

  await withId(db.schema.createTable('ledger_entries'), kind)
    /** pay:{paymentId} or refund:{refundId}: one entry per fact, whatever replays arrive. */
    .addColumn('entry_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
    .addColumn('order_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    /** payment | refund */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    /** Positive for money in, negative for money back. */
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('vendor', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_order').on('ledger_entries').column('order_id').execute();

  await db.schema
    .createTable('sandbox_pay_trades')
    .addColumn('vendor', 'varchar(16)', (c) => c.notNull())
    .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull())
    /** The cashier page's key (random; the URL carries it). */
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    /** The gateway's own record of the trade (JSON). */
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_pay_trades_pk', ['vendor', 'out_trade_no'])
    .execute();

  // Cards and right uses point at product orders ('P…'): one card per paid card order.
  await db.schema.alterTable('user_cards').addColumn('order_ref', 'varchar(24)').execute();
  await db.schema
    .createIndex('user_cards_order_once')
    .on('user_cards')
    .column('order_ref')
    .unique()
    .execute();
  await db.schema.alterTable('user_right_usage').addColumn('order_ref', 'varchar(24)').execute();
  // A coupon reserved by an order's open payment (used_order_id) is used once that payment is paid.
  await db.schema.createIndex('user_coupons_order').on('user_coupons').column('used_order_id').execute();
}
