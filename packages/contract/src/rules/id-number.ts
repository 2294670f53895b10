/**
 * PRC resident identity card numbers (GB 11643-1999): 6-digit region code, 8-digit birth date
 * (YYYYMMDD), 3-digit sequence, and a check character computed with ISO 7064 MOD 11-2.
 * Pure functions: no I/O, the caller passes "today" when it matters.
 */

export const ID_NUMBER_EMPTY = '请输入身份证号码';
export const ID_NUMBER_FORMAT = '身份证号码应为18位，最后一位可以是数字或X';
export const ID_NUMBER_REGION = '身份证号码的地区码不正确，请检查前两位';
export const ID_NUMBER_BIRTH = '身份证号码中的出生日期不正确，请检查第7–14位';
export const ID_NUMBER_CHECK = '身份证号码校验位不正确，请核对后重新输入';

/** Weights of the first 17 digits: 2^(17−i) mod 11. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
/** Check character for each remainder 0–10. */
const CHECK_CHARS = '10X98765432';

/** Province-level codes (first two digits), including Hong Kong, Macao and Taiwan residence permits. */
const PROVINCE_CODES = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '81',
  '82',
  '83',
]);

/** The check character (0–9 or X) for the first 17 digits. */
export function idNumberCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('idNumberCheckChar needs exactly 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (WEIGHTS[i] as number);
  return CHECK_CHARS[sum % 11] as string;
}

/** Trims, drops inner spaces and upper-cases a trailing x. */
export function normalizeIdNumber(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/**
 * The message for a bad ID number, or null when it is a well-formed 18-character number with a
 * valid region, a plausible birth date (a real calendar day from 1900 to today) and the right
 * check character.
 */
export function checkIdNumber(input: string | null | undefined, today: Date = new Date()): string | null {
  const value = normalizeIdNumber(input ?? '');
  if (value === '') return ID_NUMBER_EMPTY;
  if (!/^\d{17}[\dX]$/.test(value)) return ID_NUMBER_FORMAT;
  if (!PROVINCE_CODES.has(value.slice(0, 2))) return ID_NUMBER_REGION;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  const isCalendarDay =
    birth.getUTCFullYear() === year && birth.getUTCMonth() === month - 1 && birth.getUTCDate() === day;
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (!isCalendarDay || year < 1900 || birth.getTime() > todayUtc) return ID_NUMBER_BIRTH;
  if (idNumberCheckChar(value.slice(0, 17)) !== value[17]) return ID_NUMBER_CHECK;
  return null;
}

/** 110***********1234: the first 3 and the last 4 characters, the rest starred. */
export function maskIdNumber(value: string): string {
  if (value.length <= 7) return '*'.repeat(value.length);
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}

/** 张*, 欧阳**: the first character kept, the rest starred. */
export function maskRealName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= 1) return name;
  return `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

/** Real name: 2–20 Chinese characters, with · (or •) between the parts of a transliterated name. */
export const REAL_NAME_PATTERN = /^[\u3400-\u9fff]+(?:[·•][\u3400-\u9fff]+)*$/;
export const REAL_NAME_INVALID = '请输入2–20个汉字的真实姓名（少数民族姓名可用·分隔）';

export function checkRealName(input: string | null | undefined): string | null {
  const value = (input ?? '').trim();
  if (value === '') return '请输入真实姓名';
  const length = Array.from(value).length;
  if (length < 2 || length > 20 || !REAL_NAME_PATTERN.test(value)) return REAL_NAME_INVALID;
  return null;
}
