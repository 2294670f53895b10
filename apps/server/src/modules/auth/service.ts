import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { maskPhone } from '@lawline/contract';
import type { SendCodeResult } from '@lawline/contract/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbKind } from '../../db/database.ts';
import { AppError, badRequest, tooMany } from '../../http/errors.ts';
import type { SmsProvider, SmsPurpose } from '../../providers/sms/port.ts';
import type { SessionService } from '../sessions/service.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** OTP policy (providers.md; NIST SP 800-63B, OWASP ASVS). */
export const SmsPolicy = {
  codeTtlMs: 5 * MINUTE,
  maxWrongTries: 5,
  perPhone: { gapMs: MINUTE, perHour: 5, perDay: 10 },
  perIp: { perHour: 30, perDay: 100 },
} as const;

export type SmsServiceDeps = {
  db: Db;
  dbKind: DbKind;
  clock: () => number;
  sms: SmsProvider;
  sessions: SessionService;
  codeSecret: string;
  log: FastifyBaseLogger;
};

/** SMS login: send a code under the limits, check it, create the user on first login. */
export class AuthService {
  constructor(private readonly deps: SmsServiceDeps) {}

  private hash(mobile: string, purpose: SmsPurpose, code: string): string {
    return createHmac('sha256', this.deps.codeSecret).update(`${purpose}:${mobile}:${code}`).digest('hex');
  }

  async sendCode(mobile: string, purpose: SmsPurpose, ip: string): Promise<SendCodeResult> {
    const { db, clock } = this.deps;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = clock();
    await db.transaction().execute(async (trx) => {
      // Serialise sends per phone and per IP so parallel requests cannot slip past the counts.
      const keys = [`sms:m:${mobile}`, `sms:ip:${ip}`].sort();
      if (this.deps.dbKind === 'postgres') {
        await trx
          .insertInto('rate_locks')
          .values(keys.map((key) => ({ key })))
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
        await trx
          .selectFrom('rate_locks')
          .select('key')
          .where('key', 'in', keys)
          .orderBy('key')
          .forUpdate()
          .execute();
      }
      const count = async (column: 'mobile' | 'ip', value: string, since: number) =>
        Number(
          (
            await trx
              .selectFrom('sms_sends')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where(column, '=', value)
              .where('created_at', '>', since)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const last = await trx
        .selectFrom('sms_sends')
        .select('created_at')
        .where('mobile', '=', mobile)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last && now - last.created_at < SmsPolicy.perPhone.gapMs) {
        const wait = Math.ceil((SmsPolicy.perPhone.gapMs - (now - last.created_at)) / SECOND);
        throw tooMany(`发送太频繁，请${wait}秒后再试`);
      }
      if ((await count('mobile', mobile, now - DAY)) >= SmsPolicy.perPhone.perDay) {
        throw tooMany('该手机号今日获取验证码次数已达上限，请明天再试');
      }
      if ((await count('mobile', mobile, now - HOUR)) >= SmsPolicy.perPhone.perHour) {
        throw tooMany('该手机号获取验证码过于频繁，请一小时后再试');
      }
      if (
        (await count('ip', ip, now - HOUR)) >= SmsPolicy.perIp.perHour ||
        (await count('ip', ip, now - DAY)) >= SmsPolicy.perIp.perDay
      ) {
        throw tooMany('当前网络获取验证码过于频繁，请稍后再试');
      }
      await trx.insertInto('sms_sends').values({ mobile, ip, created_at: now }).execute();
      // A new send kills every older code of this phone and purpose.
      await trx
        .updateTable('sms_codes')
        .set({ revoked_at: now })
        .where('mobile', '=', mobile)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .insertInto('sms_codes')
        .values({
          mobile,
          purpose,
          code_hash: this.hash(mobile, purpose, code),
          attempts: 0,
          created_at: now,
          expires_at: now + SmsPolicy.codeTtlMs,
          used_at: null,
          revoked_at: null,
        })
        .execute();
    });
    try {
      await this.deps.sms.send({ mobile, code, purpose });
    } catch (err) {
      this.deps.log.error({ err, mobile: maskPhone(mobile) }, 'SMS send failed');
      await db
        .updateTable('sms_codes')
        .set({ revoked_at: clock() })
        .where('mobile', '=', mobile)
        .where('purpose', '=', purpose)
        .where('revoked_at', 'is', null)
        .where('used_at', 'is', null)
        .execute();
      throw new AppError(503, '短信发送失败，请稍后重试');
    }
    return { resendAfter: SmsPolicy.perPhone.gapMs / SECOND };
  }

  /** Consumes a code: true once, for the right code within its life and its five tries. */
  async verifyCode(mobile: string, purpose: SmsPurpose, code: string): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock();
    const row = await db
      .selectFrom('sms_codes')
      .selectAll()
      .where('mobile', '=', mobile)
      .where('purpose', '=', purpose)
      .where('revoked_at', 'is', null)
      .where('used_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row || row.expires_at <= now) throw badRequest('验证码已失效，请重新获取');
    if (row.attempts >= SmsPolicy.maxWrongTries) throw badRequest('验证码错误次数过多，请重新获取');
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(this.hash(mobile, purpose, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      const counted = await db
        .updateTable('sms_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .where('attempts', '<', SmsPolicy.maxWrongTries)
        .executeTakeFirst();
      const left = SmsPolicy.maxWrongTries - row.attempts - 1;
      if (Number(counted.numUpdatedRows) === 0 || left <= 0) {
        throw badRequest('验证码错误次数过多，请重新获取');
      }
      throw badRequest(`验证码错误，还可尝试${left}次`);
    }
    // Single use: of two requests with the same code, exactly one consumes it.
    const used = await db
      .updateTable('sms_codes')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('attempts', '<', SmsPolicy.maxWrongTries)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw badRequest('验证码已失效，请重新获取');
  }

  async codeLogin(
    mobile: string,
    code: string,
    channelKey: string,
  ): Promise<{ userId: number; token: string }> {
    await this.verifyCode(mobile, 'login', code);
    const userId = await this.findOrCreateUser(mobile, channelKey);
    const { token } = await this.deps.sessions.issue(userId);
    return { userId, token };
  }

  /** The account holding this mobile, created on first use (SMS login, partner login). */
  async findOrCreateUser(mobile: string, channelKey: string): Promise<number> {
    const { db, clock } = this.deps;
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', mobile)
      .executeTakeFirst();
    if (existing) return existing.id;
    const now = clock();
    try {
      const created = await db
        .insertInto('users')
        .values({
          mobile,
          nickname: `用户${mobile.slice(-4)}`,
          avatar_url: '',
          channel_key: channelKey,
          is_guide: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return created.id;
    } catch (err) {
      // Two first logins at once: the other one created the user.
      const again = await db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst();
      if (again) return again.id;
      throw err;
    }
  }
}
