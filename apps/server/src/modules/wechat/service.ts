import { createHash, randomBytes } from 'node:crypto';
import type { JsConfig } from '@lawline/contract/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { jsSdkSignature, urlForSignature } from '../../providers/wechat/js-sdk.ts';
import { WeChatError, type WeChatProvider } from '../../providers/wechat/port.ts';

const MINUTE = 60_000;
/** WeChat's OAuth code lives 5 minutes: a repeat within that answers the cached openid. */
export const CODE_TTL_MS = 5 * MINUTE;
export const STATE_TTL_MS = 10 * MINUTE;
/** Refresh access_token / jsapi_ticket this long before WeChat expires them. */
export const TOKEN_MARGIN_MS = 5 * MINUTE;
export const DEFAULT_ROUTER = 'Home';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function nonce(length = 16): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

/** WeChat identity: OAuth code → openid (cached), state tokens, openid bindings, JS-SDK config. */
export class WeChatService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
    private readonly provider: WeChatProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  get appId(): string {
    return this.provider.appId;
  }

  /** code → openid; the same code within 5 minutes answers the same openid instead of failing. */
  async openidForCode(code: string): Promise<string> {
    const now = this.clock();
    const codeHash = sha256(`${this.provider.appId}:${code}`);
    const cached = await this.db
      .selectFrom('wechat_oauth_codes')
      .select(['openid', 'expires_at'])
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    if (cached && cached.expires_at > now) return cached.openid;
    if (cached) throw badRequest('微信授权已过期，请重新进入页面');
    let openid: string;
    try {
      ({ openid } = await this.provider.exchangeCode(code));
    } catch (err) {
      if (err instanceof WeChatError) {
        this.log.info({ errcode: err.errcode }, 'wechat code refused');
        // A parallel request may have cached it between our look-up and the exchange.
        const again = await this.db
          .selectFrom('wechat_oauth_codes')
          .select('openid')
          .where('code_hash', '=', codeHash)
          .executeTakeFirst();
        if (again) return again.openid;
        throw badRequest('微信授权已失效，请重新进入页面');
      }
      this.log.error({ err }, 'wechat code exchange failed');
      throw new AppError(503, '微信服务暂时不可用，请稍后再试');
    }
    await this.db
      .insertInto('wechat_oauth_codes')
      .values({ code_hash: codeHash, openid, created_at: now, expires_at: now + CODE_TTL_MS })
      .onConflict((oc) => oc.column('code_hash').doNothing())
      .execute();
    // Old codes are useless after 5 minutes: keep the table small.
    await this.db
      .deleteFrom('wechat_oauth_codes')
      .where('expires_at', '<', now - CODE_TTL_MS)
      .execute();
    return openid;
  }

  /** Binds the openid to the user; an openid bound elsewhere moves here (the person is using this account). */
  async bind(userId: number, openid: string): Promise<void> {
    const now = this.clock();
    const appId = this.provider.appId;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('user_wechat')
        .where('app_id', '=', appId)
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('openid', '=', openid)]))
        .execute();
      try {
        await trx
          .insertInto('user_wechat')
          .values({ user_id: userId, app_id: appId, openid, created_at: now })
          .execute();
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    });
  }

  async boundOpenid(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('user_wechat')
      .select('openid')
      .where('user_id', '=', userId)
      .where('app_id', '=', this.provider.appId)
      .executeTakeFirst();
    return row?.openid ?? null;
  }

  /**
   * A single-use state for one OAuth round trip, remembering who asked, where to come back and
   * which browser asked (`browser`: the value of the cookie the route sets; a browser keeps its
   * value across round trips so two tabs do not undo each other).
   */
  async authorize(userId: number | null, router: string | undefined, callbackUrl: string, browser: string) {
    const now = this.clock();
    const state = randomBytes(24).toString('base64url');
    await this.db
      .insertInto('wechat_states')
      .values({
        state_hash: sha256(state),
        user_id: userId,
        router: router && router !== '' ? router : DEFAULT_ROUTER,
        created_at: now,
        expires_at: now + STATE_TTL_MS,
        used_at: null,
        browser_hash: sha256(browser),
      })
      .execute();
    await this.db
      .deleteFrom('wechat_states')
      .where('expires_at', '<', now - STATE_TTL_MS)
      .execute();
    return { url: this.provider.authorizeUrl({ redirectUri: callbackUrl, state }), state };
  }

  /**
   * WeChat's redirect: spends the state (only in the browser that asked for it: a link carrying
   * someone else's state would otherwise bind the visitor's WeChat to that person's account),
   * resolves the openid, binds it; answers where to go.
   */
  async completeAuthorize(
    code: string,
    state: string,
    browser: string | undefined,
  ): Promise<{ router: string; openid: string }> {
    const now = this.clock();
    const stateHash = sha256(state);
    if (!browser) throw badRequest('授权链接已失效，请返回页面重新进入');
    const spent = await this.db
      .updateTable('wechat_states')
      .set({ used_at: now })
      .where('state_hash', '=', stateHash)
      .where('browser_hash', '=', sha256(browser))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw badRequest('授权链接已失效，请返回页面重新进入');
    const row = await this.db
      .selectFrom('wechat_states')
      .select(['user_id', 'router'])
      .where('state_hash', '=', stateHash)
      .executeTakeFirstOrThrow();
    const openid = await this.openidForCode(code);
    if (row.user_id !== null) {
      const user = await this.db
        .selectFrom('users')
        .select('closed_at')
        .where('id', '=', row.user_id)
        .executeTakeFirst();
      if (user && user.closed_at === null) await this.bind(row.user_id, openid);
    }
    return { router: row.router, openid };
  }

  /** A cached value (access_token, ticket) shared by instances through the database. */
  private async cached(
    key: string,
    fetch: () => Promise<{ value: string; expiresIn: number }>,
  ): Promise<string> {
    const now = this.clock();
    const fullKey = `${this.provider.name}:${this.provider.appId}:${key}`;
    const row = await this.db
      .selectFrom('wechat_tokens')
      .select(['value', 'expires_at'])
      .where('key', '=', fullKey)
      .executeTakeFirst();
    if (row && row.expires_at > now) return row.value;
    const fresh = await fetch();
    const expiresAt = now + Math.max(60_000, fresh.expiresIn * 1000 - TOKEN_MARGIN_MS);
    await this.db
      .insertInto('wechat_tokens')
      .values({ key: fullKey, value: fresh.value, expires_at: expiresAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: fresh.value, expires_at: expiresAt }))
      .execute();
    return fresh.value;
  }

  private async jsapiTicket(): Promise<string> {
    try {
      return await this.cached('jsapi_ticket', async () => {
        const accessToken = await this.cached('access_token', async () => {
          const t = await this.provider.fetchAccessToken();
          return { value: t.accessToken, expiresIn: t.expiresIn };
        });
        const t = await this.provider.fetchJsapiTicket(accessToken);
        return { value: t.ticket, expiresIn: t.expiresIn };
      });
    } catch (err) {
      this.log.error({ err }, 'wechat jsapi_ticket unavailable');
      throw new AppError(503, '微信分享配置暂时不可用，请稍后再试');
    }
  }

  async jsConfig(url: string): Promise<JsConfig> {
    const ticket = await this.jsapiTicket();
    const timestamp = Math.floor(this.clock() / 1000);
    const nonceStr = nonce();
    const signature = jsSdkSignature({ jsapiTicket: ticket, nonceStr, timestamp, url: urlForSignature(url) });
    return { appId: this.provider.appId, timestamp, nonceStr, signature };
  }
}
