import type { UnlinkInfo, UnlinkReasonCode } from '@lawline/contract/schemas';
import { UnlinkReason } from '@lawline/contract/schemas';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { loginExpired } from '../../http/errors.ts';
import type { RealtimeService } from '../realtime/service.ts';
import type { MembershipService } from '../users/membership.ts';

export const CLOSED_NICKNAME = '已注销用户';

/** Erases one module's personal data of a closing account, inside the closure's transaction. */
export type Eraser = (trx: Transaction<Database>, userId: number, now: number) => Promise<void>;

const CONSEQUENCES = [
  '注销后账号无法恢复，您将无法再登录此账号。',
  '您的手机号、昵称、头像和实名认证信息将被删除。',
  '消息通知、私人律师顾问记录和微信绑定将被删除或解除。',
  '未使用完的会员卡权益、优惠券将作废。',
  '已产生的订单仅以匿名形式保留用于财务对账，不再与您的身份关联。',
  '注销后可以使用同一手机号重新注册，注册后为全新账号。',
];

/**
 * Account cancellation (UnLinkReason → UnLinkResearch). One transaction: the user row is kept
 * (anonymised) for orders, personal data erased, cards ended, sessions revoked, and a closure
 * record written without personal data. Other modules add their own erasers.
 */
export class AccountClosureService {
  private readonly erasers: Array<{ name: string; erase: Eraser }> = [];

  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
    private readonly membership: MembershipService,
    private readonly realtime: RealtimeService,
  ) {}

  /** Modules added later that hold personal data register here (orders anonymise, uploads delete…). */
  addEraser(name: string, erase: Eraser): void {
    this.erasers.push({ name, erase });
  }

  async info(userId: number): Promise<UnlinkInfo> {
    const { memberEntityList } = await this.membership.entities(userId);
    const consequences = [...CONSEQUENCES];
    if (memberEntityList.length > 0) {
      const cards = memberEntityList.map((c) => `${c.productName}（有效期至${c.expireDate}）`).join('、');
      consequences.splice(3, 0, `您仍有有效会员卡：${cards}，注销后将一并失效。`);
    }
    return {
      consequences,
      reasons: Object.entries(UnlinkReason).map(([code, text]) => ({ code: code as UnlinkReasonCode, text })),
      activeCards: memberEntityList,
    };
  }

  async close(
    userId: number,
    input: { reason?: UnlinkReasonCode; text?: string },
  ): Promise<{ closedAt: number }> {
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      const closed = await trx
        .updateTable('users')
        .set({
          mobile: null,
          nickname: CLOSED_NICKNAME,
          avatar_url: '',
          is_guide: 0,
          closed_at: now,
          updated_at: now,
        })
        .where('id', '=', userId)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) !== 1) throw loginExpired();
      await trx.deleteFrom('user_real_names').where('user_id', '=', userId).execute();
      await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
      await trx.deleteFrom('private_counsel').where('user_id', '=', userId).execute();
      await trx.deleteFrom('user_wechat').where('user_id', '=', userId).execute();
      await trx.deleteFrom('wechat_states').where('user_id', '=', userId).execute();
      await trx
        .updateTable('user_cards')
        .set({ ended_at: now })
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .execute();
      for (const { erase } of this.erasers) await erase(trx, userId, now);
      await trx
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .insertInto('account_closures')
        .values({
          user_id: userId,
          reason: input.reason ?? null,
          reason_text: input.text || null,
          closed_at: now,
        })
        .execute();
    });
    // Open websockets of the closed account are closed too (best effort: the sessions are gone anyway).
    await this.realtime.endSessions(userId).catch(() => undefined);
    return { closedAt: now };
  }
}
