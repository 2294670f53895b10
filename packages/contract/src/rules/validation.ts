import { Limits } from '../constants/timings.ts';

export const PHONE_EMPTY = '请输入手机号';
export const PHONE_INVALID = '请输入正确的手机号码';
export const CODE_EMPTY = '请输入验证码';
export const CODE_INVALID = '验证码为6位数字';

/** Mainland mobile: 11 digits, starts with 1, second digit 3–9 (spec §5). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** Returns the spec's message for a bad phone number, or null when it is fine. */
export function checkPhone(mobile: string | null | undefined): string | null {
  const value = (mobile ?? '').trim();
  if (value === '') return PHONE_EMPTY;
  return PHONE_PATTERN.test(value) ? null : PHONE_INVALID;
}

/** Keeps what a person may type into the code field: digits, at most 6. */
export function clampCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, Limits.codeMaxLength);
}

export function checkCode(code: string | null | undefined): string | null {
  const value = (code ?? '').trim();
  if (value === '') return CODE_EMPTY;
  return /^\d{1,6}$/.test(value) ? null : CODE_INVALID;
}

/** 138****5678 */
export function maskPhone(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

/**
 * A person's name as others may see it (reviews on a lawyer's profile): the first character and
 * '**' ('张**'); '用户**' for a default name ('用户8000'), an empty one, or a closed account.
 */
export function maskPersonName(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (trimmed === '' || trimmed.startsWith('用户') || trimmed.startsWith('已注销')) return '用户**';
  const [first] = Array.from(trimmed);
  return `${first}**`;
}
