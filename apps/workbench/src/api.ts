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

/** The data of an envelope, or the error it stands for (an ended session signs out). */
function unwrap<T>(body: unknown, status: number, token: string | null): T {
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

/** fetch with the token header and the timeout; `read` takes the body while the timer runs. */
async function send<R>(
  url: string,
  init: RequestInit & { headers: Record<string, string> },
  read: (response: Response) => Promise<R>,
): Promise<{ status: number; result: R; token: string | null }> {
  const token = session.token();
  if (token) init.headers.token = token;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Timing.requestTimeoutMs);
  init.signal = controller.signal;
  try {
    const response = await fetch(url, init);
    return { status: response.status, result: await read(response), token };
  } catch {
    throw new ApiError('network', NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
  }
}

const readJson = (response: Response): Promise<unknown> => response.json().catch(() => undefined);

async function request<T>(method: 'GET' | 'POST', path: string, payload: object = {}): Promise<T> {
  const params = { ...payload, usertype: LAWYER_USERTYPE };
  let url = API_BASE + path;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit & { headers: Record<string, string> } = { method, headers };
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
  const { status, result, token } = await send(url, init, readJson);
  return unwrap<T>(result, status, token);
}

/**
 * A POST answered by a file (the letter PDF preview), or a GET of a file URL the server gave: the
 * file as a Blob. An error still comes as the JSON envelope, which becomes an ApiError.
 */
async function requestBlob(url: string, body?: object): Promise<Blob> {
  const headers: Record<string, string> = { Accept: 'application/pdf, application/octet-stream, */*' };
  const init: RequestInit & { headers: Record<string, string> } = { method: body ? 'POST' : 'GET', headers };
  if (body) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify({ ...body, usertype: LAWYER_USERTYPE });
  }
  type Answer = { kind: 'file'; blob: Blob } | { kind: 'json'; json: unknown };
  const { status, result, token } = await send(url, init, async (response): Promise<Answer> => {
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && !type.includes('application/json'))
      return { kind: 'file', blob: await response.blob() };
    return { kind: 'json', json: await readJson(response) };
  });
  if (result.kind === 'file') return result.blob;
  // A 2xx JSON answer here is no file: unwrap it to get the error it carries, or say 数据格式.
  unwrap<unknown>(result.json, status, token);
  throw new ApiError('format', DATA_FORMAT_ERROR_MESSAGE);
}

/** multipart/form-data (an uploaded document); usertype rides in the query. */
async function upload<T>(path: string, form: FormData): Promise<T> {
  const url = `${API_BASE}${path}?usertype=${LAWYER_USERTYPE}`;
  const init = {
    method: 'POST',
    headers: { Accept: 'application/json' } as Record<string, string>,
    body: form,
  };
  const { status, result, token } = await send(url, init, readJson);
  return unwrap<T>(result, status, token);
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, query),
  post: <T>(path: string, body?: object) => request<T>('POST', path, body),
  postForBlob: (path: string, body: object) => requestBlob(API_BASE + path, body),
  /** A file URL the server answered (e.g. /api/v2/lawyer/services/file/…), with the token header. */
  getBlob: (url: string) => requestBlob(url),
  upload: <T>(path: string, form: FormData) => upload<T>(path, form),
};

/** The message to show for any error a call threw. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : NETWORK_ERROR_MESSAGE;
}
