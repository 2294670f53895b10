import type { Kysely } from 'kysely';
import type { DbKind } from '../database.ts';

/**
 * An OAuth state belongs to the browser that asked for it: `browser_hash` is the SHA-256 of the
 * random value weixin/authorize set as a cookie, and weixin/bindAuthorize spends the state only
 * with that cookie (a state sent to someone else binds nothing). States from before this have
 * none and are refused; they live 10 minutes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder.
export async function up(db: Kysely<any>, _kind: DbKind): Promise<void> {
  await db.schema.alterTable('wechat_states').addColumn('browser_hash', 'text').execute();
}
