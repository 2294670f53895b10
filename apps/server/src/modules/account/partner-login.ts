import { createHmac, timingSafeEqual } from 'node:crypto';
import { PHONE_PATTERN } from '@lawline/contract';
import { PartnerTokenPayloadSchema } from '@lawline/contract/schemas';
import type { FastifyRequest } from 'fastify';
import { loginExpired } from '../../http/errors.ts';

/** Partner tokens may live at most this long (a partner mints one per hand-off). */
export const PARTNER_TOKEN_MAX_LIFETIME_S = 60 * 60;

/** base64url(JSON payload) + '.' + base64url(HMAC-SHA256(secret, first part)). */
export function signPartnerToken(
  payload: { mobile: string; channel: string; exp: number },
  secret: string,
): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  const mac = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${mac}`;
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match =
    typeof header === 'string' ? /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\s*$/.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * Checks a partner's `Authorization: Bearer` token for the request's channel and answers the
 * mobile it vouches for. Missing, malformed, badly signed, expired, too long-lived or made for
 * another channel → 401 (one message; details only in the log).
 */
export function verifyPartnerToken(
  request: FastifyRequest,
  secrets: Record<string, string>,
  nowMs: number,
): { mobile: string; channel: string } {
  const refuse = (why: string) => {
    request.log.info({ why, channel: request.channel.channel }, 'partner login refused');
    return loginExpired('合作方登录凭证无效或已过期，请从合作方页面重新进入');
  };
  const token = bearer(request);
  if (!token) throw refuse('no bearer token');
  const channel = request.channel.channel;
  const secret = secrets[channel];
  if (!secret) throw refuse('channel has no partner secret');
  const [body = '', mac = ''] = token.split('.');
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse('bad signature');
  let payload: { mobile: string; channel: string; exp: number };
  try {
    payload = PartnerTokenPayloadSchema.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    throw refuse('bad payload');
  }
  const nowS = Math.floor(nowMs / 1000);
  if (payload.exp <= nowS) throw refuse('expired');
  if (payload.exp > nowS + PARTNER_TOKEN_MAX_LIFETIME_S) throw refuse('lives too long');
  if (payload.channel !== channel) throw refuse('other channel');
  if (!PHONE_PATTERN.test(payload.mobile)) throw refuse('bad mobile');
  return { mobile: payload.mobile, channel };
}
