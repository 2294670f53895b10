import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { type SecretReport, SecretReportSchema } from '../../providers/telephony/port.ts';
import type { CallEngine } from './engine.ts';

export type TelephonyCallbackOptions = {
  engine: CallEngine;
  /** The secret path segment. */
  secret: string;
  /** Allowed source addresses; empty = any. */
  allowIps: string[];
};

/**
 * POST /api/callbacks/telephony/{secret}: call-status and call-record pushes (a JSON array of
 * SecretReport, or one). The vendor does not sign them: a secret path and an optional IP
 * allow-list guard the endpoint. Records are keyed on call_id and applied idempotently; the answer
 * is always {"code":0} for an authorised push (the vendor would only retry a refusal).
 */
export const telephonyCallbackRoutes: FastifyPluginAsync<TelephonyCallbackOptions> = async (app, opts) => {
  app.post<{ Params: { secret: string } }>(
    '/api/callbacks/telephony/:secret',
    { schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      if (request.params.secret !== opts.secret) throw notFound('Not Found');
      if (opts.allowIps.length > 0 && !opts.allowIps.includes(request.ip)) throw notFound('Not Found');
      const items = Array.isArray(request.body) ? request.body : [request.body];
      const reports: SecretReport[] = [];
      for (const item of items) {
        const parsed = SecretReportSchema.safeParse(item);
        if (parsed.success) reports.push(parsed.data);
        else request.log.warn({ issues: parsed.error.issues.length }, 'telephony push item ignored');
      }
      await opts.engine.applyReports(reports);
      return reply.send({ code: 0 });
    },
  );
};
