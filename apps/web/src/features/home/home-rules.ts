import { ChannelKey, MemberCardCode } from '@lawline/contract';
import type { Activity, UserInfo } from '@lawline/contract/schemas';

/** The home page's decisions, free of React so they can be unit-tested. */

/** Where a visitor's finished new-user guide is remembered (spec §4; logged in: user/updateGuide). */
export const GUIDE_DONE_KEY = 'll.guideDone';
/** Session keys: the unpaid-order reminder shows once per session; a closed coupon popup stays closed. */
export const UNPAID_SHOWN_KEY = 'll.unpaidReminderShown';
export const COUPON_CLOSED_KEY = 'll.couponPopupClosed';

/**
 * Whether to show the new-user guide: logged in, when the user info says it is not done
 * (isGuide 0; null while the user info loads); a visitor, unless it was finished on this device.
 */
export function guideNeeded(input: {
  loggedIn: boolean;
  userInfo: Pick<UserInfo, 'isGuide'> | null;
  doneLocally: boolean;
}): boolean | null {
  if (input.loggedIn) return input.userInfo ? input.userInfo.isGuide !== 1 : null;
  return !input.doneLocally;
}

/**
 * The coupon popup (spec §4, §6): channel czh only, when the channel has an active coupon campaign
 * with an image and either a visitor is looking or the user info says showCoupon > 0.
 */
export function couponPopupWanted(input: {
  channel: string;
  activity: Pick<Activity, 'img'> | null | undefined;
  loggedIn: boolean;
  userInfo: Pick<UserInfo, 'showCoupon'> | null;
}): boolean {
  if (input.channel !== ChannelKey.czh || !input.activity?.img) return false;
  if (!input.loggedIn) return true;
  return (input.userInfo?.showCoupon ?? 0) > 0;
}

/** Members holding the article club card (MC20026) see the two extra article banner blocks. */
export function isArticleClubMember(userInfo: Pick<UserInfo, 'memberEntityList'> | null): boolean {
  return Boolean(userInfo?.memberEntityList.some((m) => m.productCode === MemberCardCode.articleClub));
}

/** order/dynamic answers an array of strings; anything else shows nothing. */
export function dynamicLines(data: unknown): string[] {
  if (!Array.isArray(data)) return [];
  return data.filter((line): line is string => typeof line === 'string' && line.trim() !== '');
}

/** An unpaid phone order exists: order/unpaidCallOrder's array is not empty, or the user info says so. */
export function hasUnpaidOrder(data: unknown, userInfo: Pick<UserInfo, 'unpaidOrderId'> | null): boolean {
  if (Array.isArray(data) && data.length > 0) return true;
  return Boolean(userInfo?.unpaidOrderId);
}

export interface VideoAppointment {
  orderId: string;
  /** As the server wrote it (the VideoOrder route's second param). */
  appointmentDate: string;
  /** Epoch ms. */
  at: number;
}

/** `2025-01-02 15:30`, `2025-01-02T15:30:00` (Beijing time unless a zone is given) or epoch ms. */
export function parseAppointmentDate(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d{10,13}$/.test(text)) return Number(text.length === 10 ? `${text}000` : text);
  let iso = text.replace(' ', 'T');
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(iso)) iso += ':00';
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(iso)) iso += '+08:00';
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : at;
}

/** How long after the start a consultation still counts as "about to start / in progress". */
export const VIDEO_GRACE_MS = 60 * 60 * 1000;

function oneAppointment(item: unknown): VideoAppointment | null {
  if (typeof item === 'string' || typeof item === 'number') {
    const at = parseAppointmentDate(item);
    return at === null ? null : { orderId: '', appointmentDate: String(item), at };
  }
  if (typeof item !== 'object' || item === null) return null;
  const record = item as Record<string, unknown>;
  const date = record.appointmentDate;
  const at = parseAppointmentDate(date);
  if (at === null) return null;
  const orderId = record.orderId ?? record.id ?? '';
  return { orderId: String(orderId), appointmentDate: String(date), at };
}

/**
 * The next video consultation from order-vc/getVcOrderDate, whatever shape it answers (a date, an
 * object with appointmentDate and orderId, or a list of those): the nearest one not long past.
 */
export function nextVideoAppointment(data: unknown, now: number): VideoAppointment | null {
  const items = Array.isArray(data) ? data : [data];
  let best: VideoAppointment | null = null;
  for (const item of items) {
    const appointment = oneAppointment(item);
    if (!appointment || appointment.at + VIDEO_GRACE_MS < now) continue;
    if (!best || appointment.at < best.at) best = appointment;
  }
  return best;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `02:05:09`, `3天 02:05:09`; 0 and below: `00:00:00`. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const clock = `${pad(h)}:${pad(m)}:${pad(s)}`;
  return days > 0 ? `${days}天 ${clock}` : clock;
}
