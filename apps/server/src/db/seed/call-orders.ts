import { CallOrderState, Charge, computeCallBill } from '@lawline/contract';
import type { Insertable, Transaction } from 'kysely';
import type { CallOrderTable, Database } from '../schema.ts';

const MINUTE = 60_000;
const DAY_MS = 24 * 60 * MINUTE;
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
    rows.push(
      sampleCallRow({
        id: `T${day}SAMPLE0${index}`,
        userId: user.id,
        lawyerId: lawyer.id,
        field,
        seconds,
        ended,
        isMember: index % 2 === 0,
        updatedAt: ended,
        version: 5,
      }),
    );
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

/** Sample reviewers (no phone numbers): their names show masked ('王**'). */
const reviewers = ['王女士', '李先生', '陈女士', '赵先生', '刘女士', '周先生', '吴女士', '孙先生'];

/** Sample review comments (evaluation content) with their stars and tags. */
const reviewTexts: ReadonlyArray<readonly [stars: number, tagIds: string, content: string]> = [
  [5, '1,4', '律师很专业，几分钟就把我的问题讲清楚了，还告诉我下一步要准备哪些材料。'],
  [5, '2,5', '非常耐心，听我讲完来龙去脉才给建议，态度很好。'],
  [4, '3,6', '回电很快，建议比较实用，就是通话时间有点短。'],
  [5, '1,7,8', '思路清晰，分析了几种可能的结果，心里有底了，推荐。'],
  [5, '4', ''],
  [4, '2,6', '解答得挺细，给了协商和起诉两种方案。'],
  [5, '1,8', '第二次咨询这位律师了，一如既往地靠谱。'],
  [3, '3', '回复及时，但有些问题还需要再咨询。'],
];

/** How many sample reviews each of the hottest lawyers gets (some below 3: no average shown). */
const reviewCounts = [6, 5, 4, 3, 2, 1, 0, 3, 4, 2, 1, 5];

/**
 * SAMPLE DATA: evaluated phone consultations of the hottest lawyers by sample reviewers, so
 * profiles show reviews (uc/lawyerInfo/reviews) — several with an average, a few below the
 * minimum count. Days to weeks old, so the home ticker keeps the fresher samples first.
 */
export async function seedSampleReviews(trx: Transaction<Database>, now: number): Promise<void> {
  const users: number[] = [];
  for (const nickname of reviewers) {
    const user = await trx
      .insertInto('users')
      .values({
        mobile: null,
        nickname,
        avatar_url: '',
        channel_key: 'gzh',
        is_guide: 1,
        created_at: now - 90 * DAY_MS,
        updated_at: now - 90 * DAY_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push(user.id);
  }
  const lawyers = await trx
    .selectFrom('lawyers')
    .select(['id', 'skill_field'])
    .orderBy('hot_score', 'desc')
    .orderBy('id')
    .limit(reviewCounts.length)
    .execute();
  const day = new Date(now + BEIJING_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  const rows: Insertable<CallOrderTable>[] = [];
  const evaluations: Array<{
    order: string;
    user: number;
    lawyer: number;
    text: (typeof reviewTexts)[number];
  }> = [];
  let k = 0;
  lawyers.forEach((lawyer, li) => {
    const field = Number(lawyer.skill_field.split(',')[0] ?? 7) || 7;
    for (let j = 0; j < (reviewCounts[li] ?? 0); j++) {
      k++;
      const text = reviewTexts[(li + j) % reviewTexts.length] as (typeof reviewTexts)[number];
      const user = users[(li * 3 + j) % users.length] as number;
      const seconds = 180 + ((li * 97 + j * 61) % 600);
      const ended = now - (2 + li + j * 5) * DAY_MS - (li * 37 + j * 11) * MINUTE;
      const id = `T${day}RV${String(k).padStart(6, '0')}`;
      rows.push(
        sampleCallRow({
          id,
          userId: user,
          lawyerId: lawyer.id,
          field,
          seconds,
          ended,
          isMember: false,
          updatedAt: ended + 10 * MINUTE,
          version: 6,
        }),
      );
      evaluations.push({ order: id, user, lawyer: lawyer.id, text });
    }
  });
  if (rows.length === 0) return;
  await trx.insertInto('call_orders').values(rows).execute();
  await trx
    .insertInto('evaluations')
    .values(
      evaluations.map((e, i) => ({
        order_id: e.order,
        user_id: e.user,
        lawyer_id: e.lawyer,
        stars: e.text[0],
        tag_ids: e.text[1],
        content: e.text[2],
        created_at: (rows[i]?.updated_at as number) ?? now,
      })),
    )
    .execute();
}

/** A finished, evaluated sample call (clearly sample: its remark says so), billed by the one rule. */
function sampleCallRow(o: {
  id: string;
  userId: number;
  lawyerId: number;
  field: number;
  seconds: number;
  ended: number;
  isMember: boolean;
  updatedAt: number;
  version: number;
}): Insertable<CallOrderTable> {
  const started = o.ended - o.seconds * 1000;
  const bill = computeCallBill({
    charge: Charge.byTime,
    unitPriceFen: 600,
    durationSeconds: o.seconds,
    isMember: o.isMember,
    hasCountCardUse: false,
  });
  return {
    id: o.id,
    user_id: o.userId,
    channel_key: 'gzh',
    consult_field: o.field,
    user_remark: '（样例数据）示例咨询问题',
    user_location: '',
    expect_time: '',
    state: CallOrderState.evaluated,
    lawyer_id: o.lawyerId,
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
    ended_at: o.ended,
    duration_s: o.seconds,
    cancel_reason: null,
    closed_by: null,
    closed_at: null,
    promise_deadline: started,
    give_up_at: null,
    attempts: 1,
    autopilot: 0,
    created_at: started - 40_000,
    updated_at: o.updatedAt,
    version: o.version,
  };
}

/**
 * A lawyer's rating is the average of their evaluations (as evaluating keeps it): the lawyers the
 * sample calls and reviews evaluated get the rating and count of those, so card, profile and
 * reviews agree.
 */
export async function rateFromSampleEvaluations(trx: Transaction<Database>): Promise<void> {
  const rows = await trx
    .selectFrom('evaluations')
    .select(['lawyer_id'])
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('stars').as('stars')])
    .where('lawyer_id', 'is not', null)
    .groupBy('lawyer_id')
    .execute();
  for (const row of rows) {
    const n = Number(row.n);
    if (!row.lawyer_id || n === 0) continue;
    await trx
      .updateTable('lawyers')
      .set({ rating: Math.round((Number(row.stars) / n) * 10) / 10, rating_count: n })
      .where('id', '=', row.lawyer_id)
      .execute();
  }
}
