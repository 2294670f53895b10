import { createHash, randomBytes } from 'node:crypto';
import { Timing } from '@lawline/contract';
import type { Db } from '../../db/database.ts';
import { Batcher } from '../jobs/batcher.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = Timing.cookieLifetimeDays * DAY_MS;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Who a session belongs to: a consumer (the H5 app) or a lawyer (the workbench). */
export type SessionRole = 'consumer' | 'lawyer';

type SessionRow = { user_id: number; expires_at: number; revoked_at: number | null; role: string };

/** Token lookups read together at most (one query each batch). */
const LOOKUP_BATCH = 500;

/**
 * Tokens are 256 random bits; only their hash is stored, so a database leak opens no session.
 * Nothing about a session is kept in memory: every request's token is read from the database after
 * the request came (so a revocation on any instance counts at once); the lookups of requests that
 * arrive together are one query (`token_hash in (…)`) instead of one round trip each.
 */
export class SessionService {
  private readonly lookups: Batcher<string, SessionRow | undefined>;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
  ) {
    this.lookups = new Batcher<string, SessionRow | undefined>(
      async (hashes) => {
        const rows = await this.db
          .selectFrom('sessions')
          .select(['token_hash', 'user_id', 'expires_at', 'revoked_at', 'role'])
          .where('token_hash', 'in', [...new Set(hashes)])
          .execute();
        const byHash = new Map(rows.map((r) => [r.token_hash, r]));
        return hashes.map((h) => ({ ok: true as const, value: byHash.get(h) }));
      },
      { maxBatch: LOOKUP_BATCH, concurrency: 4 },
    );
  }

  async issue(userId: number, role: SessionRole = 'consumer'): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    const expiresAt = now + SESSION_LIFETIME_MS;
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: now,
        expires_at: expiresAt,
        revoked_at: null,
        role,
      })
      .execute();
    return { token, expiresAt };
  }

  /** The user a live token of `role` belongs to, or null (unknown, revoked, expired, other role). */
  async resolve(token: string, role: SessionRole = 'consumer'): Promise<number | null> {
    const session = await this.resolveSession(token);
    return session && session.role === role ? session.userId : null;
  }

  /** The user and role of a live token, or null (unknown, revoked or expired). */
  async resolveSession(token: string): Promise<{ userId: number; role: SessionRole } | null> {
    if (token.length < 16 || token.length > 128) return null;
    const row = await this.lookups.submit(hashToken(token));
    if (!row || row.revoked_at !== null || row.expires_at <= this.clock()) return null;
    return { userId: row.user_id, role: row.role === 'lawyer' ? 'lawyer' : 'consumer' };
  }

  async revoke(token: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock() })
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllOf(userId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
