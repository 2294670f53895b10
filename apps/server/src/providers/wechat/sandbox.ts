import { createHash, randomBytes } from 'node:crypto';
import { WeChatError, type WeChatExpiring, type WeChatProvider } from './port.ts';

const TTL_S = 7200;

/**
 * Offline WeChat. OAuth answers at once, as snsapi_base does inside WeChat: the authorize URL is
 * our own callback with a fresh code. A code gives a deterministic openid, is single use (40163 on
 * a repeat, like WeChat) and codes starting with "bad" are refused (40029). Tokens and tickets are
 * sandbox values; the counters let tests see the caching.
 */
export class SandboxWeChatProvider implements WeChatProvider {
  readonly name = 'sandbox';
  readonly isSandbox = true;
  private readonly usedCodes = new Set<string>();
  accessTokenFetches = 0;
  ticketFetches = 0;

  constructor(readonly appId: string) {}

  authorizeUrl({ redirectUri, state }: { redirectUri: string; state: string }): string {
    const url = new URL(redirectUri);
    url.searchParams.set('code', `sandbox_${randomBytes(12).toString('base64url')}`);
    url.searchParams.set('state', state);
    return url.toString();
  }

  /** The openid this sandbox gives for a code: 28 characters starting with 'o', like WeChat's. */
  openidFor(code: string): string {
    const digest = createHash('sha256').update(`sandbox-openid:${this.appId}:${code}`).digest('base64url');
    return `o${digest.slice(0, 27)}`;
  }

  async exchangeCode(code: string): Promise<{ openid: string; unionid: string | null }> {
    if (code.startsWith('bad')) throw new WeChatError(40029, 'invalid code');
    if (this.usedCodes.has(code)) throw new WeChatError(40163, 'code been used');
    this.usedCodes.add(code);
    return { openid: this.openidFor(code), unionid: null };
  }

  async fetchAccessToken(): Promise<WeChatExpiring<'accessToken'>> {
    this.accessTokenFetches += 1;
    return { accessToken: `sandbox_access_token_${this.accessTokenFetches}`, expiresIn: TTL_S };
  }

  async fetchJsapiTicket(accessToken: string): Promise<WeChatExpiring<'ticket'>> {
    this.ticketFetches += 1;
    return { ticket: `sandbox_jsapi_ticket_${this.ticketFetches}_for_${accessToken}`, expiresIn: TTL_S };
  }
}
