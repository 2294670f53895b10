import {
  beijingWhenText,
  cancelRuleText,
  consultFieldName,
  FaceConsultSteps,
  FaceStage,
  type FaceStage as FaceStageT,
  fenToYuan,
  LawsuitMilestoneText,
  LawsuitStage,
  LawsuitSteps,
  LawyerLetterSteps,
  LawyerLevelName,
  LETTER_REVISION_ROUNDS,
  LetterStage,
  needsEntrustment,
  PaidMethod,
  PaidMethodText,
  ServiceActor,
  type ServiceKind,
  ServiceKindRight,
  ServiceOrderEvent,
  ServiceOrderProjection,
  ServiceOrderState,
  type ServiceStepTable,
  serviceKindTransition,
  serviceOrderStateText,
  serviceStep,
  serviceStepIndex,
  serviceSteps,
  usesCountedRight,
} from '@lawline/contract';
import { regionPath } from '@lawline/contract/regions';
import type {
  CourierEventView,
  FaceSection,
  LawsuitSection,
  LawyerServiceActions,
  LawyerServiceDetail,
  LetterSection,
  PaidInfo,
  ServiceActions,
  ServiceEvent,
  ServiceFile,
  ServiceOrderDetail,
} from '@lawline/contract/schemas';
import {
  LawsuitCaseTypeText,
  LawsuitRoleText,
  SERVICE_LAWYER_SHARE_PERCENT,
} from '@lawline/contract/schemas';
import { findLawyer } from '../calls/repo.ts';
import { evaluationView, orderLawyerView } from '../calls/views.ts';
import { deadlineOf } from './lifecycle.ts';
import {
  eventsOf,
  faceDetails,
  filesOf,
  kindOf,
  lawsuitDetails,
  letterDetails,
  payloadOf,
  type Q,
  type ServiceEventRow,
  type ServiceFileRow,
  type ServiceOrderRow,
  serviceStateOf,
} from './repo.ts';

/** What each kind is called on the person's screens. */
export const ServiceKindTitle: Readonly<Record<ServiceKind, string>> = {
  faceConsult: '见面咨询',
  lawyerLetter: '律师函',
  lawsuit: '诉讼代理',
  docCheck: '合同审查',
  docDraft: '文书起草',
  video: '视频咨询',
};

export type Viewer = 'person' | 'lawyer';

/** 13800000000 → 138****0000; anything else shown only by its last 4. */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone)
    ? `${phone.slice(0, 3)}****${phone.slice(7)}`
    : phone.replace(/.(?=.{4})/g, '*');
}

export function serviceFileUrl(viewer: Viewer, orderId: string, fileId: string): string {
  return viewer === 'person'
    ? `/api/v2/order/serviceFile/${orderId}/${fileId}`
    : `/api/v2/lawyer/services/file/${orderId}/${fileId}`;
}

export function fileView(viewer: Viewer, file: ServiceFileRow): ServiceFile {
  const kind = (['evidence', 'letterPdf', 'entrustmentPdf', 'document'] as const).find(
    (k) => k === file.kind,
  );
  return {
    id: file.id,
    name: file.name,
    kind: kind ?? 'document',
    url: serviceFileUrl(viewer, file.order_id, file.id),
    size: file.size,
    mime: file.mime,
  };
}

/** A card right covered the price (a counted right: a letter, the free lawsuit). */
export function coveredByRight(order: ServiceOrderRow): boolean {
  const kind = kindOf(order);
  return (
    usesCountedRight(kind) &&
    order.right_code === ServiceKindRight[kind] &&
    order.member_discount_fen > 0 &&
    order.member_discount_fen >= order.up_front_fen
  );
}

/**
 * What the order earns its lawyer (fen): SERVICE_LAWYER_SHARE_PERCENT of what was paid, of the price
 * a counted card right covered (the platform pays it), less what went back.
 */
export function serviceEarningFen(order: ServiceOrderRow): number {
  const covered = coveredByRight(order) ? order.member_discount_fen : 0;
  const base = Math.max(0, order.paid_fen + covered - order.refund_fen);
  return Math.floor((base * SERVICE_LAWYER_SHARE_PERCENT) / 100);
}

/** The deposit that counts towards a quote: the deposit owed after the card (0 for the free lawsuit). */
export function depositCreditFen(order: ServiceOrderRow): number {
  return Math.max(0, order.up_front_fen - order.member_discount_fen);
}

/** The region's names ('广东省 深圳市'), from a city or county code. */
export function regionText(code: string | null): string {
  if (!code) return '';
  const county = regionPath(code);
  if (county.length > 0) return county.join(' ');
  const city = regionPath(`${code.slice(0, 4)}01`);
  return city.slice(0, 2).join(' ');
}

/** Texts of the next deadline (what happens by when). */
function deadlineText(kind: ServiceKind, state: ServiceOrderState, when: string): string {
  switch (state) {
    case ServiceOrderState.awaitingPayment:
      return `请在${when}前完成支付，逾期订单将自动取消`;
    case ServiceOrderState.arranging:
      return `${when}前为您安排律师，逾期未安排将自动全额退款`;
    case ServiceOrderState.arranged:
      if (kind === 'faceConsult') return `${when}前与律师约定见面时间，逾期未约定将自动全额退款`;
      if (kind === 'lawyerLetter') return `${when}前律师提交律师函初稿，逾期将自动全额退款`;
      return `${when}前律师完成评估并报价，逾期将自动全额退还订金`;
    case ServiceOrderState.quoted:
      return `请在${when}前确认报价，逾期视为不接受，订金全额退还`;
    case ServiceOrderState.balanceDue:
      return `请在${when}前支付尾款，逾期订单将取消，订金全额退还`;
    case ServiceOrderState.delivered:
      return `如有异议请在${when}前联系客服，逾期视为确认完成`;
    default:
      return '';
  }
}

function stepOk<Stage extends string, Step extends string>(
  table: ServiceStepTable<Stage, Step>,
  order: ServiceOrderRow,
  step: Step,
  actor: ServiceActor,
  timesDone = 0,
): boolean {
  return serviceStep(
    table,
    { state: serviceStateOf(order), stage: order.stage as Stage | null, timesDone },
    step,
    actor,
  ).ok;
}

function eventOk(order: ServiceOrderRow, event: ServiceOrderEvent, actor: ServiceActor): boolean {
  return serviceKindTransition(kindOf(order), serviceStateOf(order), event, actor).ok;
}

function count(events: ServiceEventRow[], step: string): number {
  return events.filter((e) => e.event === step).length;
}

function last(events: ServiceEventRow[], step: string): ServiceEventRow | undefined {
  return events.filter((e) => e.event === step).at(-1);
}

/** Events after the last accept (a release voids the last lawyer's proposals and drafts). */
function sinceAccept(events: ServiceEventRow[]): ServiceEventRow[] {
  const i = events.map((e) => e.event).lastIndexOf(ServiceOrderEvent.accept);
  return i < 0 ? [] : events.slice(i + 1);
}

export function personActions(order: ServiceOrderRow, events: ServiceEventRow[]): ServiceActions {
  const kind = kindOf(order);
  const state = serviceStateOf(order);
  const face = kind === 'faceConsult';
  const letter = kind === 'lawyerLetter';
  const lawsuit = kind === 'lawsuit';
  const P = ServiceActor.person;
  return {
    pay: state === ServiceOrderState.awaitingPayment || state === ServiceOrderState.balanceDue,
    cancel: eventOk(order, ServiceOrderEvent.cancel, P),
    confirmTime: face && stepOk(FaceConsultSteps, order, 'confirmTime', P),
    askOtherTime: face && stepOk(FaceConsultSteps, order, 'askOtherTime', P),
    approveDraft: letter && stepOk(LawyerLetterSteps, order, 'approveDraft', P),
    askRevision: letter && stepOk(LawyerLetterSteps, order, 'askRevision', P, count(events, 'askRevision')),
    editLetter: letter && letterEditable(order),
    signEntrust: lawsuit && needsEntrustment(kind, state, order.entrust_signed_at !== null),
    declineQuote: lawsuit && eventOk(order, ServiceOrderEvent.declineQuote, P),
    confirmDone: eventOk(order, ServiceOrderEvent.confirm, P),
    evaluate: eventOk(order, ServiceOrderEvent.evaluate, P),
  };
}

/** A letter's facts can be edited until the first draft (before the service starts). */
export function letterEditable(order: ServiceOrderRow): boolean {
  const state = serviceStateOf(order);
  return (
    kindOf(order) === 'lawyerLetter' &&
    order.stage === null &&
    (state === ServiceOrderState.awaitingPayment ||
      state === ServiceOrderState.arranging ||
      state === ServiceOrderState.arranged)
  );
}

export function lawyerActions(order: ServiceOrderRow, now: number): LawyerServiceActions {
  const kind = kindOf(order);
  const L = ServiceActor.lawyer;
  // Held is said after the meeting: the step call refuses it before the confirmed time.
  const meetingPassed = order.meeting_at === null || order.meeting_at <= now;
  return {
    release: eventOk(order, ServiceOrderEvent.release, L),
    proposeTime: kind === 'faceConsult' && stepOk(FaceConsultSteps, order, 'proposeTime', L),
    markHeld: kind === 'faceConsult' && meetingPassed && stepOk(FaceConsultSteps, order, 'markHeld', L),
    submitDraft: kind === 'lawyerLetter' && stepOk(LawyerLetterSteps, order, 'submitDraft', L),
    finalise: kind === 'lawyerLetter' && stepOk(LawyerLetterSteps, order, 'finalise', L),
    quote: kind === 'lawsuit' && eventOk(order, ServiceOrderEvent.quote, L),
    recordProgress: kind === 'lawsuit' && stepOk(LawsuitSteps, order, 'recordProgress', L),
    closeCase: kind === 'lawsuit' && stepOk(LawsuitSteps, order, 'closeCase', L),
  };
}

type Loaded = {
  order: ServiceOrderRow;
  events: ServiceEventRow[];
  files: ServiceFileRow[];
  payments: PaidInfo[];
};

/** Every settled payment of the order (price or deposit, then a balance), oldest first. */
async function paymentsOf(db: Q, order: ServiceOrderRow): Promise<PaidInfo[]> {
  const rows = await db
    .selectFrom('payments')
    .leftJoin('user_coupons', 'user_coupons.id', 'payments.user_coupon_id')
    .leftJoin('coupons', 'coupons.id', 'user_coupons.coupon_id')
    .select([
      'payments.vendor',
      'payments.amount_fen',
      'payments.order_amount_fen',
      'payments.discount_fen',
      'payments.paid_at',
      'coupons.name as coupon_name',
    ])
    .where('payments.order_id', '=', order.id)
    .where('payments.state', 'in', ['paid', 'refunded'])
    .where('payments.paid_at', 'is not', null)
    .orderBy('payments.id')
    .execute();
  const list: PaidInfo[] = rows.map((p) => {
    const method =
      p.vendor === PaidMethod.wechat || p.vendor === PaidMethod.alipay ? p.vendor : PaidMethod.none;
    return {
      amount: fenToYuan(p.amount_fen),
      orderAmount: fenToYuan(p.order_amount_fen),
      paidAt: p.paid_at as number,
      method,
      methodText: PaidMethodText[method],
      couponName: p.coupon_name ?? null,
      couponValue: fenToYuan(p.discount_fen),
    };
  });
  // Paid by a card right (no payment attempt): shown as 无需支付.
  if (list.length === 0 && order.paid_at !== null) {
    list.push({
      amount: 0,
      orderAmount: fenToYuan(order.up_front_fen),
      paidAt: order.paid_at,
      method: PaidMethod.none,
      methodText: PaidMethodText.none,
      couponName: null,
      couponValue: 0,
    });
  }
  return list;
}

async function load(db: Q, order: ServiceOrderRow): Promise<Loaded> {
  const [events, files, payments] = await Promise.all([
    eventsOf(db, order.id),
    filesOf(db, order.id),
    paymentsOf(db, order),
  ]);
  return { order, events, files, payments };
}

function timelineOf(viewer: Viewer, events: ServiceEventRow[], files: ServiceFileRow[]): ServiceEvent[] {
  const byId = new Map(files.map((f) => [f.id, f]));
  return events
    .filter((e) => viewer === 'lawyer' || e.for_person === 1)
    .map((e) => {
      const ids = payloadOf<{ files?: unknown }>(e).files;
      const attached = Array.isArray(ids)
        ? ids.flatMap((id) => {
            const f = typeof id === 'string' ? byId.get(id) : undefined;
            return f ? [fileView(viewer, f)] : [];
          })
        : [];
      return { at: e.at, title: e.title, text: e.text, files: attached };
    });
}

function faceSection(order: ServiceOrderRow, events: ServiceEventRow[]): FaceSection {
  const d = faceDetails(order);
  const current = sinceAccept(events);
  const proposal = last(current, 'proposeTime');
  const p = proposal ? payloadOf<{ at?: number; place?: string; note?: string }>(proposal) : null;
  const asked = last(current, 'askOtherTime');
  const stage = (Object.values(FaceStage) as string[]).includes(order.stage ?? '')
    ? (order.stage as FaceStageT)
    : null;
  return {
    regionCode: order.region_code ?? '',
    regionName: regionText(order.region_code),
    consultField: order.consult_field,
    consultFieldName: consultFieldName(order.consult_field) ?? '',
    level: order.level ?? 3,
    levelName: `${LawyerLevelName[order.level ?? 3] ?? ''}律师`,
    preferredDates: d.preferredDates,
    description: d.description,
    contactName: d.contactName,
    stage,
    proposal: p && typeof p.at === 'number' ? { at: p.at, place: p.place ?? '', note: p.note ?? '' } : null,
    otherTimeNote:
      stage === FaceStage.otherTimeAsked && asked ? (payloadOf<{ note?: string }>(asked).note ?? '') : null,
    meetingAt: order.meeting_at,
  };
}

type LetterStageT = (typeof LetterStage)[keyof typeof LetterStage];
type LawsuitStageT = (typeof LawsuitStage)[keyof typeof LawsuitStage];

const COURIER_STATUSES = ['created', 'collected', 'in_transit', 'delivering', 'signed', 'failed'] as const;

function letterSection(
  viewer: Viewer,
  order: ServiceOrderRow,
  events: ServiceEventRow[],
  files: ServiceFileRow[],
): LetterSection {
  const d = letterDetails(order);
  const current = sinceAccept(events);
  const draftEvent = last(current, 'submitDraft');
  const draft = draftEvent ? payloadOf<{ text?: string; version?: number }>(draftEvent) : null;
  const used = count(events, 'askRevision');
  const finalPdf = files.filter((f) => f.kind === 'letterPdf').at(-1);
  const dispatched = last(events, 'dispatch');
  const courier = dispatched ? payloadOf<{ carrier?: string; trackingNo?: string }>(dispatched) : null;
  const courierEvents: CourierEventView[] = events
    .filter((e) => e.event === 'courierStatus')
    .flatMap((e) => {
      const p = payloadOf<{ status?: string; text?: string }>(e);
      const status = COURIER_STATUSES.find((s) => s === p.status);
      return status ? [{ at: e.at, status, text: p.text ?? e.text }] : [];
    });
  const stage = (Object.values(LetterStage) as string[]).includes(order.stage ?? '')
    ? (order.stage as LetterStageT)
    : null;
  const sender = viewer === 'lawyer' ? { ...d.sender, phone: maskPhone(d.sender.phone) } : d.sender;
  return {
    sender,
    recipient: d.recipient,
    facts: d.facts,
    demands: d.demands,
    deadline: d.deadline,
    evidence: files.filter((f) => f.kind === 'evidence').map((f) => fileView(viewer, f)),
    stage,
    draft:
      draft && typeof draft.text === 'string' && draftEvent
        ? { version: draft.version ?? 1, text: draft.text, submittedAt: draftEvent.at }
        : null,
    revisionsUsed: used,
    revisionsLeft: Math.max(0, LETTER_REVISION_ROUNDS - used),
    revisions: events
      .filter((e) => e.event === 'askRevision')
      .map((e) => ({ at: e.at, note: payloadOf<{ note?: string }>(e).note ?? e.text })),
    finalPdf: finalPdf ? fileView(viewer, finalPdf) : null,
    courier:
      courier && typeof courier.trackingNo === 'string'
        ? { carrier: courier.carrier ?? '', trackingNo: courier.trackingNo, events: courierEvents }
        : null,
    editable: letterEditable(order),
  };
}

function lawsuitSection(
  viewer: Viewer,
  order: ServiceOrderRow,
  events: ServiceEventRow[],
  files: ServiceFileRow[],
): LawsuitSection {
  const d = lawsuitDetails(order);
  const kind = kindOf(order);
  const state = serviceStateOf(order);
  const signed = order.entrust_signed_at !== null;
  const pdf = files.filter((f) => f.kind === 'entrustmentPdf').at(-1);
  const byId = new Map(files.map((f) => [f.id, f]));
  const stage = (Object.values(LawsuitStage) as string[]).includes(order.stage ?? '')
    ? (order.stage as LawsuitStageT)
    : null;
  return {
    role: d.role,
    roleName: LawsuitRoleText[d.role],
    caseType: d.caseType,
    caseTypeName: LawsuitCaseTypeText[d.caseType],
    consultField: order.consult_field,
    consultFieldName: consultFieldName(order.consult_field) ?? '',
    amount: fenToYuan(d.amountFen),
    courtRegionCode: order.region_code ?? '',
    courtRegionName: regionText(order.region_code),
    facts: d.facts,
    evidence: files.filter((f) => f.kind === 'evidence').map((f) => fileView(viewer, f)),
    deposit: fenToYuan(depositCreditFen(order)),
    free: coveredByRight(order),
    quote:
      order.quote_fen !== null
        ? {
            fee: fenToYuan(order.quote_fen),
            note: order.quote_note ?? '',
            at: order.quoted_at ?? order.updated_at,
          }
        : null,
    balance: order.balance_fen === null ? null : fenToYuan(order.balance_fen),
    entrust: {
      needed: needsEntrustment(kind, state, signed),
      signed,
      signName: order.entrust_sign_name,
      signedAt: order.entrust_signed_at,
      pdf: pdf ? fileView(viewer, pdf) : null,
    },
    stage,
    milestones: events
      .filter((e) => e.event === 'recordProgress')
      .map((e) => {
        const p = payloadOf<{ milestone?: string; note?: string; files?: unknown }>(e);
        const milestone = (
          Object.keys(LawsuitMilestoneText) as Array<keyof typeof LawsuitMilestoneText>
        ).find((m) => m === p.milestone);
        const ids = Array.isArray(p.files) ? p.files : [];
        return {
          at: e.at,
          milestone: milestone ?? 'other',
          name: LawsuitMilestoneText[milestone ?? 'other'],
          note: p.note ?? e.text,
          files: ids.flatMap((id) => {
            const f = typeof id === 'string' ? byId.get(id) : undefined;
            return f ? [fileView(viewer, f)] : [];
          }),
        };
      }),
  };
}

/** The order's due amount now (yuan), null when nothing is due. */
function payableNow(order: ServiceOrderRow): number | null {
  if (order.state === ServiceOrderState.awaitingPayment)
    return fenToYuan(Math.max(0, order.up_front_fen - order.member_discount_fen));
  if (order.state === ServiceOrderState.balanceDue) return fenToYuan(order.balance_fen ?? 0);
  return null;
}

/** The frame both viewers share. */
async function frame(db: Q, loaded: Loaded, viewer: Viewer, now: number) {
  const { order, events, files, payments } = loaded;
  const kind = kindOf(order);
  const state = serviceStateOf(order);
  const projection = ServiceOrderProjection[state];
  const [lawyer, evaluation] = await Promise.all([
    order.lawyer_id !== null ? findLawyer(db, order.lawyer_id) : Promise.resolve(undefined),
    db.selectFrom('evaluations').selectAll().where('order_id', '=', order.id).executeTakeFirst(),
  ]);
  const deadline = deadlineOf(order);
  const rightNote = rightNoteOf(order);
  return {
    orderId: order.id,
    kind,
    productCode: order.product_code,
    title: ServiceKindTitle[kind],
    state,
    status: projection.orderStatus,
    tab: projection.tab,
    statusText: serviceOrderStateText(kind, state, { refundFen: order.refund_fen }),
    steps: state === ServiceOrderState.cancelled ? null : (serviceSteps(kind)?.slice() ?? null),
    stepIndex: state === ServiceOrderState.cancelled ? null : serviceStepIndex(kind, state),
    price: fenToYuan(order.price_fen),
    payable: payableNow(order),
    paid: fenToYuan(order.paid_fen),
    refunded: fenToYuan(order.refund_fen),
    payments,
    rightNote,
    lawyer: orderLawyerView(lawyer),
    deadline: deadline
      ? { at: deadline.atMs, text: deadlineText(kind, state, beijingWhenText(deadline.atMs, now)) }
      : null,
    timeline: timelineOf(viewer, events, files),
    evaluation: evaluationView(evaluation),
    createdAt: order.created_at,
    face: kind === 'faceConsult' ? faceSection(order, events) : null,
    letter: kind === 'lawyerLetter' ? letterSection(viewer, order, events, files) : null,
    lawsuit: kind === 'lawsuit' ? lawsuitSection(viewer, order, events, files) : null,
  };
}

/** What the card did for this order, in words ('' when nothing). */
export function rightNoteOf(order: ServiceOrderRow): string {
  if (order.right_code === null || order.member_discount_fen === 0) return '';
  if (coveredByRight(order)) {
    return order.kind === 'lawsuit' ? '白金卡权益：免费诉讼代理' : '会员权益抵扣，本单免费';
  }
  const rate = Math.round(((order.up_front_fen - order.member_discount_fen) * 100) / order.up_front_fen);
  return `会员${rate / 10}折，已优惠${fenToYuan(order.member_discount_fen)}元`;
}

/** The order as its person sees it (order/…/detail). */
export async function personView(db: Q, order: ServiceOrderRow, now: number): Promise<ServiceOrderDetail> {
  const loaded = await load(db, order);
  const base = await frame(db, loaded, 'person', now);
  return { ...base, cancelRule: cancelRuleText(kindOf(order)), actions: personActions(order, loaded.events) };
}

/** The client's name as the lawyer sees it (never the phone number). */
async function clientNameOf(db: Q, order: ServiceOrderRow): Promise<string> {
  if (order.kind === 'faceConsult') return faceDetails(order).contactName;
  if (order.kind === 'lawyerLetter') return letterDetails(order).sender.name;
  const user = await db
    .selectFrom('users')
    .select(['mobile'])
    .where('id', '=', order.user_id)
    .executeTakeFirst();
  return user?.mobile
    ? `用户${maskPhone(user.mobile)}`
    : `用户${String(order.user_id).padStart(4, '0').slice(-4)}`;
}

/** The order as its arranged lawyer sees it (lawyer/services/detail): the person's phone masked. */
export async function lawyerView(db: Q, order: ServiceOrderRow, now: number): Promise<LawyerServiceDetail> {
  const loaded = await load(db, order);
  const base = await frame(db, loaded, 'lawyer', now);
  return {
    ...base,
    clientName: await clientNameOf(db, order),
    lawyerActions: lawyerActions(order, now),
    earning: fenToYuan(serviceEarningFen(order)),
  };
}

export function viewOf(
  db: Q,
  order: ServiceOrderRow,
  viewer: 'person',
  now: number,
): Promise<ServiceOrderDetail>;
export function viewOf(
  db: Q,
  order: ServiceOrderRow,
  viewer: 'lawyer',
  now: number,
): Promise<LawyerServiceDetail>;
export function viewOf(
  db: Q,
  order: ServiceOrderRow,
  viewer: Viewer,
  now: number,
): Promise<ServiceOrderDetail | LawyerServiceDetail> {
  return viewer === 'person' ? personView(db, order, now) : lawyerView(db, order, now);
}
