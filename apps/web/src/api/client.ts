import {
  DATA_FORMAT_ERROR_MESSAGE,
  LOGIN_EXPIRED_MESSAGE,
  Timing,
  UserType,
  WireCode,
} from '@lawline/contract';
import type { CommonParams, Envelope } from '@lawline/contract/schemas';
import { paths } from '../app/paths.ts';
import { browserStorage, type KeyValueStorage, StorageKey } from '../lib/storage.ts';

/**
 * The one API client (spec §7, §8): JSON over fetch under /api/v2/, the common params on every
 * call, the `token` header when logged in, a 30 s timeout, and the error catalogue in one place.
 * Side effects (toast, login popup, navigation) go through `ApiEffects` so tests can watch them.
 */

export const API_BASE = '/api/v2/';
export const NETWORK_ERROR_MESSAGE = '网络异常，请稍后重试';

export interface ApiEffects {
  /** Show a short message (antd-mobile Toast in the app). */
  toast(message: string): void;
  /** Forget the user info and user center held in memory (session store). */
  clearSession(): void;
  /** Open the login popup. */
  showLogin(): void;
  /** After a login expiry: reload the home page, or go to the root when elsewhere. */
  reloadHome(): void;
  /** Route navigation inside the app. */
  navigate(to: string, state?: unknown): void;
}

export type ApiErrorKind =
  | 'business'
  | 'login-expired'
  | 'channel'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'format';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code: number | string | null = null,
    readonly path = '',
  ) {
    super(message);
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  /** Do not toast business errors or network failures (the catalogue's other rows still apply). */
  ignoreError?: boolean;
  /** Cancels the call (React Query passes one); a cancelled call rejects quietly. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
  /** Receives the envelope's `msg` of a successful answer (e.g. the coupon claim's message, §8). */
  onMessage?: (msg: string) => void;
}

export interface ApiClientOptions {
  /** Prefix of every path; default `/api/v2/`. Tests give an absolute URL. */
  baseUrl?: string;
  effects?: ApiEffects;
  /** Where the token lives (key `token`); default localStorage. */
  storage?: KeyValueStorage;
  /** channel and channelCode of the current channel. */
  getCommonParams?: () => Pick<CommonParams, 'channel' | 'channelCode'>;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface ApiClient {
  request<T>(method: Method, path: string, payload?: object, options?: RequestOptions): Promise<T>;
  get<T>(path: string, query?: Query, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, query?: Query, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: object, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: object, options?: RequestOptions): Promise<T>;
}

/** Effects that only log: used until the app installs the real ones. */
export const silentEffects: ApiEffects = {
  toast: (message) => console.warn('[api]', message),
  clearSession: () => {},
  showLogin: () => {},
  reloadHome: () => {},
  navigate: () => {},
};

function isSuccess(code: string): boolean {
  return code === String(WireCode.ok) || code === WireCode.paySuccess;
}

function isLoginExpired(code: string, msg: string): boolean {
  return (
    code === String(WireCode.loginExpired) ||
    code === WireCode.loginExpiredLegacy ||
    msg === LOGIN_EXPIRED_MESSAGE
  );
}

function appendQuery(url: string, query: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const text = search.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? API_BASE).replace(/\/*$/, '/');
  const effects = () => options.effects ?? silentEffects;
  const storage = () => options.storage ?? browserStorage();
  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);

  function commonParams(): Record<string, string> {
    const given = options.getCommonParams?.() ?? {};
    const params: Record<string, string> = {};
    if (given.channel) params.channel = given.channel;
    if (given.channelCode) params.channelCode = given.channelCode;
    params.usertype = UserType.consumer;
    return params;
  }

  async function request<T>(
    method: Method,
    path: string,
    payload: object = {},
    requestOptions: RequestOptions = {},
  ): Promise<T> {
    const { ignoreError = false, signal } = requestOptions;
    const fx = effects();
    const fail = (
      kind: ApiErrorKind,
      message: string,
      code: number | string | null = null,
      toast = false,
    ) => {
      if (toast && message) fx.toast(message);
      return new ApiError(kind, message, code, path);
    };

    let url = baseUrl + path.replace(/^\/+/, '');
    const headers: Record<string, string> = { Accept: 'application/json' };
    const init: RequestInit = { method, headers };
    if (method === 'GET' || method === 'DELETE') {
      url = appendQuery(url, { ...(payload as Query), ...commonParams() });
    } else if (typeof FormData !== 'undefined' && payload instanceof FormData) {
      // A multipart upload (oss/breakpointUpload): the browser sets the boundary's Content-Type.
      for (const [key, value] of Object.entries(commonParams())) payload.set(key, value);
      init.body = payload;
    } else {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify({ ...payload, ...commonParams() });
    }
    const token = storage().getItem(StorageKey.token);
    if (token) headers.token = token;

    if (signal?.aborted) throw fail('aborted', '请求已取消');
    const controller = new AbortController();
    init.signal = controller.signal;
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      requestOptions.timeoutMs ?? options.timeoutMs ?? Timing.requestTimeoutMs,
    );
    const onCallerAbort = () => controller.abort();
    signal?.addEventListener('abort', onCallerAbort);

    let status = 0;
    let body: unknown;
    try {
      let response: Response;
      try {
        response = await doFetch(url, init);
      } catch {
        if (timedOut) throw fail('timeout', NETWORK_ERROR_MESSAGE, null, !ignoreError);
        if (signal?.aborted) throw fail('aborted', '请求已取消');
        throw fail('network', NETWORK_ERROR_MESSAGE, null, !ignoreError);
      }
      status = response.status;
      try {
        body = await response.json();
      } catch {
        if (timedOut) throw fail('timeout', NETWORK_ERROR_MESSAGE, null, !ignoreError);
        if (signal?.aborted) throw fail('aborted', '请求已取消');
        // A proxy's HTML error page is a network problem; a 2xx that is not JSON is a format problem.
        if (status < 200 || status >= 300) throw fail('network', NETWORK_ERROR_MESSAGE, status, !ignoreError);
        throw fail('format', DATA_FORMAT_ERROR_MESSAGE, null, true);
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }

    if (!isEnvelope(body)) throw fail('format', DATA_FORMAT_ERROR_MESSAGE, null, true);
    const code = String(body.code);
    const msg = typeof body.msg === 'string' ? body.msg : '';

    if (isSuccess(code)) {
      if (body.data === undefined) throw fail('format', DATA_FORMAT_ERROR_MESSAGE, body.code, true);
      requestOptions.onMessage?.(msg);
      return body.data as T;
    }
    if (isLoginExpired(code, msg)) {
      storage().removeItem(StorageKey.token);
      fx.clearSession();
      fx.showLogin();
      fx.reloadHome();
      throw fail('login-expired', msg || '登录已过期，请重新登录', body.code);
    }
    if (code === String(WireCode.channelError)) {
      if (msg) fx.toast(msg);
      fx.navigate(paths.errPage(), { message: msg });
      throw fail('channel', msg, body.code);
    }
    throw fail('business', msg || `请求失败（${code}）`, body.code, !ignoreError);
  }

  return {
    request,
    get: (path, query, opts) => request('GET', path, query, opts),
    delete: (path, query, opts) => request('DELETE', path, query, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
    put: (path, body, opts) => request('PUT', path, body, opts),
  };
}

/** The app's settings for the shared client, installed once at start (see app/boot). */
const appOptions: ApiClientOptions = {};

export function configureApi(settings: Omit<ApiClientOptions, 'baseUrl'>): void {
  Object.assign(appOptions, settings);
}

/** The app's client. Feature code calls `api.get(...)` / `api.post(...)`. */
export const api: ApiClient = createApiClient(appOptions);
