import { StepLists } from '@lawline/contract';
import {
  type TemplateCategory,
  type TemplateCategoryCode,
  type TemplateExport,
  type TemplateExportable,
  type TemplateExportRequest,
  type TemplateField,
  templateCategoryCodes,
  templateEmailField,
} from '@lawline/contract/schemas';

/**
 * The rules of the contract-template pages (issue 15, item 2), free of React so they are tested
 * on their own: the step bar's position, the export form's checks and payload, what a refused
 * export means for the page, the resend countdown.
 */

export const SEARCH_MAX = 30;

const STEP_COUNT = StepLists.docModule.length;

/** The intro's step: 成为会员 until the person is a member, then 选择模板. */
export function introStepIndex(isMember: boolean): number {
  return isMember ? 1 : 0;
}

/**
 * ModuleDetail's step: 成为会员 while export is not open to the person; 导出邮箱 before an export
 * of this template; 邮箱验收 while the newest one waits for it; every step done once confirmed.
 */
export function detailStepIndex(
  exportable: TemplateExportable,
  latest: Pick<TemplateExport, 'state'> | null | undefined,
): number {
  if (exportable !== 'ok') return 0;
  if (!latest) return 2;
  return latest.state === 'confirmed' ? STEP_COUNT : 3;
}

// ---------------------------------------------------------------------------------------------
// The export form

export interface ExportDraft {
  email: string;
  /** Field name → what the person typed (kept as typed; trimmed only when sent). */
  values: Record<string, string>;
}

export function emptyExportDraft(): ExportDraft {
  return { email: '', values: {} };
}

export interface ExportErrors {
  email?: string;
  /** Field name → message. */
  fields: Record<string, string>;
}

export function hasErrors(errors: ExportErrors): boolean {
  return errors.email !== undefined || Object.keys(errors.fields).length > 0;
}

/**
 * Characters as the server counts them: runs of white space as one space, trimmed, an emoji or a
 * rare CJK character as one.
 */
export function textLength(text: string): number {
  return Array.from(text.replace(/\s+/g, ' ').trim()).length;
}

/** The e-mail address's message from the contract's own rule, or null when it is fine. */
export function checkEmail(email: string): string | null {
  const parsed = templateEmailField.safeParse(email);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '邮箱地址格式不正确');
}

/** A field's message: only length is checked (every field is optional, blanks print as ____). */
export function checkFieldValue(
  field: Pick<TemplateField, 'label' | 'maxLength'>,
  value: string,
): string | null {
  return textLength(value) > field.maxLength ? `「${field.label}」最多${field.maxLength}个字` : null;
}

export function exportErrors(draft: ExportDraft, fields: readonly TemplateField[]): ExportErrors {
  const errors: ExportErrors = { fields: {} };
  const email = checkEmail(draft.email);
  if (email) errors.email = email;
  for (const field of fields) {
    const message = checkFieldValue(field, draft.values[field.name] ?? '');
    if (message) errors.fields[field.name] = message;
  }
  return errors;
}

/** The export request: the address trimmed, only the template's fields that were filled. */
export function exportRequest(
  templateId: number,
  draft: ExportDraft,
  fields: readonly Pick<TemplateField, 'name'>[],
): TemplateExportRequest {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = (draft.values[field.name] ?? '').trim();
    if (value) values[field.name] = value;
  }
  const request: TemplateExportRequest = { templateId, email: draft.email.trim() };
  if (Object.keys(values).length > 0) request.fields = values;
  return request;
}

/** Mark 关键 fields only where it tells something (some fields are, some are not). */
export function marksKeyFields(fields: readonly Pick<TemplateField, 'required'>[]): boolean {
  return fields.some((f) => f.required) && fields.some((f) => !f.required);
}

/** How many of the template's fields have something in them. */
export function filledCount(draft: ExportDraft, fields: readonly Pick<TemplateField, 'name'>[]): number {
  return fields.filter((f) => (draft.values[f.name] ?? '').trim() !== '').length;
}

/** A draft read back from storage: only strings survive; anything else is an empty draft. */
export function parseExportDraft(text: string | null): ExportDraft {
  if (!text) return emptyExportDraft();
  try {
    const raw: unknown = JSON.parse(text);
    if (typeof raw !== 'object' || raw === null) return emptyExportDraft();
    const { email, values } = raw as { email?: unknown; values?: unknown };
    const kept: Record<string, string> = {};
    if (typeof values === 'object' && values !== null) {
      for (const [key, value] of Object.entries(values)) if (typeof value === 'string') kept[key] = value;
    }
    return { email: typeof email === 'string' ? email : '', values: kept };
  } catch {
    return emptyExportDraft();
  }
}

// ---------------------------------------------------------------------------------------------
// A refused export

export type ExportRefusal =
  /** Not a member (403): lead to the member cards. */
  | 'member'
  /** The address is wrong (400 about the e-mail): show it at the address. */
  | 'email'
  /** A field (400 about a field): show it above the form. */
  | 'field'
  /** Daily limits (429). */
  | 'limit'
  /** The mail server did not take it (503): the export exists as failed, resend from the records. */
  | 'mail'
  | 'other';

export function exportRefusal(code: number | string | null, message: string): ExportRefusal {
  const status = Number(code);
  if (status === 403) return 'member';
  if (status === 429) return 'limit';
  if (status === 503) return 'mail';
  if (status === 400) return message.includes('邮箱') ? 'email' : 'field';
  return 'other';
}

// ---------------------------------------------------------------------------------------------
// Records

/** Whole seconds until a resend is allowed (0: now). */
export function resendWaitSeconds(resendAfter: number | null, now: number): number {
  if (resendAfter === null) return 0;
  return Math.max(0, Math.ceil((resendAfter - now) / 1000));
}

/** The newest export of one template among the person's exports (newest first), or null. */
export function latestExportOf(
  exports: readonly TemplateExport[] | undefined,
  templateId: number,
): TemplateExport | null {
  return exports?.find((e) => e.templateId === templateId) ?? null;
}

/** Replace one export (by id) in a page of exports: the answer of confirm or resend. */
export function replaceExport<P extends { list: TemplateExport[] }>(page: P, updated: TemplateExport): P {
  if (!page.list.some((e) => e.exportId === updated.exportId)) return page;
  return { ...page, list: page.list.map((e) => (e.exportId === updated.exportId ? updated : e)) };
}

/** 2024-05-01 14:03 in Beijing time. */
export function timeText(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

// ---------------------------------------------------------------------------------------------
// Categories

/** The category chips: the categories that have templates, in the contract's order. */
export function categoryChips(categories: readonly TemplateCategory[] | undefined): TemplateCategory[] {
  return (categories ?? []).filter((c) => c.templateCount > 0);
}

/** A category code from the address, when it is one of the contract's categories. */
export function categoryParam(value: string | null | undefined): TemplateCategoryCode | null {
  if (!value) return null;
  return templateCategoryCodes.find((code) => code === value) ?? null;
}

/** The search text from the address or the box: trimmed, at most SEARCH_MAX characters. */
export function searchParam(value: string | null | undefined): string {
  return Array.from((value ?? '').trim())
    .slice(0, SEARCH_MAX)
    .join('');
}
