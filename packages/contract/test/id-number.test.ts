import { describe, expect, it } from 'vitest';
import {
  checkIdNumber,
  checkRealName,
  ID_NUMBER_BIRTH,
  ID_NUMBER_CHECK,
  ID_NUMBER_EMPTY,
  ID_NUMBER_FORMAT,
  ID_NUMBER_REGION,
  idNumberCheckChar,
  maskIdNumber,
  maskRealName,
  REAL_NAME_INVALID,
} from '../src/index.ts';
import { SaveThreeElementsSchema } from '../src/schemas/index.ts';

// Made-up numbers: the first 17 digits are invented, the check characters were computed by hand
// with ISO 7064 MOD 11-2 (weights 7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2; remainder → 1 0 X 9 8 7 6 5 4 3 2).
const VALID = [
  '110105199003071239',
  '440304198512204569',
  '320106200002290078', // 29 Feb 2000, a leap day
  '510108197701010016',
  '110101198001010010', // check character 0
  '11010119800101007X', // check character X
];
const today = new Date('2026-11-21T00:00:00Z');

describe('resident ID number (GB 11643, ISO 7064 MOD 11-2)', () => {
  it('computes the check character', () => {
    expect(idNumberCheckChar('11010519900307123')).toBe('9');
    expect(idNumberCheckChar('11010119800101001')).toBe('0');
    expect(idNumberCheckChar('11010119800101007')).toBe('X');
    expect(idNumberCheckChar('11010119800101015')).toBe('X');
    expect(() => idNumberCheckChar('123')).toThrow();
  });

  it('accepts well-formed numbers, a lower-case x and spaces', () => {
    for (const id of VALID) expect(checkIdNumber(id, today), id).toBeNull();
    expect(checkIdNumber('11010119800101007x', today)).toBeNull();
    expect(checkIdNumber(' 110105 19900307 1239 ', today)).toBeNull();
  });

  it('refuses a wrong check character, naming the problem', () => {
    expect(checkIdNumber('110105199003071238', today)).toBe(ID_NUMBER_CHECK);
    expect(checkIdNumber('110101198001010071', today)).toBe(ID_NUMBER_CHECK);
    // Two swapped digits are caught by the check.
    expect(checkIdNumber('110105199003071329', today)).toBe(ID_NUMBER_CHECK);
  });

  it('refuses bad shapes, regions and birth dates', () => {
    expect(checkIdNumber('', today)).toBe(ID_NUMBER_EMPTY);
    expect(checkIdNumber('11010519900307123', today)).toBe(ID_NUMBER_FORMAT);
    expect(checkIdNumber('1101051990030712399', today)).toBe(ID_NUMBER_FORMAT);
    expect(checkIdNumber('11010519900307X239', today)).toBe(ID_NUMBER_FORMAT);
    expect(checkIdNumber('990105199003071239', today)).toBe(ID_NUMBER_REGION);
    // 30 Feb, 29 Feb 2001, month 13, before 1900, after today.
    for (const base of ['11010519900230123', '11010520010229123', '11010519901301123', '11010518991231123']) {
      expect(checkIdNumber(base + idNumberCheckChar(base), today), base).toBe(ID_NUMBER_BIRTH);
    }
    const future = '11010520261122123';
    expect(checkIdNumber(future + idNumberCheckChar(future), today)).toBe(ID_NUMBER_BIRTH);
  });

  it('masks as first 3 + last 4', () => {
    expect(maskIdNumber('110105199003071239')).toBe('110***********1239');
    expect(maskIdNumber('110105199003071239')).toHaveLength(18);
  });
});

describe('real name', () => {
  it('takes 2–20 Chinese characters, · between parts', () => {
    expect(checkRealName('张三')).toBeNull();
    expect(checkRealName('阿依古丽·买买提')).toBeNull();
    expect(checkRealName('张')).toBe(REAL_NAME_INVALID);
    expect(checkRealName('Zhang San')).toBe(REAL_NAME_INVALID);
    expect(checkRealName('张三1')).toBe(REAL_NAME_INVALID);
    expect(checkRealName('·张三')).toBe(REAL_NAME_INVALID);
    expect(checkRealName('张'.repeat(21))).toBe(REAL_NAME_INVALID);
    expect(maskRealName('张三丰')).toBe('张**');
  });

  it('the save payload needs a separate, explicit consent', () => {
    const base = { realName: '张三', idNumber: VALID[0], mobile: '13800138000' };
    expect(SaveThreeElementsSchema.safeParse({ ...base, consent: true }).success).toBe(true);
    expect(SaveThreeElementsSchema.safeParse(base).success).toBe(false);
    expect(SaveThreeElementsSchema.safeParse({ ...base, consent: 'true' }).success).toBe(false);
    expect(
      SaveThreeElementsSchema.safeParse({ ...base, consent: true, idNumber: '110105199003071238' }).success,
    ).toBe(false);
  });
});
