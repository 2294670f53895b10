import { rm } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { CLOSED_ACCOUNT_REMARK } from '../calls/erase-personal-data.ts';

const nobody = { name: '', phone: '', address: '' };

/**
 * Account closure: service orders stay for the accounts (amounts, times, states, lawyer), but the
 * forms the person filled in, the timeline's texts and drafts, and the order's files go (the
 * letter and the entrustment name the person; the evidence is their own upload).
 */
export async function eraseServiceOrderPersonalData(
  trx: Transaction<Database>,
  userId: number,
  dataDir: string,
): Promise<void> {
  const orders = await trx
    .selectFrom('service_orders')
    .select(['id', 'kind', 'details'])
    .where('user_id', '=', userId)
    .execute();
  if (orders.length === 0) return;
  for (const order of orders) {
    const d = JSON.parse(order.details) as Record<string, unknown>;
    const erased =
      order.kind === 'faceConsult'
        ? { preferredDates: [], description: CLOSED_ACCOUNT_REMARK, contactName: '' }
        : order.kind === 'lawyerLetter'
          ? {
              sender: nobody,
              recipient: nobody,
              facts: CLOSED_ACCOUNT_REMARK,
              demands: '',
              deadline: d.deadline ?? '',
            }
          : { ...d, facts: CLOSED_ACCOUNT_REMARK };
    await trx
      .updateTable('service_orders')
      .set({ details: JSON.stringify(erased), entrust_sign_name: null, cancel_reason: null })
      .where('id', '=', order.id)
      .execute();
  }
  const ids = orders.map((o) => o.id);
  await trx
    .updateTable('service_events')
    .set({ text: '', payload: '{}' })
    .where('order_id', 'in', ids)
    .execute();
  const files = await trx
    .selectFrom('service_files')
    .select(['storage'])
    .where('order_id', 'in', ids)
    .execute();
  await trx.deleteFrom('service_files').where('order_id', 'in', ids).execute();
  for (const f of files) {
    const relative = normalize(f.storage ?? '');
    if (relative.startsWith('services')) await rm(join(dataDir, relative), { force: true });
  }
}
