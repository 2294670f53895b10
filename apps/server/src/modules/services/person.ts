import {
  FaceConsultSteps,
  fenToYuan,
  initialServiceOrderState,
  LawsuitSteps,
  LawyerLetterSteps,
  needsEntrustment,
  quoteBalanceFen,
  ServiceActor,
  type ServiceKind,
  ServiceKindFlow,
  ServiceOrderEvent,
  ServiceOrderProjection,
  ServiceOrderState,
  yuanToFen,
} from '@lawline/contract';
import { regionData } from '@lawline/contract/regions';
import type {
  CancelServiceOrder,
  ChannelData,
  CreatedServiceOrder,
  CreateFaceOrder,
  CreateLawsuitOrder,
  CreateLetterOrder,
  EditLetterOrder,
  EvaluateOrder,
  NeedEntrust,
  PersonServiceStep,
  ServiceOrderDetail,
  ServiceTerms,
  ServiceTermsQuery,
  SignEntrust,
} from '@lawline/contract/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { checkedTagIds, recordEvaluation } from '../calls/evaluations.ts';
import type { PaymentService } from '../payments/service.ts';
import { beijingDate } from '../users/membership.ts';
import { evidenceRows, openServiceFile, storeServiceFile } from './files.ts';
import type { ServiceLifecycle, ServiceTx } from './lifecycle.ts';
import { entrustmentText } from './pdf/entrustment-text.ts';
import { renderEntrustmentPdf } from './pdf/render-entrustment-pdf.ts';
import { type OrderableKind, type ServicePrice, ServicePricing } from './pricing.ts';
import {
  eventsOf,
  type FaceDetails,
  kindOf,
  type LawsuitDetails,
  type LetterDetails,
  lawsuitDetails,
  newServiceOrderId,
  ownServiceOrder,
  payloadOf,
  type ServiceOrderRow,
  serviceStateOf,
} from './repo.ts';
import { depositCreditFen, letterEditable, personView, ServiceKindTitle } from './views.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Preferred meeting dates: from today to this many days ahead (Beijing). */
export const PREFERRED_DATE_DAYS = 30;

export type PersonServiceDeps = {
  db: Db;
  clock: () => number;
  dataDir: string;
  lifecycle: ServiceLifecycle;
  payments: PaymentService;
  log: FastifyBaseLogger;
};

/** What a new order is, before its row exists. */
type NewOrder = {
  kind: OrderableKind;
  requestId: string;
  consultField: number;
  regionCode: string | null;
  level: number | null;
  details: FaceDetails | LetterDetails | LawsuitDetails;
  evidence: readonly string[];
  price: (tx: ServiceTx) => Promise<ServicePrice>;
};

/**
 * The person's side of service orders (issue 14): terms, the three creates, details, the letter
 * edit, the person's steps, the entrustment, cancel (refund in the same transaction), evaluation
 * and the order's files. Another person's order is 404 on every path.
 */
export class PersonServiceOrders {
  constructor(private readonly deps: PersonServiceDeps) {}

  private now(): number {
    return this.deps.clock();
  }

  private get lifecycle(): ServiceLifecycle {
    return this.deps.lifecycle;
  }

  async terms(userId: number | null, query: ServiceTermsQuery): Promise<ServiceTerms> {
    return new ServicePricing(this.deps.db, this.deps.clock).terms(userId, query);
  }

  // -------------------------------------------------------------------------------------------
  // Creating

  private checkDates(dates: readonly string[]): void {
    const now = this.now();
    const first = beijingDate(now);
    const lastDay = beijingDate(now + PREFERRED_DATE_DAYS * DAY_MS);
    for (const d of dates) {
      if (d < first) throw badRequest(`期望日期${d}已过，请选择今天及以后的日期`);
      if (d > lastDay) throw badRequest(`期望日期请选择${PREFERRED_DATE_DAYS}天以内（${lastDay}之前）`);
    }
  }

  private checkLetterDeadline(deadline: string): void {
    if (deadline <= beijingDate(this.now())) throw badRequest('履行期限须晚于今天，请重新选择');
  }

  async createFace(
    userId: number,
    channel: ChannelData,
    input: CreateFaceOrder,
  ): Promise<CreatedServiceOrder> {
    if (!regionData.city_list[input.regionCode]) throw badRequest('请选择见面城市（到市一级）');
    this.checkDates(input.preferredDates);
    const level = input.level as 1 | 2 | 3;
    return this.create(userId, channel, {
      kind: 'faceConsult',
      requestId: input.requestId,
      consultField: input.consultField,
      regionCode: input.regionCode,
      level,
      details: {
        preferredDates: [...input.preferredDates].sort(),
        description: input.description,
        contactName: input.contactName,
      },
      evidence: [],
      price: (tx) => new ServicePricing(tx.db, this.deps.clock).face(userId, level),
    });
  }

  async createLetter(
    userId: number,
    channel: ChannelData,
    input: CreateLetterOrder,
  ): Promise<CreatedServiceOrder> {
    this.checkLetterDeadline(input.deadline);
    return this.create(userId, channel, {
      kind: 'lawyerLetter',
      requestId: input.requestId,
      // A letter is about debts and claims unless told otherwise: the field only groups offers.
      consultField: 4,
      regionCode: null,
      level: null,
      details: {
        sender: input.sender,
        recipient: input.recipient,
        facts: input.facts,
        demands: input.demands,
        deadline: input.deadline,
      },
      evidence: input.evidence,
      price: (tx) => new ServicePricing(tx.db, this.deps.clock).letter(userId),
    });
  }

  async createLawsuit(
    userId: number,
    channel: ChannelData,
    input: CreateLawsuitOrder,
  ): Promise<CreatedServiceOrder> {
    const code = input.courtRegionCode;
    if (!regionData.city_list[code] && !regionData.county_list[code])
      throw badRequest('请选择法院所在地（到市或区县一级）');
    const amountFen = yuanToFen(input.amount);
    const details: LawsuitDetails = {
      role: input.role,
      caseType: input.caseType,
      amountFen,
      facts: input.facts,
    };
    return this.create(userId, channel, {
      kind: 'lawsuit',
      requestId: input.requestId,
      consultField: input.consultField,
      regionCode: code,
      level: null,
      details,
      evidence: input.evidence,
      price: (tx) =>
        new ServicePricing(tx.db, this.deps.clock).lawsuit(userId, {
          role: input.role,
          caseType: input.caseType,
          amountFen,
        }),
    });
  }

  private created(row: ServiceOrderRow): CreatedServiceOrder {
    const state = serviceStateOf(row);
    const due = state === ServiceOrderState.awaitingPayment ? row.up_front_fen - row.member_discount_fen : 0;
    return {
      orderId: row.id,
      kind: kindOf(row),
      state,
      status: ServiceOrderProjection[state].orderStatus,
      needPayAmount: fenToYuan(Math.max(0, due)),
    };
  }

  private async byRequest(db: ServiceTx['db'], userId: number, requestId: string) {
    return db
      .selectFrom('service_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
  }

  /**
   * One create: the same requestId answers the same order (the person's lock and the unique
   * index make it one row under a race). Priced inside the transaction (after the lock), so the
   * last free use of a card right is taken once. A price covered in full is paid by the system
   * `pay` in the same transaction (one money path).
   */
  private async create(userId: number, channel: ChannelData, order: NewOrder): Promise<CreatedServiceOrder> {
    const answered = (row: ServiceOrderRow) => {
      if (row.kind !== order.kind) throw conflict('该请求已用于其他订单，请刷新页面后重试');
      return this.created(row);
    };
    const earlier = await this.byRequest(this.deps.db, userId, order.requestId);
    if (earlier) return answered(earlier);
    try {
      return await this.lifecycle.transaction(async (tx) => {
        await this.lifecycle.lockUser(tx, userId);
        const again = await this.byRequest(tx.db, userId, order.requestId);
        if (again) return answered(again);
        const now = this.now();
        const id = newServiceOrderId(now);
        const files = await evidenceRows(tx.db, userId, id, order.evidence, now);
        const price = await order.price(tx);
        const kind: ServiceKind = order.kind;
        await tx.db
          .insertInto('service_orders')
          .values({
            id,
            user_id: userId,
            channel_key: channel.channel,
            kind,
            state: initialServiceOrderState(kind),
            stage: null,
            state_since: now,
            product_code: price.productCode,
            consult_field: order.consultField,
            region_code: order.regionCode,
            level: order.level,
            details: JSON.stringify(order.details),
            price_fen: price.priceFen,
            member_discount_fen: price.memberDiscountFen,
            right_code: price.rightCode,
            right_card_id: price.rightCardId,
            up_front_fen: price.upFrontFen,
            quote_fen: null,
            quote_note: null,
            quoted_at: null,
            balance_fen: null,
            lawyer_id: null,
            arranged_at: null,
            paid_at: null,
            meeting_at: null,
            entrust_sign_name: null,
            entrust_signed_at: null,
            cancel_reason: null,
            closed_at: null,
            request_id: order.requestId,
            created_at: now,
            updated_at: now,
          })
          .execute();
        if (files.length > 0) await tx.db.insertInto('service_files').values(files).execute();
        let row = (await tx.db
          .selectFrom('service_orders')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst()) as ServiceOrderRow;
        const due = price.upFrontFen - price.memberDiscountFen;
        await this.lifecycle.note(tx, row, 'create', ServiceActor.person, {
          title: '订单已提交',
          text:
            due > 0
              ? `${ServiceKindTitle[kind]}订单已提交，待支付${fenToYuan(due)}元${ServiceKindFlow[kind].upFront === 'deposit' ? '（订金）' : ''}`
              : `${ServiceKindTitle[kind]}订单已提交`,
          actorId: userId,
        });
        if (due <= 0 && row.state === ServiceOrderState.awaitingPayment) {
          row = await this.lifecycle.applyEvent(tx, row, ServiceOrderEvent.pay, ServiceActor.system, {
            title: '会员权益抵扣',
            text: price.note ? `${price.note}，无需支付，正在为您安排律师` : '无需支付，正在为您安排律师',
            patch: { paid_at: now },
            notify: false,
          });
        } else {
          await this.lifecycle.scheduleNew(tx, row);
        }
        return this.created(row);
      });
    } catch (err) {
      // Two creates with one key that both passed the first look: the unique index kept one.
      const same = await this.byRequest(this.deps.db, userId, order.requestId);
      if (same) return answered(same);
      throw err;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  async own(userId: number, orderId: string, kind?: ServiceKind): Promise<ServiceOrderRow> {
    const row = await ownServiceOrder(this.deps.db, userId, orderId);
    if (kind && row.kind !== kind) throw notFound('订单不存在');
    return row;
  }

  async detail(userId: number, orderId: string, kind?: ServiceKind): Promise<ServiceOrderDetail> {
    return personView(this.deps.db, await this.own(userId, orderId, kind), this.now());
  }

  private async view(row: ServiceOrderRow): Promise<ServiceOrderDetail> {
    return personView(this.deps.db, row, this.now());
  }

  // -------------------------------------------------------------------------------------------
  // The letter's facts, until the first draft

  async editLetter(userId: number, input: EditLetterOrder): Promise<ServiceOrderDetail> {
    const order = await this.own(userId, input.orderId, 'lawyerLetter');
    if (!letterEditable(order))
      throw conflict('律师已开始起草，信息不能再修改；如需调整请在初稿中提出修改意见');
    this.checkLetterDeadline(input.deadline);
    const details: LetterDetails = {
      sender: input.sender,
      recipient: input.recipient,
      facts: input.facts,
      demands: input.demands,
      deadline: input.deadline,
    };
    const row = await this.lifecycle.transaction(async (tx) => {
      const now = this.now();
      const files = await evidenceRows(tx.db, userId, order.id, input.evidence, now);
      const updated = await tx.db
        .updateTable('service_orders')
        .set({ details: JSON.stringify(details), version: order.version + 1, updated_at: now })
        .where('id', '=', order.id)
        .where('state', '=', order.state)
        .where('version', '=', order.version)
        .where('stage', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw conflict('订单状态已变化，请刷新后重试');
      await tx.db
        .deleteFrom('service_files')
        .where('order_id', '=', order.id)
        .where('kind', '=', 'evidence')
        .execute();
      if (files.length > 0) await tx.db.insertInto('service_files').values(files).execute();
      const fresh = await ownServiceOrder(tx.db, userId, order.id);
      await this.lifecycle.note(tx, fresh, 'editLetter', ServiceActor.person, {
        title: '已修改律师函信息',
        text: '',
        actorId: userId,
      });
      return fresh;
    });
    return this.view(row);
  }

  // -------------------------------------------------------------------------------------------
  // The person's steps

  async step(userId: number, input: PersonServiceStep): Promise<ServiceOrderDetail> {
    const order = await this.own(userId, input.orderId);
    const P = ServiceActor.person;
    const base = { actorId: userId };
    const row = await this.lifecycle.transaction(async (tx): Promise<ServiceOrderRow> => {
      switch (input.action) {
        case 'confirmTime': {
          if (order.kind !== 'faceConsult') throw conflict('该服务不支持此操作');
          const proposal = await this.latestProposal(tx.db, order);
          if (proposal && proposal.at <= this.now()) throw conflict('该见面时间已过，请申请改约时间');
          const moved = await this.lifecycle.applyStep(tx, order, FaceConsultSteps, 'confirmTime', P, {
            ...base,
            patch: { meeting_at: proposal?.at ?? null },
            text: proposal ? `见面地点：${proposal.place}` : '',
          });
          return moved.order;
        }
        case 'askOtherTime': {
          if (order.kind !== 'faceConsult') throw conflict('该服务不支持此操作');
          const moved = await this.lifecycle.applyStep(tx, order, FaceConsultSteps, 'askOtherTime', P, {
            ...base,
            patch: { meeting_at: null },
            text: input.note,
            payload: { note: input.note },
          });
          return moved.order;
        }
        case 'approveDraft': {
          if (order.kind !== 'lawyerLetter') throw conflict('该服务不支持此操作');
          return (await this.lifecycle.applyStep(tx, order, LawyerLetterSteps, 'approveDraft', P, base))
            .order;
        }
        case 'askRevision': {
          if (order.kind !== 'lawyerLetter') throw conflict('该服务不支持此操作');
          const moved = await this.lifecycle.applyStep(tx, order, LawyerLetterSteps, 'askRevision', P, {
            ...base,
            text: input.note,
            payload: { note: input.note },
          });
          return moved.order;
        }
        case 'declineQuote':
          return this.lifecycle.applyEvent(tx, order, ServiceOrderEvent.declineQuote, P, {
            ...base,
            reason: input.reason ? `不接受报价：${input.reason}` : '不接受报价',
          });
        case 'confirmDone':
          return this.lifecycle.applyEvent(tx, order, ServiceOrderEvent.confirm, P, base);
      }
    });
    return this.view(row);
  }

  /** The lawyer's latest proposal since they accepted (face), or null. */
  private async latestProposal(
    db: ServiceTx['db'],
    order: ServiceOrderRow,
  ): Promise<{ at: number; place: string } | null> {
    const events = await eventsOf(db, order.id);
    const i = events.map((e) => e.event).lastIndexOf(ServiceOrderEvent.accept);
    const proposal = events
      .slice(i + 1)
      .filter((e) => e.event === 'proposeTime')
      .at(-1);
    if (!proposal) return null;
    const p = payloadOf<{ at?: number; place?: string }>(proposal);
    return typeof p.at === 'number' ? { at: p.at, place: p.place ?? '' } : null;
  }

  // -------------------------------------------------------------------------------------------
  // Lawsuit: the entrustment

  private async entrustParties(order: ServiceOrderRow) {
    const lawyer =
      order.lawyer_id !== null
        ? await this.deps.db
            .selectFrom('lawyers')
            .select(['real_name', 'law_firm', 'license_no'])
            .where('id', '=', order.lawyer_id)
            .executeTakeFirst()
        : undefined;
    const user = await this.deps.db
      .selectFrom('users')
      .select(['nickname'])
      .where('id', '=', order.user_id)
      .executeTakeFirst();
    return {
      lawyerName: lawyer?.real_name ?? '',
      firmName: lawyer?.law_firm || '律线合作律师事务所',
      licenceNo: lawyer?.license_no ?? '（待补充）',
      clientName: user?.nickname || `用户${String(order.user_id).padStart(4, '0').slice(-4)}`,
    };
  }

  private async contractText(order: ServiceOrderRow, clientName?: string): Promise<string | null> {
    if (order.quote_fen === null) return null;
    const d = lawsuitDetails(order);
    const parties = await this.entrustParties(order);
    return entrustmentText({
      ...parties,
      clientName: clientName ?? parties.clientName,
      caseSummary: d.facts,
      role: d.role === 'plaintiff' ? '原告' : '被告',
      feeYuan: fenToYuan(order.quote_fen),
      depositYuan: fenToYuan(depositCreditFen(order)),
      orderId: order.id,
    });
  }

  async needEntrust(userId: number, orderId: string): Promise<NeedEntrust> {
    const order = await this.own(userId, orderId, 'lawsuit');
    const signed = order.entrust_signed_at !== null;
    const credit = depositCreditFen(order);
    const balance =
      order.balance_fen ?? (order.quote_fen !== null ? quoteBalanceFen(order.quote_fen, credit) : null);
    return {
      orderId: order.id,
      need: needsEntrustment(kindOf(order), serviceStateOf(order), signed),
      signed,
      text: await this.contractText(order),
      fee: order.quote_fen === null ? null : fenToYuan(order.quote_fen),
      deposit: fenToYuan(credit),
      balance: balance === null ? null : fenToYuan(balance),
    };
  }

  /**
   * order/signEntrust: signing accepts the quote (LawsuitSteps.signEntrust fires acceptQuote); the
   * signed contract is kept as a PDF on the order; a zero balance (the deposit covers the fee, or
   * the card's free lawsuit) is settled at once by the system `payBalance`.
   */
  async signEntrust(userId: number, input: SignEntrust): Promise<ServiceOrderDetail> {
    const order = await this.own(userId, input.orderId, 'lawsuit');
    if (!needsEntrustment('lawsuit', serviceStateOf(order), order.entrust_signed_at !== null))
      throw conflict('当前没有待签署的委托代理合同');
    const balance = quoteBalanceFen(order.quote_fen ?? -1, depositCreditFen(order));
    if (balance === null) throw conflict('报价有误，请联系律师重新报价');
    const now = this.now();
    const text = (await this.contractText(order, input.signName)) as string;
    const parties = await this.entrustParties(order);
    const pdf = await renderEntrustmentPdf({
      orderId: order.id,
      clientName: input.signName,
      signName: input.signName,
      signedAt: new Date(now + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
      firmName: parties.firmName,
      lawyerName: parties.lawyerName,
      licenceNo: parties.licenceNo,
      text,
    });
    const row = await this.lifecycle.transaction(async (tx) => {
      const moved = await this.lifecycle.applyStep(
        tx,
        order,
        LawsuitSteps,
        'signEntrust',
        ServiceActor.person,
        {
          actorId: userId,
          patch: { entrust_sign_name: input.signName, entrust_signed_at: now, balance_fen: balance },
          text: balance > 0 ? `待支付尾款${fenToYuan(balance)}元` : '无需支付尾款',
        },
      );
      await storeServiceFile(tx.db, this.deps.dataDir, {
        orderId: order.id,
        kind: 'entrustmentPdf',
        name: `委托代理合同-${order.id}.pdf`,
        mime: 'application/pdf',
        ext: 'pdf',
        bytes: pdf,
        createdBy: 'system',
        now,
      });
      if (balance === 0 && moved.order.state === ServiceOrderState.balanceDue) {
        return this.lifecycle.applyEvent(tx, moved.order, ServiceOrderEvent.payBalance, ServiceActor.system, {
          title: '委托开始',
          text: '订金已抵扣全部律师费，律师开始办理案件',
          notify: false,
        });
      }
      return moved.order;
    });
    return this.view(row);
  }

  // -------------------------------------------------------------------------------------------
  // Cancel, evaluate, files

  /** order/cancelServiceOrder: before the service starts; everything paid is refunded in the same transaction. */
  async cancel(userId: number, input: CancelServiceOrder): Promise<ServiceOrderDetail> {
    let order = await this.own(userId, input.orderId);
    if (order.state === ServiceOrderState.awaitingPayment) {
      // An open payment may have gone through: the provider is asked (a paid one settles first).
      await this.deps.payments.closeAllFor(order.id);
      order = await this.own(userId, input.orderId);
    }
    const current = order;
    const row = await this.lifecycle.transaction((tx) =>
      this.lifecycle.applyEvent(tx, current, ServiceOrderEvent.cancel, ServiceActor.person, {
        actorId: userId,
        reason: input.reason ? `用户取消：${input.reason}` : '用户取消',
      }),
    );
    return this.view(row);
  }

  /** order/evaluateOrder with an S id: moves the lawyer's rating as phone evaluations do. */
  async evaluate(userId: number, input: EvaluateOrder): Promise<ServiceOrderDetail> {
    const order = await this.own(userId, input.orderId);
    const tagIds = checkedTagIds(input.tagIds);
    const row = await this.lifecycle.transaction(async (tx) => {
      const moved = await this.lifecycle.applyEvent(
        tx,
        order,
        ServiceOrderEvent.evaluate,
        ServiceActor.person,
        {
          actorId: userId,
          text: `${input.stars}星`,
        },
      );
      await recordEvaluation(tx.db, {
        orderId: order.id,
        userId,
        lawyerId: order.lawyer_id,
        stars: input.stars,
        tagIds,
        content: input.content,
        now: this.now(),
      });
      return moved;
    });
    return this.view(row);
  }

  /** order/serviceFile/:orderId/:fileId: the owner's files only (404 otherwise). */
  async file(userId: number, orderId: string, fileId: string) {
    await this.own(userId, orderId);
    return openServiceFile(this.deps.db, this.deps.dataDir, orderId, fileId);
  }
}
