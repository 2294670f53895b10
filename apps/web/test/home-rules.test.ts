import { describe, expect, it } from 'vitest';
import {
  countdownText,
  couponPopupWanted,
  dynamicLines,
  guideNeeded,
  hasUnpaidOrder,
  isArticleClubMember,
  nextVideoAppointment,
  parseAppointmentDate,
  VIDEO_GRACE_MS,
} from '../src/features/home/home-rules.ts';

const activity = { img: '/media/ph/coupon.svg' };

describe('new-user guide (spec §4)', () => {
  it('a visitor sees it until finished on the device', () => {
    expect(guideNeeded({ loggedIn: false, userInfo: null, doneLocally: false })).toBe(true);
    expect(guideNeeded({ loggedIn: false, userInfo: null, doneLocally: true })).toBe(false);
  });

  it('a logged-in person follows the server flag; unknown while the user info loads', () => {
    expect(guideNeeded({ loggedIn: true, userInfo: null, doneLocally: true })).toBeNull();
    expect(guideNeeded({ loggedIn: true, userInfo: { isGuide: 0 }, doneLocally: true })).toBe(true);
    expect(guideNeeded({ loggedIn: true, userInfo: { isGuide: 1 }, doneLocally: false })).toBe(false);
  });
});

describe('coupon popup (spec §4, §6)', () => {
  it('only on czh, only with a campaign image', () => {
    expect(couponPopupWanted({ channel: 'czh', activity, loggedIn: false, userInfo: null })).toBe(true);
    expect(couponPopupWanted({ channel: 'gzh', activity, loggedIn: false, userInfo: null })).toBe(false);
    expect(couponPopupWanted({ channel: 'czh', activity: null, loggedIn: false, userInfo: null })).toBe(
      false,
    );
    expect(
      couponPopupWanted({ channel: 'czh', activity: { img: '' }, loggedIn: false, userInfo: null }),
    ).toBe(false);
  });

  it('logged in: when showCoupon is above 0', () => {
    expect(couponPopupWanted({ channel: 'czh', activity, loggedIn: true, userInfo: { showCoupon: 1 } })).toBe(
      true,
    );
    expect(couponPopupWanted({ channel: 'czh', activity, loggedIn: true, userInfo: { showCoupon: 0 } })).toBe(
      false,
    );
    expect(couponPopupWanted({ channel: 'czh', activity, loggedIn: true, userInfo: null })).toBe(false);
  });
});

describe('home data', () => {
  it('MC20026 members only', () => {
    const entity = (productCode: string) => ({ productCode, productName: '', expireDate: null });
    expect(isArticleClubMember({ memberEntityList: [entity('MC19001'), entity('MC20026')] })).toBe(true);
    expect(isArticleClubMember({ memberEntityList: [entity('MC19001')] })).toBe(false);
    expect(isArticleClubMember(null)).toBe(false);
  });

  it('the ticker takes an array of strings and nothing else', () => {
    expect(dynamicLines(['a', ' ', 'b', 3])).toEqual(['a', 'b']);
    expect(dynamicLines(null)).toEqual([]);
    expect(dynamicLines({ list: ['a'] })).toEqual([]);
  });

  it('an unpaid order: a non-empty unpaidCallOrder array or the user info unpaidOrderId', () => {
    expect(hasUnpaidOrder([{ orderId: 'T1' }], null)).toBe(true);
    expect(hasUnpaidOrder([], null)).toBe(false);
    expect(hasUnpaidOrder(null, { unpaidOrderId: 'T9' })).toBe(true);
    expect(hasUnpaidOrder(null, { unpaidOrderId: null })).toBe(false);
  });
});

describe('video countdown (spec §4)', () => {
  const now = Date.parse('2025-03-01T10:00:00+08:00');

  it('reads the appointment date in Beijing time unless a zone is given', () => {
    expect(parseAppointmentDate('2025-03-01 12:30')).toBe(Date.parse('2025-03-01T12:30:00+08:00'));
    expect(parseAppointmentDate('2025-03-01T12:30:00Z')).toBe(Date.parse('2025-03-01T12:30:00Z'));
    expect(parseAppointmentDate(1_700_000_000)).toBe(1_700_000_000);
    expect(parseAppointmentDate('1700000000')).toBe(1_700_000_000_000);
    expect(parseAppointmentDate('soon')).toBeNull();
    expect(parseAppointmentDate('')).toBeNull();
  });

  it('takes the nearest appointment not long past, whatever shape the answer has', () => {
    expect(nextVideoAppointment(null, now)).toBeNull();
    expect(nextVideoAppointment('2025-03-01 11:00', now)?.at).toBe(now + 3600_000);
    const list = [
      { orderId: 'V2', appointmentDate: '2025-03-02 09:00' },
      { orderId: 'V1', appointmentDate: '2025-03-01 10:30' },
      { orderId: 'V0', appointmentDate: '2025-02-28 09:00' },
    ];
    expect(nextVideoAppointment(list, now)).toMatchObject({
      orderId: 'V1',
      appointmentDate: '2025-03-01 10:30',
    });
    const started = { id: 7, appointmentDate: '2025-03-01 09:30' };
    expect(nextVideoAppointment(started, now)?.orderId).toBe('7');
    expect(nextVideoAppointment(started, now + VIDEO_GRACE_MS)).toBeNull();
  });

  it('counts down as HH:MM:SS, with days when far', () => {
    expect(countdownText(0)).toBe('00:00:00');
    expect(countdownText(-5)).toBe('00:00:00');
    expect(countdownText(3_723_000)).toBe('01:02:03');
    expect(countdownText(2 * 86_400_000 + 59_000)).toBe('2天 00:00:59');
  });
});
