import { randomInt } from 'node:crypto';
import {
  type CallOrderEvent,
  type CallOrderState,
  isCallOrderState,
  nextCallOrderState,
} from '@lawline/contract';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { CallOrderTable, Database, LawyerTable } from '../../db/schema.ts';

export type Q = Kysely<Database>;
export type CallOrderRow = Selectable<CallOrderTable>;
export type CallOrderPatch = Omit<Updateable<CallOrderTable>, 'id' | 'state' | 'version' | 'updated_at'>;
export type LawyerRow = Pick<
  Selectable<LawyerTable>,
  'id' | 'user_id' | 'real_name' | 'face_url' | 'lawyer_level' | 'skill_field' | 'mobile' | 'law_firm'
>;

const DAY_MS = 24 * 60 * 60 * 1000;
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Start of the Beijing calendar day holding `ms`. */
export function beijingDayStart(ms: number): number {
  return Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
}

const ID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** 'T' + yyyymmdd (Beijing) + 8 random characters: T20261121K3Q9Z0AB. */
export function newCallOrderId(now: number): string {
  const day = new Date(now + BEIJING_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  let tail = '';
  for (let i = 0; i < 8; i++) tail += ID_CHARS[randomInt(ID_CHARS.length)];
  return `T${day}${tail}`;
}

export function stateOf(row: Pick<CallOrderRow, 'state'>): CallOrderState {
  if (!isCallOrderState(row.state)) throw new Error(`unknown call order state ${row.state}`);
  return row.state;
}

export async function findOrder(db: Q, id: string): Promise<CallOrderRow | undefined> {
  return db.selectFrom('call_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The order, row-locked until the transaction ends on PostgreSQL (SQLite transactions are serial
 * anyway). Taken first by transactions that touch the order's offers too, so two of them queue
 * instead of dead-locking on each other's rows.
 */
export async function lockOrder(
  trx: Q,
  id: string,
  kind: 'sqlite' | 'postgres',
): Promise<CallOrderRow | undefined> {
  const query = trx.selectFrom('call_orders').selectAll().where('id', '=', id);
  return (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function findLawyer(db: Q, id: number): Promise<LawyerRow | undefined> {
  return db
    .selectFrom('lawyers')
    .select(['id', 'user_id', 'real_name', 'face_url', 'lawyer_level', 'skill_field', 'mobile', 'law_firm'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The table refused the event in the order's current state. */
export class TransitionRefused extends Error {
  constructor(
    readonly state: CallOrderState,
    readonly event: CallOrderEvent,
  ) {
    super(`call order: ${event} refused in state ${state}`);
  }
}

/**
 * THE one place a call order changes state: the contract's transition table decides the target,
 * and the UPDATE is guarded by the state and version that were read. Answers the updated row, or
 * null when another change got there first (the caller re-reads, retries or reports a conflict).
 * Throws TransitionRefused when the table does not allow the event from the current state.
 */
export async function applyTransition(
  db: Q,
  order: CallOrderRow,
  event: CallOrderEvent,
  patch: CallOrderPatch,
  now: number,
): Promise<CallOrderRow | null> {
  const from = stateOf(order);
  const to = nextCallOrderState(from, event);
  if (to === null) throw new TransitionRefused(from, event);
  const result = await db
    .updateTable('call_orders')
    .set({ ...patch, state: to, version: order.version + 1, updated_at: now })
    .where('id', '=', order.id)
    .where('state', '=', order.state)
    .where('version', '=', order.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  return {
    ...order,
    ...(patch as Partial<CallOrderRow>),
    state: to,
    version: order.version + 1,
    updated_at: now,
  };
}
