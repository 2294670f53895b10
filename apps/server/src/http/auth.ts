import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionService } from '../modules/sessions/service.ts';
import { loginExpired } from './errors.ts';

export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.token;
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.trim() !== '' ? value.trim() : null;
}

export type Auth = {
  /** preHandler for logged-in endpoints: no, unknown, revoked or expired token → 401. */
  requireUser: (request: FastifyRequest) => Promise<void>;
  /** For endpoints that answer anyone but know the user when a live token comes. */
  optionalUser: (request: FastifyRequest) => Promise<void>;
};

export function installAuth(app: FastifyInstance, sessions: SessionService): Auth {
  app.decorateRequest('userId', null);
  return {
    requireUser: async (request) => {
      const token = tokenOf(request);
      if (!token) throw loginExpired('请先登录');
      const userId = await sessions.resolve(token);
      if (userId === null) throw loginExpired();
      request.userId = userId;
    },
    optionalUser: async (request) => {
      const token = tokenOf(request);
      request.userId = token ? await sessions.resolve(token) : null;
    },
  };
}
