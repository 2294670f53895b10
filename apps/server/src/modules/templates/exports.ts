import { Notices, WireCode } from '@lawline/contract';
import {
  type TemplateDetail,
  type TemplateExport,
  type TemplateExportable,
  TemplateExportLimits,
  type TemplateExportPage,
  type TemplateExportState,
  TemplateExportStateText,
} from '@lawline/contract/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbKind } from '../../db/database.ts';
import { AppError, badRequest, conflict, forbidden, notFound, tooMany } from '../../http/errors.ts';
import type { MailProvider } from '../../providers/mail/port.ts';
import { beijingDate, type MembershipService } from '../users/membership.ts';
import { blockText, type Template, type TemplateCatalogue } from './catalogue.ts';
import { DOCX_MIME, renderTemplateDocx } from './docx.ts';
import {
  claimResend,
  confirmExport,
  type ExportRow,
  findExport,
  insertExport,
  lockPerson,
  newExportId,
  pageExports,
  recordSend,
  todaysExports,
} from './repo.ts';

export const MEMBER_ONLY = '合同模板导出为会员专享，开通会员后即可导出';
const SEND_FAILED = '邮件暂未发出，已保存导出记录，请稍后在导出记录中重新发送';
const NOT_FOUND = '导出记录不存在';

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** zh***@qq.com: enough to recognise one's own address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email ? '***' : '';
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 2 ? 2 : 1)}***${email.slice(at)}`;
}

/** A file name Word, WPS and mail clients all accept. */
function fileNameOf(title: string): string {
  return `${title.replace(/[\\/:*?"<>|\s]+/g, '')}.docx`;
}

export type TemplateExportDeps = {
  db: Db;
  dbKind: DbKind;
  clock: () => number;
  mail: MailProvider;
  membership: MembershipService;
  catalogue: TemplateCatalogue;
  log: FastifyBaseLogger;
};

/** Browsing for anyone; exporting by e-mail for members, with 邮箱验收, resends and daily limits. */
export class TemplateService {
  constructor(private readonly deps: TemplateExportDeps) {}

  private get sandbox(): boolean {
    return this.deps.mail.isSandbox;
  }

  private template(id: number): Template {
    const t = this.deps.catalogue.get(id);
    if (!t) throw notFound('模板不存在或已下架');
    return t;
  }

  private async isMember(userId: number): Promise<boolean> {
    return (await this.deps.membership.activeCardCount(userId)) > 0;
  }

  exportNotice(): string {
    const when = this.sandbox
      ? `沙箱环境即时送达，正式环境${Notices.exportEmail}内送达`
      : `${Notices.exportEmail}内送达`;
    return `会员可在线填写后导出为 Word 文档（DOCX），发送至您填写的邮箱（${when}）。未填写的内容以下划线留空。`;
  }

  async detail(id: number, userId: number | null): Promise<TemplateDetail> {
    const t = this.template(id);
    const exportable: TemplateExportable =
      userId === null ? 'login' : (await this.isMember(userId)) ? 'ok' : 'member';
    return {
      ...this.deps.catalogue.listItem(t),
      fields: t.fields,
      blocks: t.blocks,
      previewText: [t.docTitle, ...t.blocks.map((b) => blockText(b))].join('\n'),
      exportable,
      exportNotice: this.exportNotice(),
    };
  }

  /** The person's values: known fields only, within their lengths, one line each. */
  private values(t: Template, fields: Record<string, string> | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, raw] of Object.entries(fields ?? {})) {
      const field = t.fields.find((f) => f.name === name);
      if (!field) throw badRequest(`模板中没有字段 ${name}，请刷新页面后重试`);
      if (CONTROL.test(raw)) throw badRequest(`「${field.label}」包含无法识别的字符`);
      const value = raw.replace(/\s+/g, ' ').trim();
      if ([...value].length > field.maxLength)
        throw badRequest(`「${field.label}」最多${field.maxLength}个字`);
      if (value) out[name] = value;
    }
    return out;
  }

  async export(
    userId: number,
    request: { templateId: number; email: string; fields?: Record<string, string> | undefined },
  ): Promise<TemplateExport> {
    const t = this.template(request.templateId);
    const values = this.values(t, request.fields);
    if (!(await this.isMember(userId))) throw forbidden(MEMBER_ONLY);
    const now = this.deps.clock();
    const day = beijingDate(now);
    const id = newExportId(now);
    const row: Omit<ExportRow, 'resends'> = {
      id,
      user_id: userId,
      template_id: t.id,
      title: t.title,
      email: request.email,
      fields: JSON.stringify(values),
      day,
      state: 'sending',
      attempted_at: now,
      sent_at: null,
      confirmed_at: null,
      message_id: null,
      created_at: now,
      updated_at: now,
    };
    await this.deps.db.transaction().execute(async (trx) => {
      await lockPerson(trx, this.deps.dbKind, userId);
      const today = await todaysExports(trx, userId, day);
      if (today.count >= TemplateExportLimits.exportsPerDay) {
        throw tooMany(`今日导出次数已达上限（${TemplateExportLimits.exportsPerDay}次），请明天再试`);
      }
      if (
        !today.emails.includes(request.email) &&
        today.emails.length >= TemplateExportLimits.addressesPerDay
      ) {
        throw tooMany(
          `今日最多向${TemplateExportLimits.addressesPerDay}个不同邮箱导出，请使用今天用过的邮箱或明天再试`,
        );
      }
      await insertExport(trx, row);
    });
    await this.deliver(t, { ...row, resends: 0 }, values);
    return this.view(await this.row(userId, id));
  }

  async list(userId: number, page: number, limit: number): Promise<TemplateExportPage> {
    const { rows, total } = await pageExports(this.deps.db, userId, page, limit);
    return {
      list: rows.map((r) => this.view(r)),
      total,
      page,
      limit,
      hasMore: (page - 1) * limit + rows.length < total,
    };
  }

  async confirm(userId: number, exportId: string): Promise<TemplateExport> {
    const row = await this.row(userId, exportId);
    if (row.state === 'confirmed') return this.view(row);
    if (row.state !== 'sent') throw conflict('邮件尚未发出，暂不能验收；请先点击“重新发送”');
    await confirmExport(this.deps.db, row.id, userId, this.deps.clock());
    return this.view(await this.row(userId, exportId));
  }

  async resend(userId: number, exportId: string): Promise<TemplateExport> {
    const row = await this.row(userId, exportId);
    const now = this.deps.clock();
    if (row.state === 'confirmed') throw conflict('您已确认收到，无需重新发送');
    if (row.resends >= TemplateExportLimits.resendsPerExport) {
      throw tooMany(
        `重新发送次数已用完（每份最多${TemplateExportLimits.resendsPerExport}次），如仍未收到请重新导出`,
      );
    }
    const wait = this.resendAfter(row) - now;
    if (wait > 0) throw tooMany(`请${Math.ceil(wait / 1000)}秒后再重新发送`);
    if (!(await claimResend(this.deps.db, row, now))) throw conflict('正在重新发送，请稍候刷新');
    const t = this.deps.catalogue.get(row.template_id);
    if (!t) throw notFound('该模板已下架，无法重新发送');
    const values = JSON.parse(row.fields) as Record<string, string>;
    await this.deliver(t, { ...row, resends: row.resends + 1, attempted_at: now }, values);
    return this.view(await this.row(userId, exportId));
  }

  private async row(userId: number, exportId: string): Promise<ExportRow> {
    const row = await findExport(this.deps.db, userId, exportId);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /** Renders the DOCX and hands it to the SMTP server; a refusal is recorded, then answered 503. */
  private async deliver(t: Template, row: ExportRow, values: Record<string, string>): Promise<void> {
    try {
      const docx = await renderTemplateDocx(t, values);
      const filled = Object.keys(values).length;
      const accepted = await this.deps.mail.send({
        to: row.email,
        subject: `【律线】合同模板：《${t.title}》`,
        text: mailText(t, row.id, filled),
        attachments: [{ filename: fileNameOf(t.title), contentType: DOCX_MIME, content: docx }],
      });
      await recordSend(this.deps.db, row.id, {
        ok: true,
        at: this.deps.clock(),
        messageId: accepted.messageId,
      });
    } catch (err) {
      this.deps.log.warn({ err, exportId: row.id }, 'template export mail not sent');
      await recordSend(this.deps.db, row.id, { ok: false, at: this.deps.clock() });
      throw new AppError(WireCode.unavailable, SEND_FAILED, { cause: err });
    }
  }

  private resendAfter(row: ExportRow): number {
    return row.attempted_at + TemplateExportLimits.resendCooldownS * 1000;
  }

  private notice(row: ExportRow, state: TemplateExportState): string {
    const to = maskEmail(row.email);
    switch (state) {
      case 'sent':
        return this.sandbox
          ? `《${row.title}》已发送至 ${to}（沙箱环境即时送达；正式环境将在${Notices.exportEmail}内送达）。收到后请点击“邮箱验收”确认收到，未收到可点击“重新发送”。`
          : `《${row.title}》已提交发送，将在${Notices.exportEmail}内送达 ${to}，请留意收件箱和垃圾邮件箱。收到后请点击“邮箱验收”确认收到，未收到可点击“重新发送”。`;
      case 'failed':
        return `邮件暂未发出，请稍后点击“重新发送”，并确认邮箱地址 ${to} 填写无误。`;
      case 'sending':
        return `正在发送至 ${to}，请稍后刷新查看。`;
      case 'confirmed':
        return `您已确认收到《${row.title}》，感谢使用。如需修改填写内容，可重新导出。`;
    }
  }

  private view(row: ExportRow): TemplateExport {
    const state = row.state as TemplateExportState;
    const now = this.deps.clock();
    const resendsLeft = Math.max(0, TemplateExportLimits.resendsPerExport - row.resends);
    const after = this.resendAfter(row);
    const mayResend = state !== 'confirmed' && resendsLeft > 0;
    // Ids are stable and texts are never removed, only revised; 'iou' only guards a deleted file.
    const t = this.deps.catalogue.get(row.template_id);
    return {
      exportId: row.id,
      templateId: row.template_id,
      title: row.title,
      category: t?.category ?? 'iou',
      email: maskEmail(row.email),
      state,
      stateText: TemplateExportStateText[state],
      notice: this.notice(row, state),
      createdAt: row.created_at,
      sentAt: row.sent_at,
      confirmedAt: row.confirmed_at,
      resendsLeft,
      canConfirm: state === 'sent',
      canResend: mayResend && now >= after,
      resendAfter: mayResend && now < after ? after : null,
    };
  }
}

function mailText(t: Template, exportId: string, filled: number): string {
  const blanks = t.fields.length - filled;
  return [
    '您好：',
    '',
    `感谢使用律线合同模板服务。您导出的《${t.title}》已作为附件随本邮件发送（Word 文档，可用 Microsoft Word 或 WPS 打开和编辑）。`,
    blanks > 0
      ? `您已填写 ${filled} 项，另有 ${blanks} 项以“________”留空，可打印后手写补全，或在文档中直接修改。`
      : `模板中的 ${filled} 项内容已按您的填写生成，请核对无误后使用。`,
    '',
    '收到后请回到律线“合同模板 - 我的导出”，点击“邮箱验收”确认收到；如未收到附件，可在同一页面点击“重新发送”。',
    '',
    '温馨提示：模板仅供参考，签署前请结合实际情况修改；如需律师把关，可使用律线的“合同审查”或“合同起草”服务。',
    '',
    `导出编号：${exportId}`,
    '律线',
    '（本邮件由系统自动发送，请勿直接回复）',
  ].join('\n');
}
