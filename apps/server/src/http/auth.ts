import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionService } from '../modules/sessions/service.ts';
import { forbidden, loginExpired } from './errors.ts';

export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.token;
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.trim() !== '' ? value.trim() : null;
}

export type Auth = {
  /**
   * preHandler for logged-in consumer endpoints: no, unknown, revoked or expired token → 401;
   * a lawyer (workbench) token → 403.
   */
  requireUser: (request: FastifyRequest) => Promise<void>;
  /** preHandler for the lawyer workbench (/lawyer/*): a lawyer token, else 401 / 403. */
  requireLawyer: (request: FastifyRequest) => Promise<void>;
  /** For endpoints that answer anyone but know the user when a live token comes. */
  optionalUser: (request: FastifyRequest) => Promise<void>;
};

export function installAuth(app: FastifyInstance, sessions: SessionService): Auth {
  app.decorateRequest('userId', null);
  return {
    requireUser: async (request) => {
      const token = tokenOf(request);
      if (!token) throw loginExpired('请先登录');
      const session = await sessions.resolveSession(token);
      if (session === null) throw loginExpired();
      if (session.role !== 'consumer') throw forbidden('律师工作台账号不能使用用户端功能');
      request.userId = session.userId;
    },
    requireLawyer: async (request) => {
      const token = tokenOf(request);
      if (!token) throw loginExpired('请先登录律师工作台');
      const session = await sessions.resolveSession(token);
      if (session === null) throw loginExpired();
      if (session.role !== 'lawyer') throw forbidden('仅限律师工作台账号使用');
      request.userId = session.userId;
    },
    optionalUser: async (request) => {
      const token = tokenOf(request);
      // Only consumer sessions count here: a lawyer token reads as anonymous.
      request.userId = token ? await sessions.resolve(token, 'consumer') : null;
    },
  };
}
