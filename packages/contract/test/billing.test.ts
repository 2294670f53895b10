import { describe, expect, it } from 'vitest';
import {
  billableUnits,
  CallOrderEvent,
  CallOrderProjection,
  type CallOrderState,
  CallOrderTransitions,
  Charge,
  callOrderStates,
  computeCallBill,
  nextCallOrderState,
} from '../src/index.ts';

const byTime = (durationSeconds: number, extra: Partial<Parameters<typeof computeCallBill>[0]> = {}) =>
  computeCallBill({
    charge: Charge.byTime,
    unitPriceFen: 600,
    durationSeconds,
    isMember: false,
    hasCountCardUse: false,
    ...extra,
  });

describe('phone bill by time (元/分钟): under 60 s free, then every started minute', () => {
  it.each([
    [0, 0],
    [1, 0],
    [59, 0],
    [60, 1],
    [61, 2],
    [119, 2],
    [120, 2],
    [121, 3],
    [95, 2],
  ])('%i s → %i minutes', (seconds, units) => {
    expect(billableUnits(Charge.byTime, seconds)).toBe(units);
    const bill = byTime(seconds);
    expect(bill.billableUnits).toBe(units);
    expect(bill.amountFen).toBe(units * 600);
    expect(bill.payableFen).toBe(units * 600);
  });
  it('a short call is free with reason shortCall and uses no card', () => {
    const bill = byTime(59, { hasCountCardUse: true, isMember: true });
    expect(bill).toMatchObject({ free: true, freeReason: 'shortCall', payableFen: 0, usesCountCard: false });
  });
  it('fractions of a second do not start a minute', () => {
    expect(billableUnits(Charge.byTime, 60.9)).toBe(1);
  });
});

describe('phone bill by count (元/次)', () => {
  it('one unit once connected for 60 s, nothing below', () => {
    const base = {
      charge: Charge.byPer,
      unitPriceFen: 3900,
      isMember: false,
      hasCountCardUse: false,
    } as const;
    expect(computeCallBill({ ...base, durationSeconds: 59 })).toMatchObject({
      billableUnits: 0,
      payableFen: 0,
    });
    expect(computeCallBill({ ...base, durationSeconds: 60 })).toMatchObject({
      billableUnits: 1,
      payableFen: 3900,
    });
    expect(computeCallBill({ ...base, durationSeconds: 3600 })).toMatchObject({
      billableUnits: 1,
      payableFen: 3900,
    });
  });
});

describe('free reasons', () => {
  it('members pay nothing (会员免费) but the call keeps its value and the lawyer earns', () => {
    const bill = byTime(95, { isMember: true });
    expect(bill).toMatchObject({ free: true, freeReason: 'member', amountFen: 1200, payableFen: 0 });
    expect(bill.lawyerEarningsFen).toBe(840);
  });
  it('a count card use covers the call and must be recorded', () => {
    expect(byTime(300, { hasCountCardUse: true })).toMatchObject({
      free: true,
      freeReason: 'countCard',
      payableFen: 0,
      usesCountCard: true,
    });
  });
  it('membership wins over a count card (no use spent)', () => {
    expect(byTime(300, { isMember: true, hasCountCardUse: true }).usesCountCard).toBe(false);
  });
  it('otherwise the person pays units × price', () => {
    expect(byTime(61)).toMatchObject({ free: false, freeReason: null, payableFen: 1200 });
  });
});

describe('call order transition table', () => {
  it('every state has both spec projections', () => {
    for (const state of callOrderStates) {
      expect([2, 3, 4, 5, 99]).toContain(CallOrderProjection[state].callStatus);
      expect([1, 2, 3, 4, 5, 99]).toContain(CallOrderProjection[state].orderStatus);
    }
    expect(CallOrderProjection.payment_due).toEqual({ orderStatus: 3, callStatus: 5 });
    expect(CallOrderProjection.to_evaluate).toEqual({ orderStatus: 4, callStatus: 4 });
    expect(CallOrderProjection.closed).toEqual({ orderStatus: 99, callStatus: 99 });
  });
  it('allows exactly the table and refuses every other pair', () => {
    for (const event of Object.values(CallOrderEvent)) {
      for (const state of callOrderStates) {
        const rule = CallOrderTransitions[event];
        const next = nextCallOrderState(state, event);
        if (rule.from.includes(state)) expect(next).toBe(rule.to ?? state);
        else expect(next).toBeNull();
      }
    }
  });
  it('the happy paths', () => {
    const walk = (events: CallOrderEvent[]) =>
      events.reduce<CallOrderState | null>((s, e) => (s ? nextCallOrderState(s, e) : null), 'dispatching');
    expect(walk(['offer', 'accept', 'callStarted', 'callBilled', 'payConfirmed', 'evaluate'])).toBe(
      'evaluated',
    );
    expect(walk(['offer', 'accept', 'callStarted', 'callFree', 'evaluate'])).toBe('evaluated');
    expect(walk(['offer', 'offerLapsed', 'offer', 'accept', 'callUnanswered'])).toBe('closed');
    expect(walk(['offer', 'accept', 'callStarted', 'cancel'])).toBeNull();
  });
});
