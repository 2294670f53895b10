import { randomInt } from 'node:crypto';
import {
  isServiceOrderState,
  type ServiceKind,
  type ServiceOrderState,
  serviceKinds,
} from '@lawline/contract';
import type { LetterParty } from '@lawline/contract/schemas';
import type { Selectable, Updateable } from 'kysely';
import type { ServiceEventTable, ServiceFileTable, ServiceOrderTable } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { Q } from '../calls/repo.ts';

export type { Q };
export type ServiceOrderRow = Selectable<ServiceOrderTable>;
export type ServiceEventRow = Selectable<ServiceEventTable>;
export type ServiceFileRow = Selectable<ServiceFileTable>;
/** Columns a transition or step may set besides state, stage, version and the times. */
export type ServiceOrderPatch = Omit<
  Updateable<ServiceOrderTable>,
  'id' | 'user_id' | 'kind' | 'state' | 'stage' | 'version' | 'state_since' | 'updated_at' | 'request_id'
>;

const ID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** 'S' + yyyymmdd (Beijing) + 8 random characters: S20261125A1B2C3D4. */
export function newServiceOrderId(now: number): string {
  const day = new Date(now + BEIJING_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  let tail = '';
  for (let i = 0; i < 8; i++) tail += ID_CHARS[randomInt(ID_CHARS.length)];
  return `S${day}${tail}`;
}

export function isServiceOrderId(id: string): boolean {
  return /^S\d{8}[0-9A-Z]{8}$/.test(id);
}

export function kindOf(row: Pick<ServiceOrderRow, 'kind'>): ServiceKind {
  const kind = serviceKinds.find((k) => k === row.kind);
  if (!kind) throw new Error(`unknown service kind ${row.kind}`);
  return kind;
}

export function serviceStateOf(row: Pick<ServiceOrderRow, 'state'>): ServiceOrderState {
  if (!isServiceOrderState(row.state)) throw new Error(`unknown service order state ${row.state}`);
  return row.state;
}

// ---------------------------------------------------------------------------------------------
// The kinds' forms, kept as JSON in `details` (evidence lives in service_files).

export type FaceDetails = { preferredDates: string[]; description: string; contactName: string };
export type LetterDetails = {
  sender: LetterParty;
  recipient: LetterParty;
  facts: string;
  demands: string;
  deadline: string;
};
export type LawsuitDetails = {
  role: 'plaintiff' | 'defendant';
  caseType: 'civil' | 'administrative' | 'criminal';
  amountFen: number;
  facts: string;
};

export function faceDetails(row: ServiceOrderRow): FaceDetails {
  return JSON.parse(row.details) as FaceDetails;
}
export function letterDetails(row: ServiceOrderRow): LetterDetails {
  return JSON.parse(row.details) as LetterDetails;
}
export function lawsuitDetails(row: ServiceOrderRow): LawsuitDetails {
  return JSON.parse(row.details) as LawsuitDetails;
}

// ---------------------------------------------------------------------------------------------

export async function findServiceOrder(db: Q, id: string): Promise<ServiceOrderRow | undefined> {
  return db.selectFrom('service_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The person's own order, or 404 (another person's id says nothing more). */
export async function ownServiceOrder(db: Q, userId: number, id: string): Promise<ServiceOrderRow> {
  const row = await db
    .selectFrom('service_orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('订单不存在');
  return row;
}

/** The order arranged to this lawyer (lawyers.id), or 404. */
export async function lawyerServiceOrder(db: Q, lawyerId: number, id: string): Promise<ServiceOrderRow> {
  const row = await db
    .selectFrom('service_orders')
    .selectAll()
    .where('id', '=', id)
    .where('lawyer_id', '=', lawyerId)
    .executeTakeFirst();
  if (!row) throw notFound('订单不存在');
  return row;
}

export async function eventsOf(db: Q, orderId: string): Promise<ServiceEventRow[]> {
  return db.selectFrom('service_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export async function filesOf(db: Q, orderId: string): Promise<ServiceFileRow[]> {
  return db
    .selectFrom('service_files')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function payloadOf<T = Record<string, unknown>>(event: Pick<ServiceEventRow, 'payload'>): T {
  try {
    return JSON.parse(event.payload) as T;
  } catch {
    return {} as T;
  }
}
