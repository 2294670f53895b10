import type { Envelope } from '@lawline/contract/schemas';

export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { code: 0, msg, data };
}

export function fail(code: number, msg: string): Envelope<null> {
  return { code, msg, data: null };
}
