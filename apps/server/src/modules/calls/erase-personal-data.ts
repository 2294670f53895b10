import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const CLOSED_ACCOUNT_REMARK = '（用户已注销）';

/**
 * Account closure: orders stay for the accounts (amounts, times, lawyer), but what the person
 * wrote and where they were go.
 */
export async function eraseCallOrderPersonalData(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx
    .updateTable('call_orders')
    .set({ user_remark: CLOSED_ACCOUNT_REMARK, user_location: '', expect_time: '' })
    .where('user_id', '=', userId)
    .execute();
}
