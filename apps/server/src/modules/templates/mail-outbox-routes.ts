import { envelope, MailOutboxItemSchema, MailOutboxQuerySchema } from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import type { SandboxMailProvider } from '../../providers/mail/sandbox.ts';

/**
 * SANDBOX ONLY (registered under /api/dev): what the in-process SMTP receiver got, so a person,
 * a test or the browser walk can open the exported DOCX.
 */
export const mailOutboxRoutes: FastifyPluginAsyncZod<{ mail: SandboxMailProvider }> = async (
  app,
  { mail },
) => {
  app.get(
    '/mail-outbox',
    {
      schema: {
        tags: ['dev'],
        summary: '沙箱邮件箱：进程内 SMTP 接收到的邮件（?to=收件地址），新的在前',
        querystring: MailOutboxQuerySchema,
        response: { 200: envelope(z.array(MailOutboxItemSchema)) },
      },
    },
    async (request) =>
      ok(
        mail.outbox(request.query.to).map((m) => ({
          id: m.id,
          receivedAt: m.receivedAt,
          from: m.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          attachments: m.attachments.map((a, index) => ({
            filename: a.filename,
            contentType: a.contentType,
            size: a.size,
            url: `/api/dev/mail-outbox/${m.id}/attachments/${index}`,
          })),
        })),
      ),
  );

  app.get(
    '/mail-outbox/:id/attachments/:index',
    {
      schema: {
        tags: ['dev'],
        summary: '沙箱邮件的附件原文件',
        params: z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(99) }),
      },
    },
    async (request, reply) => {
      const attachment = mail.find(request.params.id)?.attachments[request.params.index];
      if (!attachment) throw notFound('附件不存在');
      return reply
        .header('content-type', attachment.contentType)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
        )
        .send(attachment.content);
    },
  );
};
