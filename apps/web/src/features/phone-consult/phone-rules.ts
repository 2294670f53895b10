import {
  CallOrderStatus,
  Charge,
  ChargeUnitText,
  type ConsultFieldCode,
  ConsultFieldName,
  formatDuration,
  HomeConsultFields,
  isConsultFieldCode,
  nextScreenForCallStatus,
  OrderListTabs,
} from '@lawline/contract';
import type { CallOrderDetail } from '@lawline/contract/schemas';
import { paths } from '../../app/paths.ts';

/**
 * The phone consultation screens' decisions, free of React so they can be unit-tested: the field
 * of a route, the question's rules, the 60-second countdown, where a call-order status leads,
 * durations, the order-list tab of `?index=`, the expected-time slots and the region tree.
 */

// ---------------------------------------------------------------------------------------------
// SubTel
// ---------------------------------------------------------------------------------------------

export const QUESTION_MIN = 5;
export const QUESTION_MAX = 500;

/** A problem with the question (trimmed), or null when it can be sent. */
export function checkQuestion(text: string): string | null {
  const length = text.trim().length;
  if (length === 0) return '请描述您要咨询的问题';
  if (length < QUESTION_MIN) return `问题描述至少${QUESTION_MIN}个字`;
  if (length > QUESTION_MAX) return `问题描述最多${QUESTION_MAX}个字`;
  return null;
}

/** Characters counted for the 0/500 counter (what the server will keep). */
export function questionLength(text: string): number {
  return text.trim().length;
}

export type ConsultField = { code: ConsultFieldCode; name: string };

/**
 * The consult field of SubTel's route param (spec §2: id = consult field code). The home grid's
 * names win for its codes (婚姻家庭 for 2) so the screen says what the person tapped; other codes
 * take the full list's name. Anything else is null (unknown field).
 */
export function consultFieldOf(param: string | undefined): ConsultField | null {
  if (!param || !/^\d{1,3}$/.test(param)) return null;
  const code = Number(param);
  if (!isConsultFieldCode(code)) return null;
  const home = HomeConsultFields.find((f) => f.code === code);
  return { code, name: home?.name ?? ConsultFieldName[code] };
}

/** The field's name as the person chose it on the home grid (婚姻家庭), else the server's name. */
export function fieldNameOf(order: { consultField: number; consultFieldName: string }): string {
  return consultFieldOf(String(order.consultField))?.name ?? order.consultFieldName;
}

/** The note of the price line: a call under one minute is free (spec §9), whatever the charge. */
export const SHORT_CALL_FREE_NOTE = '通话不足1分钟免费';

export function unitTextOf(payType: string | null | undefined): string {
  return payType === Charge.byPer ? ChargeUnitText[Charge.byPer] : ChargeUnitText[Charge.byTime];
}

// ---------------------------------------------------------------------------------------------
// SubTel: who can take the call now (order/availability), said before the person starts
// ---------------------------------------------------------------------------------------------

export type AvailabilityFacts = {
  fieldLawyersOnline: number;
  lawyersOnline: number;
  canConnectNow: boolean;
  expectedText: string | null;
  serviceHours: string;
  inServiceHours: boolean;
  nextOpenText: string;
};

export type AvailabilityState = 'checking' | 'unknown' | 'online' | 'none';

export type AvailabilityView = { state: AvailabilityState; title: string; detail: string };

/**
 * What SubTel says about lawyers online: the 60-second promise only when someone can take the call
 * now; when nobody can, when lawyers are expected (the server's words from the service hours).
 */
export function availabilityView(
  fieldName: string,
  facts: AvailabilityFacts | undefined,
  failed: boolean,
  promiseSeconds: number,
): AvailabilityView {
  if (!facts) {
    return failed
      ? {
          state: 'unknown',
          title: '暂时无法获取律师在线情况',
          detail: '提交后有律师接单即为您回电；您也可以稍后再试。',
        }
      : { state: 'checking', title: '正在查询律师在线情况…', detail: '' };
  }
  if (facts.canConnectNow) {
    if (facts.fieldLawyersOnline > 0) {
      return {
        state: 'online',
        title: `当前有${facts.fieldLawyersOnline}位${fieldName}律师在线`,
        detail: `提交后律师将在${promiseSeconds}秒内给您回电`,
      };
    }
    return {
      state: 'online',
      title: `${fieldName}律师暂不在线，另有${facts.lawyersOnline}位律师在线`,
      detail: `提交后将为您匹配在线律师，${promiseSeconds}秒内给您回电`,
    };
  }
  const hours = facts.serviceHours ? `律师服务时间 ${facts.serviceHours}，` : '';
  const detail = facts.inServiceHours
    ? `${hours}有律师上线将第一时间为您安排`
    : facts.nextOpenText
      ? `${hours}预计${facts.nextOpenText}起有律师接听`
      : (facts.expectedText ?? '有律师上线将第一时间为您安排');
  return { state: 'none', title: '当前暂无律师在线', detail };
}

/**
 * The server's "nobody online" sentence without its opening words, for under a 当前暂无律师在线
 * title: '当前暂无律师在线（律师服务时间 09:00–21:00），有律师上线…' → '律师服务时间 09:00–21:00，有律师上线…'.
 */
export function noLawyerDetail(text: string | null | undefined): string {
  const fallback = '有律师上线将第一时间为您安排';
  if (!text) return fallback;
  const rest = text
    .replace(/^当前暂无律师在线[，,。]?/, '')
    .replace(/^[（(]([^）)]*)[）)][，,]?/, '$1，')
    .trim();
  return rest || fallback;
}

export type LawyerPresence = 'online' | 'busy' | 'offline';

/** The requested lawyer's line on SubTel: free now, in a call, or offline. */
export function requestedLawyerText(name: string, presence: LawyerPresence, available: boolean): string {
  if (available) return `${name}律师在线，提交后将优先由${name}律师为您解答`;
  if (presence === 'busy') return `${name}律师正在通话中`;
  if (presence === 'online') return `${name}律师暂时无法接单`;
  return `${name}律师当前离线`;
}

/** `?lawyer=` of SubTel (a lawyer's user id from a profile's 电话咨询), or null. */
export function requestedLawyerParam(value: string | null): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Yuan → fen for the contract's money rules (39.9 → 3990). */
export function yuanToFen(yuan: number): number {
  return Math.round(yuan * 100);
}

/** Expected call time: at once, or a slot today / tomorrow. */
export const EXPECT_NOW = '立即';

export const TIME_SLOTS = [
  { label: '09:00-12:00', endHour: 12 },
  { label: '12:00-14:00', endHour: 14 },
  { label: '14:00-18:00', endHour: 18 },
  { label: '18:00-21:00', endHour: 21 },
] as const;

export type SlotColumn = { label: string; value: string }[];

/** Slot days and the slots of a day: today only offers slots that have not ended yet. */
export function expectDays(now: Date): SlotColumn {
  const today = slotsOf('今天', now);
  return [...(today.length > 0 ? [{ label: '今天', value: '今天' }] : []), { label: '明天', value: '明天' }];
}

export function slotsOf(day: string, now: Date): SlotColumn {
  const hour = now.getHours();
  return TIME_SLOTS.filter((slot) => day !== '今天' || slot.endHour > hour).map((slot) => ({
    label: slot.label,
    value: slot.label,
  }));
}

/** '今天 14:00-18:00' (at most 30 characters, as the contract allows). */
export function expectTimeText(day: string, slot: string): string {
  return `${day} ${slot}`;
}

// ---------------------------------------------------------------------------------------------
// The draft (kept while filling in: a reload or the login round trip loses nothing)
// ---------------------------------------------------------------------------------------------

export type SubTelDraft = {
  question: string;
  /** '广东省 深圳市 南山区' and the picker's codes. */
  location: string;
  locationCodes: string[];
  expectTime: string;
};

export const emptyDraft: SubTelDraft = {
  question: '',
  location: '',
  locationCodes: [],
  expectTime: EXPECT_NOW,
};

export function draftKey(field: number): string {
  return `ll.subTelDraft.${field}`;
}

/** A stored draft, or the empty one for anything unreadable. */
export function parseDraft(raw: string | null): SubTelDraft {
  if (!raw) return { ...emptyDraft };
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof SubTelDraft, unknown>>;
    const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
    const codes = Array.isArray(value.locationCodes)
      ? value.locationCodes.filter((c): c is string => typeof c === 'string' && /^\d{6}$/.test(c)).slice(0, 3)
      : [];
    return {
      question: text(value.question, QUESTION_MAX + 100),
      location: text(value.location, 60),
      locationCodes: codes,
      expectTime: text(value.expectTime, 30) || EXPECT_NOW,
    };
  } catch {
    return { ...emptyDraft };
  }
}

// ---------------------------------------------------------------------------------------------
// PhoneWaiting: the 60-second promise
// ---------------------------------------------------------------------------------------------

/** Whole seconds from `now` to `deadline`, rounded up, never below 0. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * The promise deadline on this device's clock. The server sends its deadline (epoch ms) and the
 * seconds left when it answered; a phone whose clock is off by more than 2 s would count from the
 * wrong moment, so then the deadline is taken as "seconds left from when the answer arrived".
 */
export function localPromiseDeadline(
  dispatch: Pick<CallOrderDetail['dispatch'], 'promiseDeadline' | 'secondsLeft'>,
  receivedAt: number,
): number {
  const fromSecondsLeft = receivedAt + dispatch.secondsLeft * 1000;
  if (dispatch.secondsLeft <= 0) return Math.min(dispatch.promiseDeadline, receivedAt);
  return Math.abs(dispatch.promiseDeadline - fromSecondsLeft) > 2000
    ? fromSecondsLeft
    : dispatch.promiseDeadline;
}

/**
 * What PhoneWaiting shows for the dispatch: `matching` is the only view with the 60-second
 * countdown, and only when the server says the promise stands (`dispatch.countdown`); `noLawyer`
 * (nobody online), `requested` (waiting for the lawyer the person asked for) and `scheduled` (a
 * callback request) say what is happening instead of counting down.
 */
export type WaitingView =
  | 'matching'
  | 'overdue'
  | 'noLawyer'
  | 'requested'
  | 'scheduled'
  | 'assigned'
  | 'inCall'
  | 'done';

type WaitingFacts = Pick<CallOrderDetail, 'status'> & {
  dispatch: Pick<CallOrderDetail['dispatch'], 'overdue' | 'noLawyerOnline'> & {
    stage: CallOrderDetail['dispatch']['stage'];
    mode?: CallOrderDetail['dispatch']['mode'];
    countdown?: boolean;
  };
  requestedLawyer?: Pick<NonNullable<CallOrderDetail['requestedLawyer']>, 'state'> | null;
};

export function waitingView(detail: WaitingFacts): WaitingView {
  if (detail.status !== CallOrderStatus.inProgress) return 'done';
  const { dispatch } = detail;
  if (dispatch.stage === 'assigned') return 'assigned';
  if (dispatch.stage === 'inCall') return 'inCall';
  if (dispatch.stage === 'scheduled' || dispatch.mode === 'scheduled') return 'scheduled';
  if (dispatch.stage !== 'matching') return 'done';
  const requested = detail.requestedLawyer;
  if (dispatch.mode === 'requested' && requested && requested.state === 'waiting') return 'requested';
  if (dispatch.overdue) return 'overdue';
  if (dispatch.noLawyerOnline || dispatch.countdown === false) return 'noLawyer';
  return 'matching';
}

// ---------------------------------------------------------------------------------------------
// Where a status leads (spec §4 phone order table)
// ---------------------------------------------------------------------------------------------

export type CallScreen = 'PhoneWaiting' | 'Payment' | 'LawyerEvaluation' | 'PayWaiting' | 'TelDetail';

/** The screen of a call-order status: 2 PhoneWaiting, 5 Payment, 4 LawyerEvaluation, 3 PayWaiting, 99 TelDetail. */
export function screenOfStatus(status: number): CallScreen {
  const next = nextScreenForCallStatus(status);
  if (next.action === 'poll') return 'PhoneWaiting';
  if (next.action === 'navigate') return next.page;
  return 'TelDetail';
}

export function screenPath(screen: CallScreen, orderId: string): string {
  switch (screen) {
    case 'PhoneWaiting':
      return paths.phoneWaiting(orderId);
    case 'Payment':
      return paths.payment(orderId);
    case 'LawyerEvaluation':
      return paths.lawyerEvaluation(orderId);
    case 'PayWaiting':
      return paths.payWaiting(orderId);
    case 'TelDetail':
      return paths.telDetail(orderId);
  }
}

/**
 * PhoneWaiting's routing: null while status 2 (keep polling), else the path of the spec's table
 * (5 → Payment, 4 → LawyerEvaluation, 3 → PayWaiting, 99 → TelDetail; an unknown status → TelDetail).
 */
export function waitingNextPath(status: number, orderId: string): string | null {
  const next = nextScreenForCallStatus(status);
  if (next.action === 'poll') return null;
  return screenPath(next.action === 'navigate' ? next.page : 'TelDetail', orderId);
}

/**
 * Where a screen that shows one status sends the person when the order is in another one (null =
 * stay). PayWaiting that sees 4 goes to PaySuccess (the payment went through).
 */
export function redirectFor(
  page: 'Payment' | 'LawyerEvaluation' | 'PayWaiting' | 'PaySuccess',
  detail: { status: number; orderId: string },
): string | null {
  const { status, orderId } = detail;
  switch (page) {
    case 'Payment':
      return status === CallOrderStatus.paymentDue ? null : screenPath(screenOfStatus(status), orderId);
    case 'LawyerEvaluation':
      return status === CallOrderStatus.evaluate ? null : screenPath(screenOfStatus(status), orderId);
    case 'PayWaiting':
      if (status === CallOrderStatus.payWaiting) return null;
      if (status === CallOrderStatus.evaluate) return paths.paySuccess(orderId);
      return screenPath(screenOfStatus(status), orderId);
    case 'PaySuccess':
      return status === CallOrderStatus.evaluate ? null : screenPath(screenOfStatus(status), orderId);
  }
}

/** A call order id as the server writes them ('T' + yyyymmdd + 8 characters). */
export function isCallOrderId(value: string | undefined): value is string {
  return typeof value === 'string' && /^T\d{8}[0-9A-Z]{8}$/.test(value);
}

// ---------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------

/** The product's one duration format (contract formatDuration): 45秒, 1分35秒, 62分5秒; — for none. */
export function durationText(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  return formatDuration(seconds);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 2026-11-21 18:05 on this device's clock; — for none. */
export function dateTimeText(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 2分钟 (by time) or 1次 (by count). */
export function billableUnitsText(charge: string, units: number): string {
  return charge === Charge.byPer ? `${units}次` : `${units}分钟`;
}

// ---------------------------------------------------------------------------------------------
// OrderList
// ---------------------------------------------------------------------------------------------

export type OrderTabKey = (typeof OrderListTabs)[number]['key'];

/** The tab of `?index=` (0 进行中, 1 待支付, 2 已完成, 3 已取消); anything else opens the first. */
export function tabIndexOf(param: string | null | undefined): number {
  if (!param || !/^\d$/.test(param)) return 0;
  const index = Number(param);
  return index < OrderListTabs.length ? index : 0;
}

export function tabKeyOf(index: number): OrderTabKey {
  return (OrderListTabs[index] ?? OrderListTabs[0]).key;
}

export const emptyTabText: Record<OrderTabKey, string> = {
  ongoing: '暂无进行中的订单',
  unpaid: '暂无待支付的订单',
  finished: '暂无已完成的订单',
  cancelled: '暂无已取消的订单',
};

// ---------------------------------------------------------------------------------------------
// The region picker's tree (spec §3 region data: province / city / county code-to-name maps)
// ---------------------------------------------------------------------------------------------

export type RegionOption = { label: string; value: string; children?: RegionOption[] };

export function buildRegionOptions(data: {
  province_list: Record<string, string>;
  city_list: Record<string, string>;
  county_list: Record<string, string>;
}): RegionOption[] {
  const cities = new Map<string, RegionOption[]>();
  const counties = new Map<string, RegionOption[]>();
  for (const [code, label] of Object.entries(data.county_list)) {
    const city = `${code.slice(0, 4)}00`;
    const list = counties.get(city) ?? [];
    if (list.length === 0) counties.set(city, list);
    list.push({ label, value: code });
  }
  for (const [code, label] of Object.entries(data.city_list)) {
    const province = `${code.slice(0, 2)}0000`;
    const list = cities.get(province) ?? [];
    if (list.length === 0) cities.set(province, list);
    const children = counties.get(code);
    list.push(children?.length ? { label, value: code, children } : { label, value: code });
  }
  return Object.entries(data.province_list).map(([code, label]) => {
    const children = cities.get(code);
    return children?.length ? { label, value: code, children } : { label, value: code };
  });
}
