import { CallOrderState, Charge, computeCallBill } from '@lawline/contract';
import type { Insertable, Transaction } from 'kysely';
import type { CallOrderTable, Database } from '../schema.ts';

const MINUTE = 60_000;
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Sample finished calls (field, minutes ago, seconds, stars) so the home ticker has content. */
const samples: ReadonlyArray<readonly [field: number, minutesAgo: number, seconds: number, stars: number]> = [
  [2, 3, 412, 5],
  [4, 11, 265, 5],
  [5, 26, 538, 4],
  [3, 47, 190, 5],
  [6, 75, 322, 5],
  [1, 130, 701, 4],
  [24, 210, 456, 5],
  [7, 320, 245, 5],
];

/**
 * SAMPLE DATA: one sample user (no phone number) with finished phone consultations, each with a
 * lawyer of its field and an evaluation, so order/dynamic ('张**律师 3分钟前 为用户解答了…') has
 * content on a fresh sandbox. Their questions say 样例数据.
 */
export async function seedSampleCallOrders(trx: Transaction<Database>, now: number): Promise<void> {
  const user = await trx
    .insertInto('users')
    .values({
      mobile: null,
      nickname: '示例用户（样例数据）',
      avatar_url: '',
      channel_key: 'gzh',
      is_guide: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lawyers = await trx.selectFrom('lawyers').select(['id', 'skill_field']).orderBy('id').execute();
  const day = new Date(now + BEIJING_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  const rows: Insertable<CallOrderTable>[] = [];
  samples.forEach(([field, minutesAgo, seconds], index) => {
    const lawyer = lawyers.find((l) => l.skill_field.split(',')[0] === String(field)) ?? lawyers[index];
    if (!lawyer) return;
    const ended = now - minutesAgo * MINUTE;
    const started = ended - seconds * 1000;
    const bill = computeCallBill({
      charge: Charge.byTime,
      unitPriceFen: 600,
      durationSeconds: seconds,
      isMember: index % 2 === 0,
      hasCountCardUse: false,
    });
    rows.push({
      id: `T${day}SAMPLE0${index}`,
      user_id: user.id,
      channel_key: 'gzh',
      consult_field: field,
      user_remark: '（样例数据）示例咨询问题',
      user_location: '',
      expect_time: '',
      state: CallOrderState.evaluated,
      lawyer_id: lawyer.id,
      preferred_lawyer_id: null,
      continued_from: null,
      charge: Charge.byTime,
      unit_price_fen: 600,
      billable_units: bill.billableUnits,
      amount_fen: bill.amountFen,
      payable_fen: bill.payableFen,
      earnings_fen: bill.lawyerEarningsFen,
      free_reason: bill.freeReason,
      count_card_id: null,
      subs_id: null,
      secret_no: null,
      started_at: started,
      ended_at: ended,
      duration_s: seconds,
      cancel_reason: null,
      closed_by: null,
      closed_at: null,
      promise_deadline: started,
      give_up_at: null,
      attempts: 1,
      autopilot: 0,
      created_at: started - 40_000,
      updated_at: ended,
      version: 5,
    });
  });
  if (rows.length === 0) return;
  await trx.insertInto('call_orders').values(rows).execute();
  await trx
    .insertInto('evaluations')
    .values(
      rows.map((row, index) => ({
        order_id: row.id,
        user_id: user.id,
        lawyer_id: row.lawyer_id ?? null,
        stars: samples[index]?.[3] ?? 5,
        tag_ids: '1,4',
        content: '（样例数据）',
        created_at: row.updated_at,
      })),
    )
    .execute();
}
