import type { TemplateExport, TemplateField } from '@lawline/contract/schemas';
import { describe, expect, it } from 'vitest';
import {
  categoryChips,
  categoryParam,
  checkEmail,
  checkFieldValue,
  detailStepIndex,
  emptyExportDraft,
  exportErrors,
  exportRefusal,
  exportRequest,
  filledCount,
  hasErrors,
  introStepIndex,
  latestExportOf,
  parseExportDraft,
  replaceExport,
  resendWaitSeconds,
  searchParam,
  textLength,
  timeText,
} from '../src/features/templates/template-rules.ts';

const field = (name: string, label: string, maxLength = 10): TemplateField => ({
  name,
  label,
  maxLength,
  required: false,
  kind: 'text',
  hint: null,
});

const fields = [field('lender', '出借人姓名', 4), field('amount', '借款金额', 12)];

const exportOf = (exportId: string, templateId: number, state: TemplateExport['state']): TemplateExport => ({
  exportId,
  templateId,
  title: '借条',
  category: 'iou',
  email: 'zh***@example.com',
  state,
  stateText: '',
  notice: '',
  createdAt: 0,
  sentAt: null,
  confirmedAt: null,
  resendsLeft: 3,
  canConfirm: state === 'sent',
  canResend: false,
  resendAfter: null,
});

describe('the step bar of contract templates (成为会员 / 选择模板 / 导出邮箱 / 邮箱验收)', () => {
  it('the intro is at 成为会员 until the person is a member, then at 选择模板', () => {
    expect(introStepIndex(false)).toBe(0);
    expect(introStepIndex(true)).toBe(1);
  });

  it('a template: 成为会员 when export is closed, 导出邮箱 before, 邮箱验收 after, all done once confirmed', () => {
    expect(detailStepIndex('login', null)).toBe(0);
    expect(detailStepIndex('member', { state: 'sent' })).toBe(0);
    expect(detailStepIndex('ok', null)).toBe(2);
    expect(detailStepIndex('ok', { state: 'sent' })).toBe(3);
    expect(detailStepIndex('ok', { state: 'failed' })).toBe(3);
    expect(detailStepIndex('ok', { state: 'confirmed' })).toBe(4);
  });
});

describe('the export form', () => {
  it('checks the address with the contract rule', () => {
    expect(checkEmail('')).toBe('请填写邮箱地址');
    expect(checkEmail('   ')).toBe('请填写邮箱地址');
    expect(checkEmail('name@')).toBe('邮箱地址格式不正确，例如 name@example.com');
    expect(checkEmail(' Name@Example.com ')).toBeNull();
  });

  it('counts characters as the server does (white space runs as one, emoji as one)', () => {
    expect(textLength('  张  三 ')).toBe(3);
    expect(textLength('😀😀')).toBe(2);
    expect(checkFieldValue(fields[0] as TemplateField, '张三丰李')).toBeNull();
    expect(checkFieldValue(fields[0] as TemplateField, '张三丰李四')).toBe('「出借人姓名」最多4个字');
  });

  it('collects every message; blank fields are fine', () => {
    const errors = exportErrors({ email: 'bad', values: { lender: '张三丰李四', amount: '' } }, fields);
    expect(errors.email).toBeDefined();
    expect(errors.fields).toEqual({ lender: '「出借人姓名」最多4个字' });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(exportErrors({ email: 'a@b.cn', values: {} }, fields))).toBe(false);
  });

  it('sends the trimmed address and only filled fields of the template', () => {
    const draft = { email: ' a@b.cn ', values: { lender: ' 张三 ', amount: '  ', stray: 'x' } };
    expect(exportRequest(7, draft, fields)).toEqual({
      templateId: 7,
      email: 'a@b.cn',
      fields: { lender: '张三' },
    });
    expect(exportRequest(7, { email: 'a@b.cn', values: {} }, fields)).toEqual({
      templateId: 7,
      email: 'a@b.cn',
    });
    expect(filledCount(draft, fields)).toBe(1);
  });

  it('reads a kept draft back, keeping only strings', () => {
    expect(parseExportDraft(null)).toEqual(emptyExportDraft());
    expect(parseExportDraft('not json')).toEqual(emptyExportDraft());
    expect(parseExportDraft('{"email":"a@b.cn","values":{"lender":"张三","n":3}}')).toEqual({
      email: 'a@b.cn',
      values: { lender: '张三' },
    });
  });
});

describe('a refused export', () => {
  it('is read from the status code (and, for 400, whether it is about the address)', () => {
    expect(exportRefusal(403, '合同模板导出为会员专享，开通会员后即可导出')).toBe('member');
    expect(exportRefusal(400, '邮箱地址格式不正确，例如 name@example.com')).toBe('email');
    expect(exportRefusal('400', '「出租方姓名」最多40个字')).toBe('field');
    expect(exportRefusal(429, '今日导出次数已达上限（10次），请明天再试')).toBe('limit');
    expect(exportRefusal(503, '邮件暂未发出')).toBe('mail');
    expect(exportRefusal(null, '网络异常')).toBe('other');
  });
});

describe('export records', () => {
  it('counts down to the next resend in whole seconds', () => {
    expect(resendWaitSeconds(null, 1000)).toBe(0);
    expect(resendWaitSeconds(61_000, 1000)).toBe(60);
    expect(resendWaitSeconds(1500, 1000)).toBe(1);
    expect(resendWaitSeconds(500, 1000)).toBe(0);
  });

  it('finds a template’s newest export and replaces one by id', () => {
    const list = [exportOf('E1', 2, 'sent'), exportOf('E2', 1, 'sent'), exportOf('E3', 1, 'confirmed')];
    expect(latestExportOf(list, 1)?.exportId).toBe('E2');
    expect(latestExportOf(list, 9)).toBeNull();
    const page = { list, total: 3 };
    const updated = replaceExport(page, exportOf('E2', 1, 'confirmed'));
    expect(updated.list.map((e) => e.state)).toEqual(['sent', 'confirmed', 'confirmed']);
    expect(replaceExport(page, exportOf('E9', 1, 'sent'))).toBe(page);
  });

  it('writes times in Beijing time', () => {
    expect(timeText(Date.UTC(2024, 4, 1, 6, 3))).toBe('2024-05-01 14:03');
  });
});

describe('list filters', () => {
  it('takes only known category codes and trims the search to 30 characters', () => {
    expect(categoryParam('lease')).toBe('lease');
    expect(categoryParam('nope')).toBeNull();
    expect(categoryParam(null)).toBeNull();
    expect(searchParam('  租房 ')).toBe('租房');
    expect(searchParam('字'.repeat(40))).toHaveLength(30);
  });

  it('shows only categories that have templates', () => {
    const c = (code: 'iou' | 'lease', templateCount: number) => ({
      code,
      name: code,
      fieldValue: 3,
      fieldName: '房产物业',
      templateCount,
    });
    expect(categoryChips([c('iou', 2), c('lease', 0)]).map((x) => x.code)).toEqual(['iou']);
    expect(categoryChips(undefined)).toEqual([]);
  });
});
