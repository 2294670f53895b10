import { describe, expect, it } from 'vitest';
import {
  appendTokenToOwnLink,
  articleAgeText,
  checkCode,
  checkPhone,
  clampCode,
  fenToYuan,
  maskPhone,
  nextScreenForCallStatus,
  parseLinkTarget,
  payableFen,
  payablePrice,
  rewriteQuestionSlashUrl,
  yuanToFen,
} from '../src/index.ts';

describe('phone number check (spec §5)', () => {
  it('asks for a number when empty', () => {
    expect(checkPhone('')).toBe('请输入手机号');
    expect(checkPhone('   ')).toBe('请输入手机号');
    expect(checkPhone(undefined)).toBe('请输入手机号');
  });
  it.each(['13800138000', '19912345678', '15000000000', '17000000001'])('accepts %s', (n) => {
    expect(checkPhone(n)).toBeNull();
  });
  it.each([
    '12800138000', // second digit 2
    '10800138000', // second digit 0
    '1380013800', // 10 digits
    '138001380000', // 12 digits
    '23800138000', // does not start with 1
    '1380013800a',
    '+8613800138000',
  ])('refuses %s with the spec message', (n) => {
    expect(checkPhone(n)).toBe('请输入正确的手机号码');
  });
  it('masks the middle four digits', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
  });
});

describe('SMS code (spec §5)', () => {
  it('asks for a code when empty', () => {
    expect(checkCode('')).toBe('请输入验证码');
  });
  it('keeps at most 6 digits while typing', () => {
    expect(clampCode('1234567')).toBe('123456');
    expect(clampCode('12a3 4')).toBe('1234');
  });
  it('accepts up to 6 digits and refuses more', () => {
    expect(checkCode('123456')).toBeNull();
    expect(checkCode('1234567')).not.toBeNull();
    expect(checkCode('12345a')).not.toBeNull();
  });
});

describe('payable price (spec §5)', () => {
  it('is price minus coupon', () => {
    expect(payableFen(3900, 1000)).toBe(2900);
    expect(payablePrice(39, 10)).toBe(29);
    expect(payablePrice(0.3, 0.1)).toBe(0.2);
  });
  it('is never below zero', () => {
    expect(payableFen(500, 1000)).toBe(0);
    expect(payablePrice(5, 10)).toBe(0);
  });
  it('ignores a negative coupon', () => {
    expect(payableFen(500, -100)).toBe(500);
  });
  it('converts fen and yuan without float drift', () => {
    expect(yuanToFen(19.9)).toBe(1990);
    expect(fenToYuan(1990)).toBe(19.9);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
  });
});

describe('link targets (spec §2)', () => {
  it('go_ is an internal route', () => {
    expect(parseLinkTarget('go_MemberCard')).toEqual({ kind: 'route', path: '/MemberCard' });
    expect(parseLinkTarget('go_SubTel/2')).toEqual({ kind: 'route', path: '/SubTel/2' });
    expect(parseLinkTarget('go_/Lawyer?field=2')).toEqual({ kind: 'route', path: '/Lawyer?field=2' });
  });
  it('http is an external page', () => {
    expect(parseLinkTarget('https://www.example.com/a?b=1')).toEqual({
      kind: 'external',
      url: 'https://www.example.com/a?b=1',
    });
  });
  it('ilawyer opens AI, show_coupon claims a coupon', () => {
    expect(parseLinkTarget('ilawyer')).toEqual({ kind: 'ai' });
    expect(parseLinkTarget('show_coupon')).toEqual({ kind: 'coupon' });
  });
  it('anything else does nothing', () => {
    expect(parseLinkTarget('')).toEqual({ kind: 'none' });
    expect(parseLinkTarget(null)).toEqual({ kind: 'none' });
    expect(parseLinkTarget('go_')).toEqual({ kind: 'none' });
    expect(parseLinkTarget('javascript:alert(1)//http')).toEqual({ kind: 'none' });
    expect(parseLinkTarget('nothing')).toEqual({ kind: 'none' });
  });
});

describe('token on article links of our own domain (spec §2)', () => {
  it('appends the token on our domain and its subdomains', () => {
    expect(appendTokenToOwnLink('https://lawline.example.com/a/1', 'tk', 'lawline.example.com')).toBe(
      'https://lawline.example.com/a/1?token=tk',
    );
    expect(appendTokenToOwnLink('https://m.lawline.example.com/a?x=1', 'tk', 'lawline.example.com')).toBe(
      'https://m.lawline.example.com/a?x=1&token=tk',
    );
  });
  it('leaves other domains and look-alikes alone', () => {
    expect(appendTokenToOwnLink('https://www.example.org/a', 'tk', 'lawline.example.com')).toBe(
      'https://www.example.org/a',
    );
    expect(
      appendTokenToOwnLink('https://evil-lawline.example.com.attacker.io/', 'tk', 'lawline.example.com'),
    ).toBe('https://evil-lawline.example.com.attacker.io/');
  });
  it('does nothing without a token', () => {
    expect(appendTokenToOwnLink('https://lawline.example.com/a', null, 'lawline.example.com')).toBe(
      'https://lawline.example.com/a',
    );
  });
});

describe('article age text (spec §9)', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('minutes, hours under 24, then days', () => {
    expect(articleAgeText(now - 20_000, now)).toBe('刚刚');
    expect(articleAgeText(now - 5 * 60_000, now)).toBe('5分钟前');
    expect(articleAgeText(now - 59 * 60_000, now)).toBe('59分钟前');
    expect(articleAgeText(now - 60 * 60_000, now)).toBe('1小时前');
    expect(articleAgeText(now - 23 * 3_600_000, now)).toBe('23小时前');
    expect(articleAgeText(now - 24 * 3_600_000, now)).toBe('1天前');
    expect(articleAgeText(new Date(now - 10 * 86_400_000).toISOString(), now)).toBe('10天前');
  });
  it('is empty for a bad date', () => {
    expect(articleAgeText('not a date', now)).toBe('');
  });
});

describe("'/?/' URLs become hash routes (spec §2)", () => {
  it('rewrites', () => {
    expect(rewriteQuestionSlashUrl('https://h.example.com/h5/gzh/?/Lawyer')).toBe(
      'https://h.example.com/h5/gzh/#/Lawyer',
    );
    expect(rewriteQuestionSlashUrl('https://h.example.com/h5/gzh/?/SubTel/2?channel=czh')).toBe(
      'https://h.example.com/h5/gzh/#/SubTel/2?channel=czh',
    );
  });
  it('leaves other URLs alone', () => {
    expect(rewriteQuestionSlashUrl('https://h.example.com/h5/gzh/#/Lawyer')).toBeNull();
    expect(rewriteQuestionSlashUrl('https://h.example.com/h5/gzh/?channel=czh')).toBeNull();
    expect(rewriteQuestionSlashUrl('https://h.example.com/h5/gzh/#/a/?/b')).toBeNull();
  });
});

describe('phone call-order status → next screen (spec §4)', () => {
  it('follows the table', () => {
    expect(nextScreenForCallStatus(2)).toEqual({ action: 'poll' });
    expect(nextScreenForCallStatus(5)).toEqual({ action: 'navigate', page: 'Payment' });
    expect(nextScreenForCallStatus(4)).toEqual({ action: 'navigate', page: 'LawyerEvaluation' });
    expect(nextScreenForCallStatus(3)).toEqual({ action: 'navigate', page: 'PayWaiting' });
    expect(nextScreenForCallStatus(99)).toEqual({ action: 'navigate', page: 'TelDetail' });
    expect(nextScreenForCallStatus(7)).toEqual({ action: 'unknown' });
  });
});
