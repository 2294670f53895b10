import { mobileField } from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { SandboxSmsProvider } from '../../providers/sms/sandbox.ts';

/** Sandbox-only windows into the fake outside world; never registered in production. */
export const devRoutes: FastifyPluginAsyncZod<{ sms: SandboxSmsProvider }> = async (app, opts) => {
  app.get(
    '/sms-outbox',
    {
      schema: {
        tags: ['dev'],
        summary: '沙箱短信发件箱（仅沙箱模式）',
        querystring: z.strictObject({ mobile: mobileField }),
      },
    },
    async (request) =>
      ok(
        opts.sms.messagesTo(request.query.mobile).map((m) => ({
          mobile: m.mobile,
          code: m.code,
          purpose: m.purpose,
          sentAt: m.sentAt,
        })),
      ),
  );
  app.get(
    '/sms-notices',
    {
      schema: {
        tags: ['dev'],
        summary: '沙箱短信通知（律师函寄出、见面提醒；仅沙箱模式）',
        querystring: z.strictObject({ mobile: mobileField }),
      },
    },
    async (request) =>
      ok(
        opts.sms.noticesTo(request.query.mobile).map((m) => ({
          mobile: m.mobile,
          template: m.template,
          text: m.text,
          sentAt: m.sentAt,
        })),
      ),
  );
};
