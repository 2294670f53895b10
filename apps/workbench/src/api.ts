import { DATA_FORMAT_ERROR_MESSAGE, LOGIN_EXPIRED_MESSAGE, Timing, WireCode } from '@lawline/contract';
import { session } from './session.ts';

/**
 * The workbench's small API client: JSON under /api/v2/, the common params (usertype=2, the
 * lawyer side; the consumer app sends 3) in the query for GET and in the body for POST, the
 * lawyer token in the `token` header, the `{code,msg,data}` envelope, a 30 s timeout.
 * A dead token (401) or a token that is not a lawyer's (403, e.g. a consumer's) ends the session
 * with the server's message, which the login screen shows.
 */

export const API_BASE = '/api/v2/';
export const NETWORK_ERROR_MESSAGE = '网络异常，请稍后重试';
/** usertype of the lawyer workbench (schemas/common.ts accepts 3 consumer, 2 lawyer). */
export const LAWYER_USERTYPE = '2';

export type ApiErrorKind = 'business' | 'unauthorized' | 'network' | 'format';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code: number | string | null = null,
  ) {
    super(message);
  }
}

type Envelope = { code: number | string; msg?: unknown; data?: unknown };

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'code' in value;
}

type Query = Record<string, string | number | undefined>;

async function request<T>(method: 'GET' | 'POST', path: string, payload: object = {}): Promise<T> {
  const params = { ...payload, usertype: LAWYER_USERTYPE };
  let url = API_BASE + path;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers };
  if (method === 'GET') {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params as Query)) {
      if (value !== undefined) search.set(key, String(value));
    }
    url += `?${search}`;
  } else {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(params);
  }
  const token = session.token();
  if (token) headers.token = token;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Timing.requestTimeoutMs);
  init.signal = controller.signal;
  let body: unknown;
  let status = 0;
  try {
    const response = await fetch(url, init);
    status = response.status;
    body = await response.json().catch(() => undefined);
  } catch {
    throw new ApiError('network', NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
  }
  if (!isEnvelope(body)) {
    throw status >= 200 && status < 300
      ? new ApiError('format', DATA_FORMAT_ERROR_MESSAGE)
      : new ApiError('network', NETWORK_ERROR_MESSAGE, status);
  }
  const code = String(body.code);
  const msg = typeof body.msg === 'string' ? body.msg : '';
  if (code === String(WireCode.ok)) return body.data as T;
  const unauthorized =
    code === String(WireCode.loginExpired) ||
    code === WireCode.loginExpiredLegacy ||
    msg === LOGIN_EXPIRED_MESSAGE ||
    code === String(WireCode.forbidden);
  // A login attempt that fails is not a session ending: only calls made with a token end it.
  if (unauthorized && token) {
    session.signOut(msg || '登录已过期，请重新登录');
    throw new ApiError('unauthorized', msg || '登录已过期，请重新登录', body.code);
  }
  throw new ApiError('business', msg || `请求失败（${code}）`, body.code);
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, query),
  post: <T>(path: string, body?: object) => request<T>('POST', path, body),
};

/** The message to show for any error a call threw. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : NETWORK_ERROR_MESSAGE;
}
