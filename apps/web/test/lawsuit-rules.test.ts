import { describe, expect, it } from 'vitest';
import {
  amountText,
  checkLawsuit,
  emptyDraft,
  fitsFreeLawsuit,
  type LawsuitDraft,
  parseDraft,
  quoteBalance,
} from '../src/features/services/lawsuit/lawsuit-rules.ts';

const ID = '0b9c6f1e-7a52-4f0e-9d1b-6a1f2c3d4e5f';
const filled = (change: Partial<LawsuitDraft> = {}): LawsuitDraft => ({
  ...emptyDraft(ID),
  role: 'defendant',
  caseType: 'civil',
  consultField: 4,
  amount: '50000',
  courtRegionCodes: ['440000', '440300'],
  courtRegionText: '广东省 深圳市',
  facts: '对方起诉我要求归还借款五万元，但我已经全部还清并有转账凭证。',
  evidence: [],
  ...change,
});

describe('lawsuit form rules', () => {
  it('an empty form has one message per field, from the contract schema', () => {
    const check = checkLawsuit(emptyDraft(ID));
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toMatchObject({
      role: '请选择您是原告还是被告',
      caseType: '请选择案件类型',
      amount: '请填写争议金额（元）',
      courtRegionCode: '请选择法院所在地',
    });
    expect(check.errors.consultField).toBeTruthy();
    expect(check.errors.facts).toBeTruthy();
  });

  it('an empty amount is not 0; 0 is allowed; letters and short facts get actionable messages', () => {
    expect(checkLawsuit(filled({ amount: '' })).ok).toBe(false);
    expect(checkLawsuit(filled({ amount: '0' })).ok).toBe(true);
    const letters = checkLawsuit(filled({ amount: 'abc' }));
    expect(letters.ok ? null : letters.errors.amount).toContain('数字');
    const short = checkLawsuit(filled({ facts: '太短了' }));
    expect(short.ok ? null : short.errors.facts).toBe('案情经过至少20个字，还差17个字');
    expect(checkLawsuit(filled({ amount: '1,200.5' })).ok).toBe(true);
  });

  it('a province alone is not a court city', () => {
    const check = checkLawsuit(filled({ courtRegionCodes: ['440000'] }));
    expect(check.ok ? null : check.errors.courtRegionCode).toBe('请选择法院所在地');
  });

  it('a complete draft is the order to send (city code, evidence ids, same requestId)', () => {
    const check = checkLawsuit(filled({ evidence: [{ id: ID, name: 'a.pdf', size: 3 }] }));
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.value).toMatchObject({
      requestId: ID,
      courtRegionCode: '440300',
      amount: 50000,
      evidence: [ID],
    });
  });

  it('a stored draft is read back defensively', () => {
    const fresh = () => 'fresh';
    expect(parseDraft(null, fresh).requestId).toBe('fresh');
    expect(parseDraft('{bad json', fresh)).toEqual(emptyDraft('fresh'));
    const stored = parseDraft(JSON.stringify({ ...filled(), role: 'judge', consultField: 999 }), fresh);
    expect(stored).toMatchObject({ requestId: ID, role: '', consultField: null, amount: '50000' });
  });

  it('the free-agency hint, money texts, the balance', () => {
    expect(fitsFreeLawsuit(filled())).toBe(true);
    expect(fitsFreeLawsuit(filled({ amount: '300001' }))).toBe(false);
    expect(fitsFreeLawsuit(filled({ role: 'plaintiff' }))).toBe(false);
    expect(amountText(0)).toBe('不涉及金额');
    expect(amountText(1234567.5)).toBe('1,234,567.50元');
    expect(quoteBalance(4995, 999)).toBe(3996);
    expect(quoteBalance(500, 999)).toBe(0);
  });
});
