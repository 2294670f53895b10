import {
  ServiceOrderEvent as E,
  fenToYuan,
  isServiceDeadlinePassed,
  ServiceActor,
  ServiceCancelEvent,
  type ServiceKind,
  ServiceKindRight,
  type ServiceOrderEvent,
  ServiceOrderState,
  type ServiceStepTable,
  serviceCancelRefund,
  serviceDeadline,
  serviceKindTransition,
  serviceStep,
  usesCountedRight,
} from '@lawline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbKind } from '../../db/database.ts';
import { AppError, conflict } from '../../http/errors.ts';
import type { JobService } from '../jobs/service.ts';
import type { NotificationService } from '../messages/service.ts';
import { recordRightUse } from '../payments/rights.ts';
import type { PaymentService } from '../payments/service.ts';
import {
  findServiceOrder,
  kindOf,
  type Q,
  type ServiceOrderPatch,
  type ServiceOrderRow,
  serviceStateOf,
} from './repo.ts';

/**
 * The one applier of the service-order lifecycle (contract ServiceOrderTransitions) and of the
 * kinds' sub-steps (FaceConsultSteps, LawyerLetterSteps, LawsuitSteps). Every move is ONE guarded
 * UPDATE (… WHERE id AND state AND version): a second, concurrent move of the same order updates
 * no row and is refused with 409, changing nothing. In the same transaction it writes the
 * timeline row, records the refund of a cancel (and gives the counted right back), records a
 * right use on `pay`, and replaces the order's deadline job. Notifications and provider refunds
 * run after the commit (ServiceTx.after).
 */

/** A transaction of the service module: the query handle and the work to run after the commit. */
export type ServiceTx = { db: Q; after: Array<() => Promise<void>> };

export type ApplyOptions = {
  /** users.id of a person, lawyers.id of a lawyer. */
  actorId?: number | null;
  /** Columns set in the same guarded UPDATE (accept: lawyer_id; acceptQuote: balance_fen …). */
  patch?: ServiceOrderPatch;
  /** The timeline row (defaults per event / step). */
  title?: string;
  text?: string;
  payload?: Record<string, unknown>;
  /** On the person's timeline (default true). */
  forPerson?: boolean;
  /** What the person is told (websocket 101 + message); default per event; false = nothing. */
  notify?: { title: string; content: string } | false;
  /** Cancel, expire, declineQuote, terminate: the reason kept on the order. */
  reason?: string;
};

export type StepResult = { order: ServiceOrderRow; fired: ServiceOrderEvent | null };

/** What moved, as the move hooks see it. */
export type ServiceMove = {
  event: ServiceOrderEvent | null;
  step: string | null;
  actor: ServiceActor;
  from: ServiceOrderState;
  payload: Record<string, unknown>;
};
/** Runs inside the moving transaction, after the timeline row (jobs enqueued with tx.db). */
export type ServiceMoveHook = (tx: ServiceTx, row: ServiceOrderRow, move: ServiceMove) => Promise<void>;

export const ServiceJob = { deadline: 'service.deadline' } as const;

const STALE = '订单状态已变化，请刷新后重试';

/** Person-readable refusals: the event's own words where the state says why, else the default. */
const RefusedText: Partial<Record<ServiceOrderEvent, string>> = {
  pay: '订单当前无需支付',
  accept: '订单已被其他律师接单',
  release: '订单当前不能退回',
  quote: '订单当前不能报价',
  acceptQuote: '当前没有待确认的报价',
  declineQuote: '当前没有待确认的报价',
  payBalance: '订单当前无需支付尾款',
  start: '服务当前不能开始',
  deliver: '服务当前不能标记完成',
  confirm: '服务尚未完成，不能确认',
  reopen: '订单当前不能重新开启',
  evaluate: '订单当前不能评价',
  cancel: '服务已开始，不能自行取消；如有问题请联系客服',
  expire: '订单当前不能自动取消',
  terminate: '订单当前不能终止',
};

const StepRefusedText: Record<string, string> = {
  proposeTime: '当前不能提议见面时间',
  askOtherTime: '律师尚未提议见面时间，暂不能改约',
  confirmTime: '律师尚未提议见面时间，暂不能确认',
  markHeld: '见面时间确认后才能标记已见面',
  submitDraft: '当前不能提交律师函稿件',
  askRevision: '当前没有待确认的律师函稿件',
  approveDraft: '当前没有待确认的律师函稿件',
  finalise: '委托人确认稿件后才能定稿',
  dispatch: '律师函定稿后才能寄出',
  signEntrust: '当前没有待签署的委托代理合同',
  recordProgress: '委托开始后才能记录进展',
  closeCase: '委托开始后才能结案',
};

export function refusal(
  what: string,
  reason:
    | 'not_allowed_in_state'
    | 'not_allowed_in_stage'
    | 'actor_not_allowed'
    | 'limit_reached'
    | 'not_for_kind',
  state: ServiceOrderState,
): AppError {
  if (reason === 'actor_not_allowed') return conflict('您不能进行此操作');
  if (reason === 'not_for_kind') return conflict('该服务不支持此操作');
  if (reason === 'limit_reached')
    return conflict(what === 'askRevision' ? '修改次数已用完，如需调整请联系律师' : '该操作次数已用完');
  if (state === ServiceOrderState.cancelled) return conflict('订单已取消');
  if (what === 'evaluate' && state === ServiceOrderState.evaluated) return conflict('该订单已评价');
  return conflict(RefusedText[what as ServiceOrderEvent] ?? StepRefusedText[what] ?? STALE);
}

const EventTitle: Record<ServiceOrderEvent, string> = {
  pay: '支付成功',
  accept: '律师已接单',
  release: '律师已退回订单',
  quote: '律师已报价',
  acceptQuote: '已接受报价',
  declineQuote: '已拒绝报价',
  payBalance: '尾款已支付',
  start: '服务已开始',
  deliver: '服务已完成',
  confirm: '服务已确认完成',
  reopen: '服务已重新开启',
  evaluate: '已评价',
  cancel: '订单已取消',
  expire: '订单已自动取消',
  terminate: '订单已终止',
};

const StepTitle: Record<string, string> = {
  proposeTime: '律师提议了见面时间',
  askOtherTime: '已申请改约时间',
  confirmTime: '已确认见面时间',
  markHeld: '见面咨询已完成',
  submitDraft: '律师函稿件已提交',
  askRevision: '已提出修改意见',
  approveDraft: '已确认律师函内容',
  finalise: '律师函已定稿',
  dispatch: '律师函已寄出',
  signEntrust: '已签署委托代理合同',
  recordProgress: '案件有新进展',
  closeCase: '案件已办结',
};

/** Why an order expired, as the person is told (and the timeline says). */
function expireText(state: ServiceOrderState, refundFen: number): string {
  const back = refundFen > 0 ? `，已支付的${fenToYuan(refundFen)}元将全额原路退回` : '';
  switch (state) {
    case ServiceOrderState.awaitingPayment:
      return '超时未支付，订单已自动取消';
    case ServiceOrderState.arranging:
      return `未能在承诺时间内为您安排律师，订单已自动取消${back}`;
    case ServiceOrderState.arranged:
      return `律师未能在承诺时间内开始服务，订单已自动取消${back}`;
    case ServiceOrderState.quoted:
      return `报价超时未确认，视为不接受报价${back}`;
    case ServiceOrderState.balanceDue:
      return `尾款超时未支付，订单已取消${back}`;
    default:
      return `订单已自动取消${back}`;
  }
}

/** The deadline's clock: arranging counts from the payment (a release does not restart it). */
export function deadlineSince(
  order: Pick<ServiceOrderRow, 'state' | 'state_since' | 'paid_at' | 'created_at'>,
): number {
  return order.state === ServiceOrderState.arranging
    ? (order.paid_at ?? order.created_at)
    : order.state_since;
}

/** When the system acts on the order next (serviceDeadline of its state), or null. */
export function deadlineOf(order: ServiceOrderRow): ReturnType<typeof serviceDeadline> {
  return serviceDeadline(kindOf(order), serviceStateOf(order), deadlineSince(order));
}

export type LifecycleDeps = {
  db: Db;
  dbKind: DbKind;
  clock: () => number;
  jobs: JobService;
  notifications: NotificationService;
  payments: PaymentService;
  log: FastifyBaseLogger;
};

type Move = {
  /** The lifecycle event fired (null: a step that keeps the state). */
  event: ServiceOrderEvent | null;
  /** The step taken, if any. */
  step: string | null;
  to: ServiceOrderState;
  stage: string | null;
};

export class ServiceLifecycle {
  private readonly hooks: ServiceMoveHook[] = [];

  constructor(private readonly deps: LifecycleDeps) {
    deps.jobs.register(ServiceJob.deadline, async (p: { orderId: string; state: string; since: number }) =>
      this.deadlineJob(p.orderId, p.state, p.since),
    );
  }

  now(): number {
    return this.deps.clock();
  }

  /** Reminders and the sandbox autopilot schedule their jobs with the moves (lawside). */
  addMoveHook(hook: ServiceMoveHook): void {
    this.hooks.push(hook);
  }

  /**
   * A transaction of the module: `work` gets a ServiceTx; after the commit its `after` tasks run
   * (notifications, provider refunds), each on its own (a failure is logged, the commit stands).
   */
  async transaction<T>(work: (tx: ServiceTx) => Promise<T>): Promise<T> {
    const after: ServiceTx['after'] = [];
    const result = await this.deps.db.transaction().execute((trx) => work({ db: trx, after }));
    await this.runAfter(after);
    return result;
  }

  async runAfter(after: ServiceTx['after']): Promise<void> {
    for (const task of after) {
      await task().catch((err: unknown) => this.deps.log.warn({ err }, 'service order follow-up failed'));
    }
  }

  /**
   * Serialises writers of one person's orders (PostgreSQL: a row lock held to the end of the
   * transaction; SQLite write transactions are serial anyway).
   */
  async lockUser(tx: ServiceTx, userId: number): Promise<void> {
    if (this.deps.dbKind !== 'postgres') return;
    await tx.db
      .insertInto('rate_locks')
      .values({ key: `service:u:${userId}` })
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ key: eb.ref('excluded.key') })))
      .execute();
  }

  /** Fires a lifecycle event: refused (409, nothing changes) unless the table allows it now. */
  async applyEvent(
    tx: ServiceTx,
    order: ServiceOrderRow,
    event: ServiceOrderEvent,
    actor: ServiceActor,
    opts: ApplyOptions = {},
  ): Promise<ServiceOrderRow> {
    const state = serviceStateOf(order);
    const moved = serviceKindTransition(kindOf(order), state, event, actor);
    if (!moved.ok) throw refusal(event, moved.reason, state);
    const stage = event === E.accept || event === E.release ? null : order.stage;
    return this.move(tx, order, { event, step: null, to: moved.to, stage }, actor, opts);
  }

  /** Takes a sub-step of the kind's table; a step naming an event fires it when the state allows. */
  async applyStep<Stage extends string, Step extends string>(
    tx: ServiceTx,
    order: ServiceOrderRow,
    table: ServiceStepTable<Stage, Step>,
    step: Step,
    actor: ServiceActor,
    opts: ApplyOptions = {},
  ): Promise<StepResult> {
    const state = serviceStateOf(order);
    const rule = table[step];
    const timesDone = rule?.maxTimes !== undefined ? await this.timesDone(tx.db, order.id, step) : undefined;
    const result = serviceStep(
      table,
      { state, stage: order.stage as Stage | null, ...(timesDone !== undefined ? { timesDone } : {}) },
      step,
      actor,
    );
    if (!result.ok) throw refusal(step, result.reason, state);
    if (result.fired) {
      const kindMove = serviceKindTransition(kindOf(order), state, result.fired, actor);
      if (!kindMove.ok) throw refusal(step, kindMove.reason, state);
    }
    const row = await this.move(
      tx,
      order,
      { event: result.fired, step, to: result.state, stage: result.stage },
      actor,
      opts,
    );
    return { order: row, fired: result.fired };
  }

  /** How often a step was taken on the order (the timeline counts). */
  async timesDone(db: Q, orderId: string, step: string): Promise<number> {
    const row = await db
      .selectFrom('service_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', '=', orderId)
      .where('event', '=', step)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Writes a timeline row that moves nothing (courier status, a reminder …). */
  async note(
    tx: ServiceTx,
    order: ServiceOrderRow,
    event: string,
    actor: ServiceActor,
    row: {
      title: string;
      text: string;
      payload?: Record<string, unknown>;
      forPerson?: boolean;
      actorId?: number | null;
    },
  ): Promise<void> {
    await tx.db
      .insertInto('service_events')
      .values({
        order_id: order.id,
        at: this.now(),
        actor,
        actor_id: row.actorId ?? null,
        event,
        from_state: order.state,
        to_state: order.state,
        title: row.title.slice(0, 100),
        text: row.text,
        payload: JSON.stringify(row.payload ?? {}),
        for_person: row.forPerson === false ? 0 : 1,
      })
      .execute();
  }

  /** Tells the person after the commit (websocket 101 + a message). */
  notifyPerson(tx: ServiceTx, userId: number, message: { title: string; content: string }): void {
    tx.after.push(async () => {
      await this.deps.notifications.notify(userId, { ...message, kind: 'order' });
    });
  }

  private async move(
    tx: ServiceTx,
    order: ServiceOrderRow,
    move: Move,
    actor: ServiceActor,
    opts: ApplyOptions,
  ): Promise<ServiceOrderRow> {
    const now = this.now();
    const from = serviceStateOf(order);
    const patch: ServiceOrderPatch = { ...opts.patch };
    const { event } = move;
    let refundFen = 0;
    let refundIds: number[] = [];
    if (event === E.accept) patch.arranged_at = now;
    if (event === E.release) {
      patch.lawyer_id = null;
      patch.arranged_at = null;
    }
    if (event && (Object.values(ServiceCancelEvent) as string[]).includes(event)) {
      const refund = serviceCancelRefund(from, event as ServiceCancelEvent, order.paid_fen);
      if (!refund) throw refusal(event, 'not_allowed_in_state', from);
      ({ refundFen, refundIds } = await this.refundAll(tx, order, refund, opts.reason ?? EventTitle[event]));
      patch.refund_fen = order.refund_fen + refundFen;
      patch.closed_at = now;
      patch.cancel_reason = opts.reason ?? EventTitle[event];
    }

    const updated = await tx.db
      .updateTable('service_orders')
      .set({
        ...patch,
        state: move.to,
        stage: move.stage,
        version: order.version + 1,
        // A fired event starts the state's clock again (a new quote gets its own 7 days).
        state_since: event ? now : order.state_since,
        updated_at: now,
      })
      .where('id', '=', order.id)
      .where('state', '=', order.state)
      .where('version', '=', order.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict(STALE);
    const row = await findServiceOrder(tx.db, order.id);
    if (!row) throw conflict(STALE);

    if (event === E.pay) await this.useRight(tx, row, now);

    const title =
      opts.title ??
      (event === E.expire
        ? EventTitle.expire
        : move.step
          ? (StepTitle[move.step] ?? EventTitle[event ?? E.start])
          : EventTitle[event ?? E.start]);
    const text =
      opts.text ??
      (event === E.expire
        ? expireText(from, refundFen)
        : refundFen > 0
          ? `已支付的${fenToYuan(refundFen)}元将全额原路退回`
          : '');
    await tx.db
      .insertInto('service_events')
      .values({
        order_id: order.id,
        at: now,
        actor,
        actor_id: opts.actorId ?? null,
        event: move.step ?? (event as string),
        from_state: from,
        to_state: move.to,
        title: title.slice(0, 100),
        text,
        payload: JSON.stringify(opts.payload ?? {}),
        for_person: opts.forPerson === false ? 0 : 1,
      })
      .execute();

    if (event) await this.reschedule(tx, row);
    for (const id of refundIds) tx.after.push(() => this.deps.payments.runRefund(id));

    // The person hears of what others did, and of every refund.
    const notify =
      opts.notify === false
        ? null
        : (opts.notify ??
          (actor !== ServiceActor.person && event !== E.pay && event !== E.payBalance
            ? { title, content: `订单${order.id}：${text || title}` }
            : refundFen > 0
              ? { title, content: `订单${order.id}已取消，已支付的${fenToYuan(refundFen)}元将全额原路退回。` }
              : null));
    if (notify) this.notifyPerson(tx, order.user_id, notify);
    for (const hook of this.hooks) {
      await hook(tx, row, { event, step: move.step, actor, from, payload: opts.payload ?? {} });
    }
    return row;
  }

  /**
   * The money side of a cancel: a full refund of every settled payment (recorded here, in the
   * cancelling transaction; the provider is asked after the commit, and the refund job retries).
   * Coupons come back and a counted right is given back when everything is refunded.
   */
  private async refundAll(
    tx: ServiceTx,
    order: ServiceOrderRow,
    refund: { refundFen: number; restoresRight: boolean },
    reason: string,
  ): Promise<{ refundFen: number; refundIds: number[] }> {
    // The payments the order counts (paid_fen): a duplicate payment already on its way back (a
    // refund row that did not fail) is not the order's money.
    const paid = await tx.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('state', '=', 'paid')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('refunds')
              .select('refunds.id')
              .whereRef('refunds.payment_id', '=', 'payments.id')
              .where('refunds.state', '!=', 'failed'),
          ),
        ),
      )
      .execute();
    const settled = paid.reduce((sum, p) => sum + p.amount_fen, 0);
    // Refunds are whole payments: a partial one (an operator's termination) is not offered yet.
    if (refund.refundFen !== settled && refund.refundFen !== 0) {
      throw conflict('部分退款请联系客服处理');
    }
    const refundIds: number[] = [];
    if (refund.refundFen > 0) {
      for (const p of paid) refundIds.push(await this.deps.payments.recordRefund(tx.db, p, reason));
    }
    if (refund.restoresRight) {
      await tx.db.deleteFrom('user_right_usage').where('order_ref', '=', order.id).execute();
      await tx.db
        .updateTable('user_coupons')
        .set({ used_order_id: null, used_at: null })
        .where('used_order_id', '=', order.id)
        .execute();
    }
    return { refundFen: refund.refundFen, refundIds };
  }

  /** `pay` on an order a counted right priced: one use of the card's right this card year. */
  private async useRight(tx: ServiceTx, order: ServiceOrderRow, now: number): Promise<void> {
    const kind: ServiceKind = kindOf(order);
    const right = order.right_code;
    if (
      !usesCountedRight(kind) ||
      order.right_card_id === null ||
      right === null ||
      right !== ServiceKindRight[kind]
    )
      return;
    const used = await tx.db
      .selectFrom('user_right_usage')
      .select('id')
      .where('order_ref', '=', order.id)
      .executeTakeFirst();
    if (!used) await recordRightUse(tx.db, order.user_id, order.right_card_id, right, order.id, now);
  }

  /** One deadline job per order: the new state's replaces any earlier one. */
  private async reschedule(tx: ServiceTx, order: ServiceOrderRow): Promise<void> {
    const key = `service:${order.id}`;
    const now = this.now();
    await tx.db
      .updateTable('jobs')
      .set({ done_at: now })
      .where('job_key', '=', key)
      .where('done_at', 'is', null)
      .execute();
    const deadline = deadlineOf(order);
    if (!deadline) return;
    await this.deps.jobs.enqueue(
      ServiceJob.deadline,
      deadline.atMs,
      { orderId: order.id, state: order.state, since: deadlineSince(order) },
      { key, trx: tx.db },
    );
  }

  /** Schedules the deadline of a new order (its create transaction). */
  async scheduleNew(tx: ServiceTx, order: ServiceOrderRow): Promise<void> {
    await this.reschedule(tx, order);
  }

  /**
   * The job: the order is re-read and moved only if it is still in the state it was scheduled for,
   * since the same moment, and the time has come (expire refunds all paid; delivered → confirm).
   */
  private async deadlineJob(orderId: string, state: string, since: number): Promise<unknown> {
    const stillThere = async () => {
      const o = await findServiceOrder(this.deps.db, orderId);
      return o && o.state === state && deadlineSince(o) === since ? o : null;
    };
    let order = await stillThere();
    if (!order) return undefined;
    const deadline = deadlineOf(order);
    if (!deadline) return undefined;
    if (!isServiceDeadlinePassed(kindOf(order), serviceStateOf(order), since, this.now())) {
      return { again: deadline.atMs };
    }
    if (order.state === ServiceOrderState.awaitingPayment) {
      // An attempt still open may have been paid: ask the provider first (a paid one settles).
      await this.deps.payments.closeAllFor(orderId);
      order = await stillThere();
      if (!order) return undefined;
    }
    const current = order;
    try {
      await this.transaction((tx) => this.applyEvent(tx, current, deadline.event, ServiceActor.system));
    } catch (err) {
      // Moved by someone else meanwhile: their move stands.
      if (err instanceof AppError && err.httpStatus === 409) return undefined;
      throw err;
    }
    return undefined;
  }
}
