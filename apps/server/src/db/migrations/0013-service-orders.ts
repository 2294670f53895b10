import { type Kysely, sql } from 'kysely';
import type { DbKind } from '../database.ts';
import { withId } from './helpers.ts';

/**
 * Service orders (issue 14): face consultations, lawyer letters and lawsuits on one lifecycle
 * (contract rules/service-order-machine.ts). An order ('S' + yyyymmdd + 8 characters), its
 * timeline (every transition and step, also the audit trail) and its files (the person's evidence,
 * the lawyer's documents, the PDFs the server renders). Money is fen; times epoch ms.
 *
 * Evaluations of service orders go into the same `evaluations` table as phone ones (one rating per
 * lawyer, one reviews list), so its order_id no longer references call_orders only.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder.
export async function up(db: Kysely<any>, kind: DbKind): Promise<void> {
  await db.schema
    .createTable('service_orders')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('channel_key', 'varchar(32)', (c) => c.notNull())
    /** faceConsult | lawyerLetter | lawsuit (contract ServiceKind). */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    /** Contract ServiceOrderState. */
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    /** The kind's sub-step stage (FaceStage, LetterStage, LawsuitStage); null = no step yet. */
    .addColumn('stage', 'varchar(24)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    /** When the order entered its state (the deadlines count from here). */
    .addColumn('state_since', 'bigint', (c) => c.notNull())
    .addColumn('product_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('consult_field', 'integer', (c) => c.notNull())
    /** Face: the meeting city; lawsuit: the court's city or county; letter: null. */
    .addColumn('region_code', 'varchar(6)')
    /** Face: the lawyer level chosen (1 著名, 2 专家, 3 资深). */
    .addColumn('level', 'integer')
    /** The kind's form (JSON): the matter, parties, evidence upload ids … */
    .addColumn('details', 'text', (c) => c.notNull())
    /** The price before any card (face: of the level; lawsuit: the deposit). */
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('member_discount_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('right_code', 'varchar(32)')
    .addColumn('right_card_id', 'integer')
    /** Due first, before the card: the price, or the lawsuit's deposit. */
    .addColumn('up_front_fen', 'integer', (c) => c.notNull())
    /** Everything settled on the order (up front + balance), and what went back. */
    .addColumn('paid_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refund_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quote_fen', 'integer')
    .addColumn('quote_note', 'text')
    .addColumn('quoted_at', 'bigint')
    /** The quote less the deposit, once the quote is accepted. */
    .addColumn('balance_fen', 'integer')
    /** The arranged lawyer (lawyers.id). */
    .addColumn('lawyer_id', 'integer')
    .addColumn('arranged_at', 'bigint')
    /** The first payment (the arranging promise counts from it). */
    .addColumn('paid_at', 'bigint')
    /** Face: the confirmed meeting time. */
    .addColumn('meeting_at', 'bigint')
    .addColumn('entrust_sign_name', 'varchar(40)')
    .addColumn('entrust_signed_at', 'bigint')
    .addColumn('cancel_reason', 'text')
    .addColumn('closed_at', 'bigint')
    /** The form visit's key: a double tap answers the same order. */
    .addColumn('request_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('service_orders_request_once', ['user_id', 'request_id'])
    .execute();
  await db.schema
    .createIndex('service_orders_user')
    .on('service_orders')
    .columns(['user_id', 'state', 'created_at'])
    .execute();
  // Offers: orders of a kind waiting for a lawyer, oldest first.
  await db.schema
    .createIndex('service_orders_offers')
    .on('service_orders')
    .columns(['state', 'kind', 'created_at'])
    .execute();
  await db.schema
    .createIndex('service_orders_lawyer')
    .on('service_orders')
    .columns(['lawyer_id', 'state'])
    .execute();

  await withId(db.schema.createTable('service_events'), kind)
    .addColumn('order_id', 'varchar(24)', (c) => c.notNull().references('service_orders.id'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    /** person | lawyer | system | operator */
    .addColumn('actor', 'varchar(16)', (c) => c.notNull())
    /** users.id of a person, lawyers.id of a lawyer; null for the system. */
    .addColumn('actor_id', 'integer')
    /** The lifecycle event or the sub-step (create, pay, proposeTime, courierStatus …). */
    .addColumn('event', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_state', 'varchar(20)')
    .addColumn('to_state', 'varchar(20)')
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    /** What the step carried (a proposal, a draft, a milestone, file ids …), JSON. */
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    /** 1 = on the person's timeline; 0 = the lawyer's and the audit only. */
    .addColumn('for_person', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('service_events_order')
    .on('service_events')
    .columns(['order_id', 'id'])
    .execute();

  await db.schema
    .createTable('service_files')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(24)', (c) => c.notNull().references('service_orders.id'))
    /** evidence | letterPdf | entrustmentPdf | document */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    /** Evidence: the person's upload (uploads.id); the bytes stay where the upload put them. */
    .addColumn('upload_id', 'varchar(36)')
    /** Other files: the path under DATA_DIR. */
    .addColumn('storage', 'varchar(300)')
    /** person | lawyer | system */
    .addColumn('created_by', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('service_files_order')
    .on('service_files')
    .columns(['order_id', 'kind'])
    .execute();

  await evaluationsForEveryOrder(db, kind);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder.
async function evaluationsForEveryOrder(db: Kysely<any>, kind: DbKind): Promise<void> {
  if (kind === 'postgres') {
    await sql`alter table evaluations drop constraint if exists evaluations_order_id_fkey`.execute(db);
    return;
  }
  // SQLite cannot drop a constraint: the table is rebuilt with the same columns and index.
  await db.schema
    .createTable('evaluations_next')
    .addColumn('order_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('lawyer_id', 'integer')
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('tag_ids', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into evaluations_next (order_id, user_id, lawyer_id, stars, tag_ids, content, created_at)
    select order_id, user_id, lawyer_id, stars, tag_ids, content, created_at from evaluations`.execute(db);
  await db.schema.dropTable('evaluations').execute();
  await db.schema.alterTable('evaluations_next').renameTo('evaluations').execute();
  await db.schema
    .createIndex('evaluations_lawyer')
    .on('evaluations')
    .columns(['lawyer_id', 'created_at'])
    .execute();
}
