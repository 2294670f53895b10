import { type ServiceKind, serviceKindOfProductCode, serviceKinds } from '@lawline/contract';
import type { ServiceOrderDetail } from '@lawline/contract/schemas';

/**
 * The service orders' small decisions (issue 14), free of React so they can be unit-tested: ids,
 * which kinds this app serves, texts for times and money, the preferred-date choices and how a
 * schema's issues become one message per form field.
 */

/** A service order id: 'S' + yyyymmdd + 8 characters (contract serviceOrderIdField). */
export function isServiceOrderId(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^S\d{8}[0-9A-Z]{8}$/.test(value);
}

/** The kinds that have pages here (face, letter, lawsuit); the later ones come with their issues. */
export const BuiltServiceKinds = ['faceConsult', 'lawyerLetter', 'lawsuit'] as const;
export type BuiltServiceKind = (typeof BuiltServiceKinds)[number];

export function isBuiltServiceKind(value: string | null | undefined): value is BuiltServiceKind {
  return (BuiltServiceKinds as readonly string[]).includes(value ?? '');
}

/** A kind named in a route (`/Payment/S…/faceConsult`), whatever its case; null when none. */
export function serviceKindParam(value: string | null | undefined): ServiceKind | null {
  if (!value) return null;
  const lower = value.toLowerCase();
  return serviceKinds.find((kind) => kind.toLowerCase() === lower) ?? null;
}

/** The kind of a product code (SC19001 → faceConsult), for orders known by their product only. */
export function serviceKindOf(productCode: string | null | undefined): ServiceKind | null {
  return productCode ? serviceKindOfProductCode(productCode) : null;
}

/** The person's detail endpoint of each kind (GET …?orderId=). */
export const ServiceDetailEndpoint: Readonly<Record<BuiltServiceKind, string>> = {
  faceConsult: 'order/lawyerFaceOrder/detail',
  lawyerLetter: 'order/lawLetterOrder/detail',
  lawsuit: 'order/lawsuitOrder/detail',
};

// ---------------------------------------------------------------------------------------------
// Texts

const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/**
 * Times of an order are Beijing times (the meetings, courts and lawyers are in China, and the
 * server words its texts so): shown at UTC+8 whatever the device's zone (China has no DST).
 */
const BEIJING_OFFSET_MS = 8 * 3_600_000;
const beijing = (ms: number) => new Date(ms + BEIJING_OFFSET_MS);

/** 2026-11-21 18:05 (Beijing time); — for none. */
export function timeText(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  const d = beijing(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** 11月27日（周五）10:00: a meeting time as a person reads it (Beijing time). */
export function meetingText(ms: number): string {
  const d = beijing(ms);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日（周${WEEKDAYS[d.getUTCDay()]}）${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** 11月27日 周五 for a yyyy-mm-dd date; the input itself when unreadable. */
export function dateText(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 周${WEEKDAYS[d.getUTCDay()]}`;
}

/** ¥1,280 / ¥99.5: yuan as the pages show money. */
export function yuanText(yuan: number): string {
  const fixed = Number.isInteger(yuan) ? String(yuan) : yuan.toFixed(2).replace(/0$/, '');
  return `¥${fixed.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** yyyy-mm-dd of the Beijing calendar day `days` after the one of `nowMs`. */
export function beijingDate(nowMs: number, days = 0): string {
  const d = beijing(nowMs + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** How many days ahead a preferred meeting date may be. */
export const PREFERRED_DAYS_AHEAD = 30;
export const MAX_PREFERRED_DATES = 3;

/** The dates a person may prefer for a meeting: tomorrow and the 29 days after (Beijing calendar). */
export function preferredDateChoices(nowMs: number, days = PREFERRED_DAYS_AHEAD): string[] {
  const out: string[] = [];
  for (let i = 1; i <= days; i++) out.push(beijingDate(nowMs, i));
  return out;
}

/** Toggle a date in the preferred list: kept sorted, at most MAX_PREFERRED_DATES. */
export function togglePreferredDate(dates: readonly string[], date: string): string[] {
  if (dates.includes(date)) return dates.filter((d) => d !== date);
  if (dates.length >= MAX_PREFERRED_DATES) return [...dates];
  return [...dates, date].sort();
}

// ---------------------------------------------------------------------------------------------
// Regions

export type CityOption = { label: string; value: string; children?: CityOption[] };

/** Provinces with their cities (no counties): a service order names a city. */
export function buildCityOptions(data: {
  province_list: Record<string, string>;
  city_list: Record<string, string>;
}): CityOption[] {
  const cities = new Map<string, CityOption[]>();
  for (const [code, label] of Object.entries(data.city_list)) {
    const province = `${code.slice(0, 2)}0000`;
    const list = cities.get(province) ?? [];
    if (list.length === 0) cities.set(province, list);
    list.push({ label, value: code });
  }
  return Object.entries(data.province_list).map(([code, label]) => ({
    label,
    value: code,
    children: cities.get(code) ?? [],
  }));
}

// ---------------------------------------------------------------------------------------------
// Validation: the contract schema's issues, one message per field

export type FieldErrors = Partial<Record<string, string>>;

/** Minimal shape of a zod issue (kept structural: this file needs no zod at runtime). */
export type SchemaIssue = { path: readonly PropertyKey[]; message: string };

/**
 * The first message per field from a schema's issues (`sender.phone`, `preferredDates`): a date
 * list's item issue (`preferredDates.1`) counts for the list. Issues without a path go under ''.
 */
export function fieldErrorsOf(issues: readonly SchemaIssue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path
      .filter((part) => typeof part === 'string')
      .map(String)
      .join('.');
    if (out[key] === undefined) out[key] = issue.message;
  }
  return out;
}

/** The first field (in `order`) that has a message, to scroll to; null when none. */
export function firstErrorField(errors: FieldErrors, order: readonly string[]): string | null {
  return order.find((key) => errors[key] !== undefined) ?? Object.keys(errors)[0] ?? null;
}

/** The cancel rule without the promise it starts with (shown on its own line above it). */
export function ruleAfterPromise(rule: string, promise: string): string {
  return promise && rule.startsWith(promise) ? rule.slice(promise.length) || rule : rule;
}

// ---------------------------------------------------------------------------------------------
// The detail frame

/** Keep asking while something is about to change without the person (a lawyer or the system acts). */
export function isPending(detail: Pick<ServiceOrderDetail, 'state'>): boolean {
  return detail.state === 'arranging' || detail.state === 'arranged' || detail.state === 'quoted';
}

/** How often a pending order is asked again (the websocket's 101 also refreshes it at once). */
export const SERVICE_POLL_MS = 10_000;

/** The cancel confirmation: the rule, and what comes back (everything paid, before the start). */
export function cancelConfirmText(detail: Pick<ServiceOrderDetail, 'paid' | 'state'>): string {
  if (detail.paid > 0) {
    return `取消后，已支付的${yuanText(detail.paid)}将全额原路退回到您的支付账户。`;
  }
  return detail.state === 'awaiting_payment' ? '订单尚未支付，取消后无需付款。' : '取消后订单将关闭。';
}
