import { WireCode } from '@lawline/contract';

/** Wire code → HTTP status; the envelope's code and the status say the same thing. */
const httpStatusOf: Record<number, number> = {
  [WireCode.badRequest]: 400,
  [WireCode.loginExpired]: 401,
  [WireCode.forbidden]: 403,
  [WireCode.notFound]: 404,
  [WireCode.conflict]: 409,
  [WireCode.tooLarge]: 413,
  [WireCode.tooMany]: 429,
  [WireCode.internal]: 500,
  [WireCode.unavailable]: 503,
  [WireCode.channelError]: 400,
};

/** The one error type: a wire code and a message a person can act on (Chinese, shown as a toast). */
export class AppError extends Error {
  readonly code: number;
  readonly httpStatus: number;
  constructor(code: number, userMessage: string, options?: { cause?: unknown }) {
    super(userMessage, options);
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = httpStatusOf[code] ?? 400;
  }
}

export const badRequest = (msg: string) => new AppError(WireCode.badRequest, msg);
export const notFound = (msg = '内容不存在或已删除') => new AppError(WireCode.notFound, msg);
export const forbidden = (msg = '无权访问') => new AppError(WireCode.forbidden, msg);
export const conflict = (msg: string) => new AppError(WireCode.conflict, msg);
export const tooMany = (msg: string) => new AppError(WireCode.tooMany, msg);
export const loginExpired = (msg = '登录已过期，请重新登录') => new AppError(WireCode.loginExpired, msg);
export const channelError = (msg: string) => new AppError(WireCode.channelError, msg);
