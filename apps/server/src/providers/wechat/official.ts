import { WeChatError, type WeChatExpiring, type WeChatProvider } from './port.ts';

export type Fetch = (
  url: string,
  init?: { method?: string; signal?: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  json: () => Promise<unknown>;
}>;

const API = 'https://api.weixin.qq.com';
const OPEN = 'https://open.weixin.qq.com';
const TIMEOUT_MS = 10_000;

type Answer = Record<string, unknown>;

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** WeChat answers 200 with {errcode, errmsg} on refusals; errcode 0 or absent means success. */
export function parseWeChatAnswer(body: unknown): Answer {
  if (typeof body !== 'object' || body === null) throw new WeChatError(-2, 'answer is not a JSON object');
  const answer = body as Answer;
  const errcode = typeof answer.errcode === 'number' ? answer.errcode : 0;
  if (errcode !== 0) throw new WeChatError(errcode, String(answer.errmsg ?? ''));
  return answer;
}

function expiresIn(answer: Answer): number {
  const value = answer.expires_in;
  return typeof value === 'number' && value > 0 ? value : 7200;
}

/**
 * The WeChat official-account API over fetch (no SDK): web OAuth, access_token, jsapi_ticket.
 * The fetch is injected so URL building and answer parsing are tested without the network.
 */
export class OfficialWeChatProvider implements WeChatProvider {
  readonly name = 'wechat';
  readonly isSandbox = false;
  readonly appId: string;
  private readonly appSecret: string;
  private readonly fetch: Fetch;

  constructor(options: { appId: string; appSecret: string; fetch?: Fetch }) {
    this.appId = options.appId;
    this.appSecret = options.appSecret;
    this.fetch = options.fetch ?? (globalThis.fetch as unknown as Fetch);
  }

  authorizeUrl({ redirectUri, state }: { redirectUri: string; state: string }): string {
    // WeChat wants exactly this parameter order and the #wechat_redirect suffix.
    const query = [
      `appid=${encodeURIComponent(this.appId)}`,
      `redirect_uri=${encodeURIComponent(redirectUri)}`,
      'response_type=code',
      'scope=snsapi_base',
      `state=${encodeURIComponent(state)}`,
    ].join('&');
    return `${OPEN}/connect/oauth2/authorize?${query}#wechat_redirect`;
  }

  private async get(path: string, params: Record<string, string>): Promise<Answer> {
    const url = `${API}${path}?${new URLSearchParams(params).toString()}`;
    const res = await this.fetch(url, { method: 'GET', signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new WeChatError(-1, `HTTP ${res.status}`);
    return parseWeChatAnswer(await res.json());
  }

  async exchangeCode(code: string): Promise<{ openid: string; unionid: string | null }> {
    const answer = await this.get('/sns/oauth2/access_token', {
      appid: this.appId,
      secret: this.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    const openid = text(answer.openid);
    if (!openid) throw new WeChatError(-2, 'no openid in the answer');
    return { openid, unionid: text(answer.unionid) };
  }

  async fetchAccessToken(): Promise<WeChatExpiring<'accessToken'>> {
    const answer = await this.get('/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: this.appId,
      secret: this.appSecret,
    });
    const accessToken = text(answer.access_token);
    if (!accessToken) throw new WeChatError(-2, 'no access_token in the answer');
    return { accessToken, expiresIn: expiresIn(answer) };
  }

  async fetchJsapiTicket(accessToken: string): Promise<WeChatExpiring<'ticket'>> {
    const answer = await this.get('/cgi-bin/ticket/getticket', { access_token: accessToken, type: 'jsapi' });
    const ticket = text(answer.ticket);
    if (!ticket) throw new WeChatError(-2, 'no ticket in the answer');
    return { ticket, expiresIn: expiresIn(answer) };
  }
}
