import { maskIdNumber, maskPhone, maskRealName } from '@lawline/contract';
import type { SaveThreeElements, ThreeElements } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, loginExpired } from '../../http/errors.ts';
import type { FieldCipher, KeyedHash } from '../../providers/crypto/field-cipher.ts';

const LOOKUP_DOMAIN = 'resident-id';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

/**
 * Three elements (real name, resident ID number, phone). The ID number is sensitive personal
 * information: stored only AES-256-GCM encrypted (AAD binds it to the user) plus an HMAC look-up
 * hash so one number cannot be bound to two accounts; only ever answered masked.
 */
export class RealNameService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
    private readonly cipher: FieldCipher,
    private readonly lookup: KeyedHash,
  ) {}

  private context(userId: number): string {
    return `user_real_names.id_number:${userId}`;
  }

  async check(userId: number): Promise<ThreeElements> {
    const user = await this.db
      .selectFrom('users')
      .select(['mobile', 'closed_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user || user.closed_at !== null) throw loginExpired();
    const row = await this.db
      .selectFrom('user_real_names')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return { verified: false, realName: null, idNumber: null, mobile: null, verifiedAt: null };
    return {
      verified: true,
      realName: maskRealName(row.real_name),
      idNumber: maskIdNumber(this.cipher.decrypt(row.id_number_cipher, this.context(userId))),
      mobile: user.mobile ? maskPhone(user.mobile) : null,
      verifiedAt: row.created_at,
    };
  }

  async save(userId: number, input: SaveThreeElements): Promise<ThreeElements> {
    const user = await this.db
      .selectFrom('users')
      .select(['mobile', 'closed_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user || user.closed_at !== null) throw loginExpired();
    if (user.mobile !== input.mobile) throw badRequest('手机号必须是当前登录账号绑定的手机号');
    const existing = await this.db
      .selectFrom('user_real_names')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (existing) throw conflict('您已完成实名认证，如需修改请联系客服');
    const lookup = this.lookup.of(input.idNumber, LOOKUP_DOMAIN);
    const holder = await this.db
      .selectFrom('user_real_names')
      .select('user_id')
      .where('id_number_lookup', '=', lookup)
      .executeTakeFirst();
    if (holder) throw conflict('该身份证号已绑定其他账号，如有疑问请联系客服');
    const now = this.clock();
    try {
      await this.db
        .insertInto('user_real_names')
        .values({
          user_id: userId,
          real_name: input.realName,
          id_number_cipher: this.cipher.encrypt(input.idNumber, this.context(userId)),
          id_number_lookup: lookup,
          consent_at: now,
          created_at: now,
        })
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('该身份证号已绑定其他账号，如有疑问请联系客服');
      throw err;
    }
    return this.check(userId);
  }
}
