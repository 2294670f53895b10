import type { ChannelData } from '@lawline/contract/schemas';

declare module 'fastify' {
  interface FastifyRequest {
    /** The channel the request names through its common params (default gzh). */
    channel: ChannelData;
    /** The logged-in user, set by requireUser (null until then). */
    userId: number | null;
  }
}
