import { z } from 'zod';
import type { ConsultFieldName } from '../constants/consult-fields.ts';
import { consultFieldParam, positiveId, searchTextParam } from './catalogue.ts';
import { limitField, pageField, pageResult, payload } from './common.ts';

// ---------------------------------------------------------------------------------------------
// Contract templates (issue 15, item 2; product SC18002; steps 成为会员 / 选择模板 / 导出邮箱 /
// 邮箱验收). Anyone browses and previews; members export a filled DOCX by e-mail, then confirm
// receipt or ask to resend. Times are epoch ms; dates yyyy-mm-dd (Beijing).
// ---------------------------------------------------------------------------------------------

/**
 * The template categories, each a sub-field of one consult field (field/getSubsetByFieldValue).
 * THE one table of codes, names and fields; the server's template texts name these codes.
 */
export const TemplateCategories = [
  { code: 'iou', name: '借条欠条', field: 4 },
  { code: 'loan', name: '借款合同', field: 4 },
  { code: 'lease', name: '房屋租赁', field: 3 },
  { code: 'houseSale', name: '房屋买卖', field: 3 },
  { code: 'renovation', name: '装修工程', field: 3 },
  { code: 'labour', name: '劳动合同', field: 5 },
  { code: 'confidentiality', name: '保密与竞业', field: 5 },
  { code: 'divorce', name: '离婚协议', field: 2 },
  { code: 'sale', name: '买卖合同', field: 8 },
  { code: 'service', name: '委托服务', field: 8 },
  { code: 'vehicle', name: '车辆交易', field: 1 },
  { code: 'equity', name: '股权转让', field: 12 },
  { code: 'partnership', name: '合伙合作', field: 11 },
] as const satisfies ReadonlyArray<{ code: string; name: string; field: keyof typeof ConsultFieldName }>;

export type TemplateCategoryCode = (typeof TemplateCategories)[number]['code'];
export const templateCategoryCodes = TemplateCategories.map((c) => c.code) as [
  TemplateCategoryCode,
  ...TemplateCategoryCode[],
];

/** Abuse limits of doctemplate/export and resendExport (Beijing calendar day). */
export const TemplateExportLimits = {
  /** Exports (new ones, not resends) per person per day. */
  exportsPerDay: 10,
  /** Different addresses one person may send to per day. */
  addressesPerDay: 3,
  /** Resends of one export, ever. */
  resendsPerExport: 3,
  /** Seconds between two sends of the same export. */
  resendCooldownS: 60,
} as const;

function blankAsUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** A template category code; blank = all. */
export const templateCategoryParam = z.preprocess(
  blankAsUndefined,
  z.enum(templateCategoryCodes, { error: '模板分类不存在' }).optional(),
);

/** An export id: 'E' + yyyymmdd + 8 characters. */
export const templateExportIdField = z
  .string({ error: '请提供导出记录编号' })
  .trim()
  .min(1, '请提供导出记录编号')
  .regex(/^E\d{8}[0-9A-Z]{8}$/, '导出记录编号格式不正确');

/** The address the DOCX goes to: trimmed, lower-cased, a plain ASCII address. */
export const templateEmailField = z
  .string({ error: '请填写邮箱地址' })
  .trim()
  .min(1, '请填写邮箱地址')
  .max(254, '邮箱地址过长')
  .pipe(z.email({ error: '邮箱地址格式不正确，例如 name@example.com' }))
  .transform((v) => v.toLowerCase());

/** A fill-in field's name inside a template (camelCase ASCII). */
export const templateFieldNameField = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/, '字段名不正确');

// ---------------------------------------------------------------------------------------------
// Categories and list

/** field/getSubsetByFieldValue?fieldValue=<consult field code>: its categories; all when absent. */
export const FieldSubsetQuerySchema = payload({ fieldValue: consultFieldParam });
export type FieldSubsetQuery = z.input<typeof FieldSubsetQuerySchema>;

export const TemplateCategorySchema = z.object({
  /** 'lease', … (TemplateCategories). */
  code: z.enum(templateCategoryCodes),
  /** 房屋租赁 */
  name: z.string(),
  /** The consult field this category belongs to (3) and its name (房产物业). */
  fieldValue: z.number().int(),
  fieldName: z.string(),
  templateCount: z.number().int(),
});
export type TemplateCategory = z.infer<typeof TemplateCategorySchema>;

/** doctemplate/list?category=&search=&page=&limit= (search: title and summary). */
export const TemplateListQuerySchema = payload({
  category: templateCategoryParam,
  search: searchTextParam('搜索内容'),
  page: pageField,
  limit: limitField,
});
export type TemplateListQuery = z.input<typeof TemplateListQuerySchema>;

export const TemplateListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.enum(templateCategoryCodes),
  categoryName: z.string(),
  /** One or two sentences: what the template is for. */
  summary: z.string(),
  fieldCount: z.number().int(),
  /** yyyy-mm-dd the text was last revised. */
  updated: z.string(),
});
export type TemplateListItem = z.infer<typeof TemplateListItemSchema>;

export const TemplatePageSchema = pageResult(TemplateListItemSchema);
export type TemplatePage = z.infer<typeof TemplatePageSchema>;

// ---------------------------------------------------------------------------------------------
// Detail and preview

/** doctemplate/detail?id= (anyone; a token, when sent, tells whether this person may export). */
export const TemplateDetailQuerySchema = payload({ id: positiveId('模板id') });
export type TemplateDetailQuery = z.input<typeof TemplateDetailQuerySchema>;

/** text: one line; long: several lines; date and money are free text too (写法自由). */
export const TemplateFieldKind = { text: 'text', long: 'long', date: 'date', money: 'money' } as const;
export type TemplateFieldKind = (typeof TemplateFieldKind)[keyof typeof TemplateFieldKind];

export const TemplateFieldSchema = z.object({
  name: z.string(),
  /** 出租方（甲方）姓名 */
  label: z.string(),
  /** The contract needs it; left blank it still exports, as a ________ line to fill by hand. */
  required: z.boolean(),
  maxLength: z.number().int(),
  kind: z.enum(['text', 'long', 'date', 'money']),
  /** An example or hint for the input's placeholder, null: none. */
  hint: z.string().nullable(),
});
export type TemplateField = z.infer<typeof TemplateFieldSchema>;

/** A run of the preview: plain text, or a fill-in field (show it marked: underlined label). */
export const TemplateSegmentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('field'), name: z.string(), label: z.string() }),
]);
export type TemplateSegment = z.infer<typeof TemplateSegmentSchema>;

/**
 * heading: a numbered clause title (第一条 租赁房屋); paragraph: body text (clause items
 * included, "1. …"); signature: the signing lines at the end (甲方（签字）：…).
 */
export const TemplateBlockSchema = z.object({
  kind: z.enum(['heading', 'paragraph', 'signature']),
  segments: z.array(TemplateSegmentSchema),
});
export type TemplateBlock = z.infer<typeof TemplateBlockSchema>;

/** ok: may export; login: log in first; member: become a member first (成为会员). */
export const TemplateExportableSchema = z.enum(['ok', 'login', 'member']);
export type TemplateExportable = z.infer<typeof TemplateExportableSchema>;

export const TemplateDetailSchema = TemplateListItemSchema.extend({
  fields: z.array(TemplateFieldSchema),
  /** The full text in reading order; the title is `title`. */
  blocks: z.array(TemplateBlockSchema),
  /** The same text as plain lines, fields written as 【label】 (copy, screen readers). */
  previewText: z.string(),
  exportable: TemplateExportableSchema,
  /** 导出后3个工作日内发送至您的邮箱… (sandbox: delivered at once). */
  exportNotice: z.string(),
});
export type TemplateDetail = z.infer<typeof TemplateDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Export by e-mail, receipt, resend

/**
 * doctemplate/export (members). fields: name → value for the template's fields; unknown names
 * and values over a field's maxLength are refused; a missing or blank field prints as ________.
 */
export const TemplateExportRequestSchema = payload({
  templateId: positiveId('模板id'),
  email: templateEmailField,
  fields: z
    .record(templateFieldNameField, z.string({ error: '填写内容必须是文字' }).max(2000, '填写内容过长'), {
      error: '填写内容格式不正确',
    })
    .refine((r) => Object.keys(r).length <= 60, '填写的字段过多')
    .optional(),
});
export type TemplateExportRequest = z.input<typeof TemplateExportRequestSchema>;

/** POST doctemplate/confirmExport (邮箱验收) and doctemplate/resendExport. */
export const TemplateExportActionSchema = payload({ exportId: templateExportIdField });
export type TemplateExportAction = z.input<typeof TemplateExportActionSchema>;

/** GET doctemplate/exports?page=&limit=: this person's exports, newest first. */
export const TemplateExportListQuerySchema = payload({ page: pageField, limit: limitField });
export type TemplateExportListQuery = z.input<typeof TemplateExportListQuerySchema>;

/**
 * sending: being handed to the mail server; sent: accepted by it (awaiting 邮箱验收);
 * failed: the mail server refused or was unreachable (resend); confirmed: the person confirmed receipt.
 */
export const TemplateExportState = {
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  confirmed: 'confirmed',
} as const;
export type TemplateExportState = (typeof TemplateExportState)[keyof typeof TemplateExportState];
export const TemplateExportStateText: Record<TemplateExportState, string> = {
  sending: '发送中',
  sent: '已发送，待验收',
  failed: '发送失败',
  confirmed: '已验收',
};

export const TemplateExportSchema = z.object({
  exportId: z.string(),
  templateId: z.number().int(),
  title: z.string(),
  category: z.enum(templateCategoryCodes),
  /** Masked: zh***@example.com. */
  email: z.string(),
  state: z.enum(['sending', 'sent', 'failed', 'confirmed']),
  stateText: z.string(),
  /** What to tell the person now (promise of the mail, what to do next). */
  notice: z.string(),
  createdAt: z.number().int(),
  /** The last time the mail server accepted it, null: never. */
  sentAt: z.number().int().nullable(),
  confirmedAt: z.number().int().nullable(),
  resendsLeft: z.number().int(),
  /** Sent and not yet confirmed. */
  canConfirm: z.boolean(),
  /** Resends left, not confirmed, and the cooldown over (else resendAfter says when). */
  canResend: z.boolean(),
  /** Epoch ms from which a resend is allowed, null: not limited by time. */
  resendAfter: z.number().int().nullable(),
});
export type TemplateExport = z.infer<typeof TemplateExportSchema>;

export const TemplateExportPageSchema = pageResult(TemplateExportSchema);
export type TemplateExportPage = z.infer<typeof TemplateExportPageSchema>;

// ---------------------------------------------------------------------------------------------
// Sandbox only: GET /api/dev/mail-outbox?to= — what the in-process SMTP receiver got

export const MailOutboxQuerySchema = z.object({
  to: z.string().trim().max(254).optional(),
});

export const MailOutboxAttachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** GET it for the bytes. */
  url: z.string(),
});

export const MailOutboxItemSchema = z.object({
  id: z.string(),
  /** When the receiver accepted it. */
  receivedAt: z.number().int(),
  /** SMTP envelope sender and recipients. */
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  attachments: z.array(MailOutboxAttachmentSchema),
});
export type MailOutboxItem = z.infer<typeof MailOutboxItemSchema>;
