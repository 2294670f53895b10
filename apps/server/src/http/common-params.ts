import { defaultChannel } from '@lawline/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChannelService } from '../modules/channels/service.ts';

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

/** Resolves the request's channel before validation; an unknown channel answers 40041. */
export function installCommonParams(app: FastifyInstance, channels: ChannelService): void {
  app.decorateRequest('channel', null as never);
  app.addHook('preValidation', async (request) => {
    const params = commonSource(request);
    request.channel = await channels.resolve(
      text(params.channel) ?? defaultChannel,
      text(params.channelCode),
    );
  });
}
