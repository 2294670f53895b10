import type { ReadStream } from 'node:fs';
import {
  consultFieldName,
  FaceConsultSteps,
  FaceStage,
  fenToYuan,
  LawsuitMilestoneText,
  LawsuitSteps,
  LawyerLetterSteps,
  LawyerLevelName,
  LetterStage,
  quoteBalanceFen,
  ServiceActor,
  type ServiceKind,
  ServiceOrderEvent,
  ServiceOrderState,
  serviceOrderStateText,
  yuanToFen,
} from '@lawline/contract';
import type {
  LawyerServiceDetail,
  LawyerServiceEarnings,
  LawyerServiceItem,
  LawyerServiceStep,
  PageResult,
  ServiceOffer,
} from '@lawline/contract/schemas';
import { LawsuitCaseTypeText, LawsuitRoleText } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { openServiceFile } from './files.ts';
import { saveLawyerDocument } from './lawyer-files.ts';
import type { LetterDesk } from './letters.ts';
import type { ApplyOptions, ServiceLifecycle, ServiceTx, StepResult } from './lifecycle.ts';
import { deadlineOf } from './lifecycle.ts';
import {
  arrangingOrders,
  canServe,
  LawyerServedKinds,
  lawyerByUserId,
  type ServiceLawyer,
} from './matching.ts';
import { meetingTimeText } from './reminders.ts';
import {
  faceDetails,
  findServiceOrder,
  kindOf,
  lawsuitDetails,
  lawyerServiceOrder,
  letterDetails,
  type ServiceOrderRow,
  serviceStateOf,
} from './repo.ts';
import {
  coveredByRight,
  depositCreditFen,
  regionText,
  ServiceKindTitle,
  serviceEarningFen,
  viewOf,
} from './views.ts';

export const TAKEN_MESSAGE = '订单已被其他律师接单';

/** The lawyer's list tabs: what still needs them, and what is over. */
const ActiveStates: readonly ServiceOrderState[] = [
  ServiceOrderState.arranged,
  ServiceOrderState.quoted,
  ServiceOrderState.balanceDue,
  ServiceOrderState.inService,
];
const DoneStates: readonly ServiceOrderState[] = [
  ServiceOrderState.delivered,
  ServiceOrderState.toEvaluate,
  ServiceOrderState.evaluated,
  ServiceOrderState.cancelled,
];
/** Earnings count once the person confirmed (or time did): the order reached these. */
const EarnedStates: readonly ServiceOrderState[] = [
  ServiceOrderState.toEvaluate,
  ServiceOrderState.evaluated,
];

/** A meeting is proposed at most this far ahead. */
const MEETING_WITHIN_MS = 60 * 24 * 3_600_000;

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The matter in a line or two, without anyone's phone number. */
export function orderSummary(order: ServiceOrderRow): string {
  switch (order.kind) {
    case 'faceConsult':
      return clip(faceDetails(order).description, 80);
    case 'lawyerLetter': {
      const d = letterDetails(order);
      return clip(`致${d.recipient.name}：${d.facts}`, 80);
    }
    case 'lawsuit': {
      const d = lawsuitDetails(order);
      const amount = d.amountFen > 0 ? `，争议金额${fenToYuan(d.amountFen)}元` : '';
      return clip(`${LawsuitRoleText[d.role]}·${LawsuitCaseTypeText[d.caseType]}${amount}：${d.facts}`, 80);
    }
    default:
      return '';
  }
}

/** What the lawyer should do next on an order ('' when it waits on someone else or is over). */
export function nextStepText(order: ServiceOrderRow): string {
  const state = serviceStateOf(order);
  if (state === ServiceOrderState.delivered) return '等待客户确认服务完成';
  if (state === ServiceOrderState.toEvaluate) return '等待客户评价';
  switch (order.kind) {
    case 'faceConsult':
      if (state === ServiceOrderState.arranged && order.stage === null) return '请提议见面时间和地点';
      if (order.stage === FaceStage.timeProposed) return '等待客户确认见面时间';
      if (order.stage === FaceStage.otherTimeAsked) return '客户申请改约，请重新提议见面时间';
      if (order.stage === FaceStage.timeConfirmed) return '按约定时间见面，见面后标记已见面';
      return '';
    case 'lawyerLetter':
      if (state === ServiceOrderState.arranged && order.stage === null) return '请起草并提交律师函初稿';
      if (order.stage === LetterStage.draftSent) return '等待客户确认稿件';
      if (order.stage === LetterStage.revisionAsked) return '客户提出了修改意见，请修改后重新提交';
      if (order.stage === LetterStage.approved) return '客户已确认稿件，请定稿寄出';
      if (order.stage === LetterStage.final) return '律师函正在交寄';
      return '';
    case 'lawsuit':
      if (state === ServiceOrderState.arranged) return '请评估案件并报价';
      if (state === ServiceOrderState.quoted) return '等待客户确认报价并签署委托代理合同';
      if (state === ServiceOrderState.balanceDue) return '等待客户支付尾款';
      if (state === ServiceOrderState.inService) return '记录案件进展，办结后结案';
      return '';
    default:
      return '';
  }
}

export type LawyerDeskDeps = {
  db: Db;
  clock: () => number;
  dataDir: string;
  lifecycle: ServiceLifecycle;
  letters: LetterDesk;
};

/** How a step is taken: the sandbox autopilot skips the checks a person at the desk needs. */
export type ActOptions = { autopilot?: boolean };

/**
 * The lawyer's side of service orders (lawyer/services/*): offers of their city, field and level,
 * the accept race, their orders and steps, the letter preview, documents and earnings. A lawyer
 * only ever sees orders arranged to them (anything else: 404) and never the person's number.
 */
export class LawyerServiceDesk {
  constructor(private readonly deps: LawyerDeskDeps) {}

  private now(): number {
    return this.deps.clock();
  }

  async lawyerOf(userId: number): Promise<ServiceLawyer> {
    const lawyer = await lawyerByUserId(this.deps.db, userId);
    if (!lawyer) throw forbidden('该账号不是入驻律师');
    return lawyer;
  }

  private async own(lawyer: ServiceLawyer, orderId: string): Promise<ServiceOrderRow> {
    const order = await lawyerServiceOrder(this.deps.db, lawyer.id, orderId);
    if (!LawyerServedKinds.includes(kindOf(order))) throw notFound('订单不存在');
    return order;
  }

  private offerView(order: ServiceOrderRow): ServiceOffer {
    const kind = kindOf(order);
    return {
      orderId: order.id,
      kind,
      title: ServiceKindTitle[kind],
      consultFieldName: kind === 'lawyerLetter' ? '' : (consultFieldName(order.consult_field) ?? ''),
      regionName: kind === 'lawyerLetter' ? '' : regionText(order.region_code),
      summary: orderSummary(order),
      levelName: kind === 'faceConsult' ? `${LawyerLevelName[order.level ?? 3] ?? ''}律师` : '',
      createdAt: order.created_at,
      arrangeBy: deadlineOf(order)?.atMs ?? order.created_at,
      earning: fenToYuan(serviceEarningFen(order)),
    };
  }

  async offers(userId: number): Promise<ServiceOffer[]> {
    const lawyer = await this.lawyerOf(userId);
    const rows = await arrangingOrders(this.deps.db);
    return rows.filter((o) => canServe(lawyer, o)).map((o) => this.offerView(o));
  }

  async accept(userId: number, orderId: string): Promise<LawyerServiceDetail> {
    const lawyer = await this.lawyerOf(userId);
    const order = await this.acceptAs(lawyer, orderId);
    return viewOf(this.deps.db, order, 'lawyer', this.now());
  }

  /**
   * One guarded update decides the race: every other accept finds the order moved and hears it
   * was taken. An order the lawyer may not serve is not theirs to see (404); accepting one's own
   * order again answers it.
   */
  async acceptAs(lawyer: ServiceLawyer, orderId: string, opts: ActOptions = {}): Promise<ServiceOrderRow> {
    const { db, lifecycle } = this.deps;
    const order = await findServiceOrder(db, orderId);
    if (!order || !LawyerServedKinds.includes(kindOf(order))) throw notFound('订单不存在');
    if (order.lawyer_id === lawyer.id && order.state !== ServiceOrderState.arranging) return order;
    if (!opts.autopilot && !canServe(lawyer, order)) throw notFound('订单不存在');
    if (order.state !== ServiceOrderState.arranging) {
      if (order.lawyer_id !== null) throw conflict(TAKEN_MESSAGE);
      throw conflict('订单已关闭，无法接单');
    }
    try {
      return await lifecycle.transaction((tx) =>
        lifecycle.applyEvent(tx, order, ServiceOrderEvent.accept, ServiceActor.lawyer, {
          actorId: lawyer.id,
          patch: { lawyer_id: lawyer.id },
          text: `${lawyer.real_name}律师（${lawyer.law_firm}）已接单`,
          payload: { lawyerId: lawyer.id, ...(opts.autopilot ? { autopilot: true } : {}) },
          notify: {
            title: '律师已接单',
            content: `订单${order.id}：${lawyer.real_name}律师已接单，${acceptedNext(kindOf(order))}`,
          },
        }),
      );
    } catch (err) {
      if (err instanceof AppError && err.httpStatus === 409) {
        const now = await findServiceOrder(db, orderId);
        if (now?.lawyer_id === lawyer.id) return now;
        throw conflict(TAKEN_MESSAGE);
      }
      throw err;
    }
  }

  async list(
    userId: number,
    tab: 'active' | 'done',
    page: number,
    limit: number,
  ): Promise<PageResult<LawyerServiceItem>> {
    const lawyer = await this.lawyerOf(userId);
    const base = this.deps.db
      .selectFrom('service_orders')
      .where('lawyer_id', '=', lawyer.id)
      .where('kind', 'in', LawyerServedKinds)
      .where('state', 'in', tab === 'active' ? ActiveStates : DoneStates);
    const total = Number(
      (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    );
    const rows = await base
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return {
      list: rows.map((order) => {
        const kind = kindOf(order);
        const state = serviceStateOf(order);
        return {
          orderId: order.id,
          kind,
          title: ServiceKindTitle[kind],
          state,
          statusText: serviceOrderStateText(kind, state, { refundFen: order.refund_fen }),
          summary: orderSummary(order),
          nextStep: nextStepText(order),
          updatedAt: order.updated_at,
        };
      }),
      total,
      page,
      limit,
      hasMore: (page - 1) * limit + rows.length < total,
    };
  }

  async detail(userId: number, orderId: string): Promise<LawyerServiceDetail> {
    const lawyer = await this.lawyerOf(userId);
    const order = await this.own(lawyer, orderId);
    return viewOf(this.deps.db, order, 'lawyer', this.now());
  }

  async step(userId: number, input: LawyerServiceStep): Promise<LawyerServiceDetail> {
    const lawyer = await this.lawyerOf(userId);
    const order = await this.own(lawyer, input.orderId);
    const row = await this.act(lawyer, order, input);
    return viewOf(this.deps.db, row, 'lawyer', this.now());
  }

  /** One of the lawyer's steps on their order (also the sandbox autopilot's way in). */
  async act(
    lawyer: ServiceLawyer,
    order: ServiceOrderRow,
    input: LawyerServiceStep,
    opts: ActOptions = {},
  ): Promise<ServiceOrderRow> {
    const { lifecycle } = this.deps;
    const kind = kindOf(order);
    const onlyFor = (k: ServiceKind) => {
      if (kind !== k) throw conflict('该服务不支持此操作');
    };
    const base: ApplyOptions = { actorId: lawyer.id };
    const now = this.now();
    switch (input.action) {
      case 'proposeTime': {
        onlyFor('faceConsult');
        if (input.at <= now) throw badRequest('见面时间需晚于当前时间');
        if (input.at > now + MEETING_WITHIN_MS) throw badRequest('见面时间请选在60天以内');
        const when = meetingTimeText(input.at);
        const note = input.note ? `，备注：${input.note}` : '';
        return this.stepTx(order, (tx, o) =>
          lifecycle.applyStep(tx, o, FaceConsultSteps, 'proposeTime', ServiceActor.lawyer, {
            ...base,
            // A new proposal replaces a confirmed time until the person confirms it again.
            patch: { meeting_at: null },
            payload: { at: input.at, place: input.place, note: input.note },
            text: `见面时间：${when}，地点：${input.place}${note}`,
            notify: {
              title: '律师提议了见面时间',
              content: `订单${o.id}：${lawyer.real_name}律师提议于${when}在${input.place}见面，请在订单中确认或申请改约。`,
            },
          }),
        );
      }
      case 'markHeld': {
        onlyFor('faceConsult');
        if (!opts.autopilot && order.meeting_at !== null && order.meeting_at > now) {
          throw conflict('见面时间未到，见面结束后再标记已见面');
        }
        return this.stepTx(order, (tx, o) =>
          lifecycle.applyStep(tx, o, FaceConsultSteps, 'markHeld', ServiceActor.lawyer, {
            ...base,
            payload: { note: input.note },
            text: input.note ? `律师备注：${input.note}` : '见面咨询已完成，请确认并评价',
            notify: {
              title: '见面咨询已完成',
              content: `订单${o.id}：${lawyer.real_name}律师已标记见面咨询完成，欢迎评价本次服务。`,
            },
          }),
        );
      }
      case 'submitDraft': {
        onlyFor('lawyerLetter');
        return this.stepTx(order, async (tx, o) => {
          const version = (await lifecycle.timesDone(tx.db, o.id, 'submitDraft')) + 1;
          return lifecycle.applyStep(tx, o, LawyerLetterSteps, 'submitDraft', ServiceActor.lawyer, {
            ...base,
            payload: { text: input.text, version },
            text:
              version === 1
                ? '律师已提交律师函初稿，请阅读后确认或提出修改意见'
                : `律师已提交修改稿（第${version}稿）`,
            notify: {
              title: version === 1 ? '律师函初稿已提交' : '律师函修改稿已提交',
              content: `订单${o.id}：${lawyer.real_name}律师已提交律师函${version === 1 ? '初稿' : '修改稿'}，请阅读后确认或提出修改意见。`,
            },
          });
        });
      }
      case 'finalise':
        onlyFor('lawyerLetter');
        return this.deps.letters.finalise(order, lawyer);
      case 'quote': {
        onlyFor('lawsuit');
        const credit = depositCreditFen(order);
        const feeFen = yuanToFen(input.fee);
        // The platinum card's free lawsuit: the card covers the agency whatever the fee.
        const quoteFen = coveredByRight(order) ? 0 : feeFen;
        if (quoteBalanceFen(quoteFen, credit) === null) {
          throw badRequest(`报价不能低于客户已支付的订金${fenToYuan(credit)}元`);
        }
        const text = coveredByRight(order)
          ? `白金卡免费诉讼代理，无需支付律师费。说明：${input.note}`
          : `律师费${fenToYuan(quoteFen)}元（已付订金${fenToYuan(credit)}元可抵扣），说明：${input.note}`;
        return this.stepTx(order, (tx, o) =>
          lifecycle.applyEvent(tx, o, ServiceOrderEvent.quote, ServiceActor.lawyer, {
            ...base,
            patch: { quote_fen: quoteFen, quote_note: input.note, quoted_at: now },
            payload: { fee: fenToYuan(quoteFen), note: input.note },
            text,
            notify: {
              title: '律师已报价',
              content: `订单${o.id}：${text}。接受报价请签署委托代理合同。`,
            },
          }),
        );
      }
      case 'recordProgress': {
        onlyFor('lawsuit');
        const files = [...new Set(input.files.map((f) => f.toLowerCase()))];
        if (files.length > 0) {
          const found = await this.deps.db
            .selectFrom('service_files')
            .select('id')
            .where('order_id', '=', order.id)
            .where('kind', '=', 'document')
            .where('created_by', '=', 'lawyer')
            .where('id', 'in', files)
            .execute();
          if (found.length !== files.length) throw badRequest('附件不存在或不属于本订单，请重新上传');
        }
        const name = LawsuitMilestoneText[input.milestone];
        return this.stepTx(order, (tx, o) =>
          lifecycle.applyStep(tx, o, LawsuitSteps, 'recordProgress', ServiceActor.lawyer, {
            ...base,
            payload: { milestone: input.milestone, note: input.note, files },
            title: `案件进展：${name}`,
            text: input.note,
            notify: { title: `案件进展：${name}`, content: `订单${o.id}：${input.note}` },
          }),
        );
      }
      case 'closeCase': {
        onlyFor('lawsuit');
        return this.stepTx(order, (tx, o) =>
          lifecycle.applyStep(tx, o, LawsuitSteps, 'closeCase', ServiceActor.lawyer, {
            ...base,
            payload: { note: input.note },
            text: input.note,
            notify: { title: '案件已办结', content: `订单${o.id}：${input.note}。请确认并评价本次服务。` },
          }),
        );
      }
      case 'release': {
        return this.stepTx(order, (tx, o) =>
          lifecycle.applyEvent(tx, o, ServiceOrderEvent.release, ServiceActor.lawyer, {
            ...base,
            payload: { reason: input.reason },
            text: '正在为您重新安排律师',
            forPerson: true,
            notify: {
              title: '正在为您重新安排律师',
              content: `订单${o.id}：原律师因故无法继续服务，平台正在为您重新安排律师，承诺时间不变。`,
            },
          }),
        );
      }
    }
  }

  /** A move in its own transaction, answering the new row. */
  private async stepTx(
    order: ServiceOrderRow,
    move: (tx: ServiceTx, order: ServiceOrderRow) => Promise<ServiceOrderRow | StepResult>,
  ): Promise<ServiceOrderRow> {
    const result = await this.deps.lifecycle.transaction((tx) => move(tx, order));
    return 'fired' in result ? result.order : result;
  }

  async letterPreview(userId: number, orderId: string, text: string): Promise<Uint8Array> {
    const lawyer = await this.lawyerOf(userId);
    const order = await this.own(lawyer, orderId);
    if (order.kind !== 'lawyerLetter') throw conflict('该服务不支持此操作');
    return this.deps.letters.render(order, lawyer, text, true);
  }

  async upload(
    userId: number,
    orderId: string,
    file: { data: Buffer; fileName: string | undefined },
  ): Promise<{ fileId: string; name: string; size: number }> {
    const lawyer = await this.lawyerOf(userId);
    const order = await this.own(lawyer, orderId);
    return saveLawyerDocument(this.deps.db, this.deps.dataDir, order.id, file, this.now());
  }

  async file(
    userId: number,
    orderId: string,
    fileId: string,
  ): Promise<{ stream: ReadStream; mime: string; size: number; name: string }> {
    const lawyer = await this.lawyerOf(userId);
    const order = await this.own(lawyer, orderId);
    return openServiceFile(this.deps.db, this.deps.dataDir, order.id, fileId);
  }

  /** Per kind: orders confirmed done (to_evaluate / evaluated) and their share of what was paid. */
  async earnings(userId: number): Promise<LawyerServiceEarnings> {
    const lawyer = await this.lawyerOf(userId);
    const rows = await this.deps.db
      .selectFrom('service_orders')
      .selectAll()
      .where('lawyer_id', '=', lawyer.id)
      .where('kind', 'in', LawyerServedKinds)
      .where('state', 'in', EarnedStates)
      .execute();
    return LawyerServedKinds.map((kind) => {
      const mine = rows.filter((r) => r.kind === kind);
      return {
        kind,
        title: ServiceKindTitle[kind],
        count: mine.length,
        earnings: fenToYuan(mine.reduce((sum, r) => sum + serviceEarningFen(r), 0)),
      };
    });
  }
}

/** What the person is told comes next after the accept. */
function acceptedNext(kind: ServiceKind): string {
  switch (kind) {
    case 'faceConsult':
      return '律师将尽快与您约定见面时间和地点。';
    case 'lawyerLetter':
      return '律师正在起草律师函，初稿提交后会通知您。';
    case 'lawsuit':
      return '律师正在评估案件，报价后会通知您。';
    default:
      return '';
  }
}
