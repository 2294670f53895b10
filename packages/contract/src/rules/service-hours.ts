/**
 * Service hours of a channel (issue 23): when lawyers are expected to take calls, as the channel
 * configures them ('09:00–21:00', Beijing time). Outside them a lawyer who happens to be online
 * may still take a call; the hours say when people can count on one. Pure: the server decides
 * with it, the app shows what it says.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const BEIJING_OFFSET_MS = 8 * 60 * MINUTE;

/** The hours when a channel names none or names them in a form we cannot read. */
export const DEFAULT_SERVICE_HOURS = '09:00–21:00';

export type ServiceHours = { openMinute: number; closeMinute: number };

/** 'HH:MM–HH:MM' (en dash; '-', '~', '至' also read). Null when unreadable or empty (open == close). */
export function parseServiceHours(text: string): ServiceHours | null {
  const match = /^\s*(\d{1,2}):(\d{2})\s*(?:–|-|~|～|至|—)\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const [h1, m1, h2, m2] = match.slice(1).map(Number) as [number, number, number, number];
  if (h1 > 24 || h2 > 24 || m1 > 59 || m2 > 59) return null;
  const openMinute = h1 * 60 + m1;
  const closeMinute = h2 * 60 + m2;
  if (openMinute > 24 * 60 || closeMinute > 24 * 60 || openMinute === closeMinute) return null;
  return { openMinute, closeMinute };
}

export type ServiceHoursState = {
  /** The hours as read (the default's when the text was unreadable). */
  hours: ServiceHours;
  inHours: boolean;
  /** Epoch ms of the next opening: `now` when inside the hours. */
  nextOpenAt: number;
  /** Epoch ms when the current (inside) or next (outside) service period ends. */
  closesAt: number;
};

function beijingDayStart(ms: number): number {
  return Math.floor((ms + BEIJING_OFFSET_MS) / DAY) * DAY - BEIJING_OFFSET_MS;
}

/** Whether `now` is inside the hours, the next opening and the closing after it. Overnight hours ('20:00–08:00') work. */
export function serviceHoursState(text: string, now: number): ServiceHoursState {
  const hours = parseServiceHours(text) ?? (parseServiceHours(DEFAULT_SERVICE_HOURS) as ServiceHours);
  const { openMinute, closeMinute } = hours;
  const length = ((closeMinute - openMinute + 24 * 60) % (24 * 60)) * MINUTE;
  const today = beijingDayStart(now);
  // The periods that can hold or follow `now`: opened yesterday, today, tomorrow.
  for (const day of [today - DAY, today, today + DAY]) {
    const opensAt = day + openMinute * MINUTE;
    const closesAt = opensAt + length;
    if (now < opensAt) return { hours, inHours: false, nextOpenAt: opensAt, closesAt };
    if (now < closesAt) return { hours, inHours: true, nextOpenAt: now, closesAt };
  }
  const opensAt = today + 2 * DAY + openMinute * MINUTE;
  return { hours, inHours: false, nextOpenAt: opensAt, closesAt: opensAt + length };
}

/** 'HH:MM' of an epoch ms in Beijing time. */
export function beijingClock(ms: number): string {
  const d = new Date(ms + BEIJING_OFFSET_MS);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** '今天 09:00', '明天 09:00', '后天 09:00' or '11月26日 09:00' (Beijing), seen from `now`. */
export function beijingWhenText(at: number, now: number): string {
  const days = Math.round((beijingDayStart(at) - beijingDayStart(now)) / DAY);
  const clock = beijingClock(at);
  if (days === 0) return `今天 ${clock}`;
  if (days === 1) return `明天 ${clock}`;
  if (days === 2) return `后天 ${clock}`;
  const d = new Date(at + BEIJING_OFFSET_MS);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${clock}`;
}

/** What to tell a person when nobody is online: when lawyers are expected. */
export function noLawyerOnlineText(serviceHours: string, now: number): string {
  const state = serviceHoursState(serviceHours, now);
  const hoursText = `律师服务时间 ${serviceHours || DEFAULT_SERVICE_HOURS}`;
  if (state.inHours) return `当前暂无律师在线（${hoursText}），有律师上线将第一时间为您安排`;
  return `当前不在服务时间（${hoursText}），预计${beijingWhenText(state.nextOpenAt, now)}起有律师接听`;
}
