import type { Q } from '../calls/repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a paid order gives: a member card (card orders) and the uses of counted rights. */

/** One card per paid card order (unique order_ref): replays grant nothing more. */
export async function grantCard(
  trx: Q,
  userId: number,
  cardCode: string,
  orderId: string,
  now: number,
): Promise<void> {
  const card = await trx
    .selectFrom('member_cards')
    .select(['code', 'validity_days'])
    .where('code', '=', cardCode)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('user_cards')
    .values({
      user_id: userId,
      card_code: card.code,
      starts_at: now,
      expires_at: now + card.validity_days * DAY_MS,
      source_order_id: null,
      order_ref: orderId,
      created_at: now,
      ended_at: null,
    })
    .onConflict((oc) => oc.column('order_ref').doNothing())
    .execute();
}

export async function recordRightUse(
  trx: Q,
  userId: number,
  userCardId: number,
  rightCode: string,
  orderId: string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('user_right_usage')
    .values({
      user_id: userId,
      user_card_id: userCardId,
      right_code: rightCode,
      order_id: null,
      order_ref: orderId,
      used_at: now,
    })
    .execute();
}
