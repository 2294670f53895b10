/** A refusal from WeChat (errcode/errmsg), e.g. 40029 invalid code, 40163 code been used. */
export class WeChatError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`WeChat error ${errcode}: ${errmsg}`);
    this.name = 'WeChatError';
  }
}

export type WeChatExpiring<K extends string> = { [P in K]: string } & {
  /** Seconds the value lives (7200 for access_token and jsapi_ticket). */
  expiresIn: number;
};

/**
 * The official-account side of WeChat: web OAuth (snsapi_base → openid), the global access_token
 * and the JS-SDK jsapi_ticket. Callers cache the token and ticket (both are rate-limited).
 */
export interface WeChatProvider {
  readonly name: string;
  readonly isSandbox: boolean;
  readonly appId: string;
  /** Where to send the browser so WeChat comes back to redirectUri with ?code=…&state=…. */
  authorizeUrl(input: { redirectUri: string; state: string }): string;
  /** Exchanges a single-use OAuth code for the openid. */
  exchangeCode(code: string): Promise<{ openid: string; unionid: string | null }>;
  fetchAccessToken(): Promise<WeChatExpiring<'accessToken'>>;
  fetchJsapiTicket(accessToken: string): Promise<WeChatExpiring<'ticket'>>;
}
