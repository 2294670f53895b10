import { defaultChannel } from '@lawline/contract';
import type { ChannelData } from '@lawline/contract/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChannelService } from '../modules/channels/service.ts';
import { channelError } from './errors.ts';

/** The contract's shapes (schemas/common.ts); checked here because this hook runs before validation. */
const CHANNEL_KEY = /^[A-Za-z0-9_-]{1,32}$/;
const CHANNEL_CODE_MAX = 64;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Common params travel in the query for GET/DELETE and in the body for POST/PUT (spec §7). */
function commonSource(request: FastifyRequest): Record<string, unknown> {
  const inQuery = request.method === 'GET' || request.method === 'DELETE' || request.method === 'HEAD';
  const source = inQuery ? request.query : request.body;
  return isRecord(source) ? source : {};
}

/**
 * Resolves the request's channel before validation; an unknown channel answers 40041. A callback
 * hook that finishes at once when the channel is in memory (no promise on the hot path).
 */
export function installCommonParams(app: FastifyInstance, channels: ChannelService): void {
  app.decorateRequest('channel', null as never);
  app.addHook('preValidation', (request, _reply, done) => {
    const params = commonSource(request);
    const key = text(params.channel) ?? defaultChannel;
    const code = text(params.channelCode);
    // Refused before the look-up, so the answer never echoes an arbitrary string back (found by fuzzing).
    if (!CHANNEL_KEY.test(key)) return done(channelError('渠道参数有误，请从正确的入口进入'));
    if (code !== undefined && code.length > CHANNEL_CODE_MAX)
      return done(channelError('渠道编码有误，请从正确的入口进入'));
    let cached: ChannelData | undefined;
    try {
      cached = channels.resolveCached(key, code);
    } catch (err) {
      return done(err as Error);
    }
    if (cached) {
      request.channel = cached;
      return done();
    }
    channels.resolve(key, code).then(
      (channel) => {
        request.channel = channel;
        done();
      },
      (err: Error) => done(err),
    );
  });
}
