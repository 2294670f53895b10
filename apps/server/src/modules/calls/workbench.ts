import {
  CallOrderProjection,
  CallOrderState,
  consultFieldName,
  fenToYuan,
  formatDuration,
  LawyerLevelName,
  OrderStatusText,
} from '@lawline/contract';
import type {
  LawyerCall,
  LawyerMe,
  LawyerOffer,
  LawyerOrderItem,
  LawyerSession,
  PageResult,
  SendCodeResult,
} from '@lawline/contract/schemas';
import { sql } from 'kysely';
import type { Db, DbKind } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { SmsPolicy } from '../auth/service.ts';
import type { SessionService } from '../sessions/service.ts';
import type { CallEngine } from './engine.ts';
import { beijingDayStart, type CallOrderRow, findOrder, type LawyerRow, stateOf } from './repo.ts';

const LAWYER_COLUMNS = [
  'id',
  'user_id',
  'real_name',
  'face_url',
  'lawyer_level',
  'skill_field',
  'mobile',
  'law_firm',
] as const;
const BILLED_STATES = [
  CallOrderState.paymentDue,
  CallOrderState.paySubmitted,
  CallOrderState.toEvaluate,
  CallOrderState.evaluated,
];

/** How a lawyer sees the person: never the number. */
function customerName(userId: number): string {
  return `用户${String(userId).padStart(4, '0').slice(-4)}`;
}

export type WorkbenchDeps = {
  db: Db;
  dbKind: DbKind;
  clock: () => number;
  auth: AuthService;
  sessions: SessionService;
  engine: CallEngine;
};

/** The lawyer's side (lawyer/* endpoints): login, presence, offers, the call, finished calls. */
export class WorkbenchService {
  constructor(private readonly deps: WorkbenchDeps) {}

  private async lawyerByMobile(mobile: string): Promise<LawyerRow | undefined> {
    return this.deps.db
      .selectFrom('lawyers')
      .select(LAWYER_COLUMNS)
      .where('mobile', '=', mobile)
      .executeTakeFirst();
  }

  /** The lawyer behind a lawyer session's user id. */
  async lawyerOf(userId: number): Promise<LawyerRow> {
    const lawyer = await this.deps.db
      .selectFrom('lawyers')
      .select(LAWYER_COLUMNS)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!lawyer) throw forbidden('该账号不是入驻律师');
    return lawyer;
  }

  /** The same neutral answer for every number; only a lawyer's number gets a code (under the SMS limits). */
  async sendCode(mobile: string, ip: string): Promise<SendCodeResult> {
    const lawyer = await this.lawyerByMobile(mobile);
    if (!lawyer) return { resendAfter: SmsPolicy.perPhone.gapMs / 1000 };
    return this.deps.auth.sendCode(mobile, 'lawyerLogin', ip);
  }

  async login(mobile: string, code: string): Promise<LawyerSession> {
    const lawyer = await this.lawyerByMobile(mobile);
    if (!lawyer) throw badRequest('验证码错误或该号码未开通律师工作台');
    await this.deps.auth.verifyCode(mobile, 'lawyerLogin', code);
    await this.ensureAccount(lawyer);
    const { token } = await this.deps.sessions.issue(lawyer.user_id, 'lawyer');
    return { token, lawyer: await this.me(lawyer.user_id) };
  }

  /**
   * A lawyer's account is the users row with id = lawyers.user_id (sessions point at users). It
   * has no mobile, so a consumer login with the lawyer's phone stays a separate consumer account.
   */
  private async ensureAccount(lawyer: LawyerRow): Promise<void> {
    const { db } = this.deps;
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', lawyer.user_id)
      .executeTakeFirst();
    if (existing) return;
    const now = this.deps.clock();
    await db
      .insertInto('users')
      .values({
        id: lawyer.user_id,
        mobile: null,
        nickname: `${lawyer.real_name}律师`,
        avatar_url: lawyer.face_url,
        channel_key: 'gzh',
        is_guide: 1,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    if (this.deps.dbKind === 'postgres') {
      // An explicit id does not move the identity sequence: move it past the lawyers' ids.
      await sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`.execute(
        db,
      );
    }
  }

  private async stats(lawyerId: number, since: number | null) {
    let query = this.deps.db
      .selectFrom('call_orders')
      .select((eb) => [
        eb.fn.countAll<number>().as('calls'),
        eb.fn.sum<number>('duration_s').as('seconds'),
        eb.fn.sum<number>('earnings_fen').as('earnings'),
      ])
      .where('lawyer_id', '=', lawyerId)
      .where('state', 'in', BILLED_STATES);
    if (since !== null) query = query.where('ended_at', '>=', since);
    const row = await query.executeTakeFirstOrThrow();
    return {
      calls: Number(row.calls ?? 0),
      minutes: Math.ceil(Number(row.seconds ?? 0) / 60),
      earnings: fenToYuan(Number(row.earnings ?? 0)),
    };
  }

  async me(userId: number): Promise<LawyerMe> {
    const lawyer = await this.lawyerOf(userId);
    const [presence, today, total] = await Promise.all([
      this.deps.engine.presenceOf(lawyer.id),
      this.stats(lawyer.id, beijingDayStart(this.deps.clock())),
      this.stats(lawyer.id, null),
    ]);
    const firm = await this.deps.db
      .selectFrom('lawyers')
      .select('law_firm')
      .where('id', '=', lawyer.id)
      .executeTakeFirst();
    return {
      lawyerId: lawyer.id,
      userId: lawyer.user_id,
      name: lawyer.real_name,
      faceUrl: lawyer.face_url,
      level: lawyer.lawyer_level,
      levelName: (lawyer.lawyer_level !== null ? LawyerLevelName[lawyer.lawyer_level] : undefined) ?? '',
      lawFirm: firm?.law_firm ?? '',
      skillFields: lawyer.skill_field
        .split(',')
        .filter(Boolean)
        .map(Number)
        .map((code) => ({ code, name: consultFieldName(code) ?? String(code) })),
      presence,
      today,
      total,
    };
  }

  async setPresence(userId: number, status: 'online' | 'offline') {
    const lawyer = await this.lawyerOf(userId);
    return {
      status: (await this.deps.engine.setPresence(lawyer.id, status)) as 'online' | 'offline' | 'busy',
    };
  }

  async offers(userId: number): Promise<LawyerOffer[]> {
    const lawyer = await this.lawyerOf(userId);
    const now = this.deps.clock();
    const rows = await this.deps.db
      .selectFrom('call_offers as f')
      .innerJoin('call_orders as o', 'o.id', 'f.order_id')
      .select([
        'f.order_id',
        'f.offered_at',
        'f.expires_at',
        'o.consult_field',
        'o.user_remark',
        'o.user_location',
        'o.expect_time',
        'o.user_id',
        'o.preferred_lawyer_id',
        'o.requested_lawyer_id',
        'o.continued_from',
      ])
      .where('f.lawyer_id', '=', lawyer.id)
      .where('f.outcome', 'is', null)
      .where('f.expires_at', '>', now)
      .where('o.state', '=', CallOrderState.offered)
      .orderBy('f.offered_at')
      .execute();
    return rows.map((r) => ({
      orderId: r.order_id,
      consultField: r.consult_field,
      consultFieldName: consultFieldName(r.consult_field) ?? '',
      userRemark: r.user_remark,
      userLocation: r.user_location,
      expectTime: r.expect_time,
      customerName: customerName(r.user_id),
      offeredAt: r.offered_at,
      expiresAt: r.expires_at,
      secondsLeft: Math.max(0, Math.ceil((r.expires_at - now) / 1000)),
      repeatCustomer: r.continued_from !== null && r.preferred_lawyer_id === lawyer.id,
      requestedByCustomer: r.requested_lawyer_id === lawyer.id,
    }));
  }

  private callView(row: CallOrderRow): LawyerCall {
    const state = stateOf(row);
    return {
      orderId: row.id,
      stage:
        state === CallOrderState.assigned
          ? 'assigned'
          : state === CallOrderState.inCall
            ? 'inCall'
            : state === CallOrderState.closed
              ? 'closed'
              : 'ended',
      consultField: row.consult_field,
      consultFieldName: consultFieldName(row.consult_field) ?? '',
      userRemark: row.user_remark,
      userLocation: row.user_location,
      expectTime: row.expect_time,
      customerName: customerName(row.user_id),
      secretNo: row.secret_no,
      startedAt: row.started_at,
      endedAt: row.ended_at,
      durationSeconds: row.duration_s,
      durationText: row.duration_s === null ? null : formatDuration(row.duration_s),
      requestedByCustomer: row.requested_lawyer_id !== null && row.requested_lawyer_id === row.lawyer_id,
    };
  }

  /** The lawyer's order, or 404 (another lawyer's order says nothing more). */
  private async ownCall(lawyerId: number, orderId: string): Promise<CallOrderRow> {
    const row = await findOrder(this.deps.db, orderId);
    if (!row || row.lawyer_id !== lawyerId) throw notFound('订单不存在');
    return row;
  }

  async accept(userId: number, orderId: string): Promise<LawyerCall> {
    const lawyer = await this.lawyerOf(userId);
    return this.callView(await this.deps.engine.accept(lawyer.id, orderId));
  }

  async decline(userId: number, orderId: string): Promise<null> {
    const lawyer = await this.lawyerOf(userId);
    await this.deps.engine.decline(lawyer.id, orderId);
    return null;
  }

  async current(userId: number): Promise<LawyerCall | null> {
    const lawyer = await this.lawyerOf(userId);
    const row = await this.deps.db
      .selectFrom('call_orders')
      .selectAll()
      .where('lawyer_id', '=', lawyer.id)
      .where('state', 'in', [CallOrderState.assigned, CallOrderState.inCall])
      .orderBy('updated_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? this.callView(row) : null;
  }

  async connect(userId: number, orderId: string): Promise<LawyerCall> {
    const lawyer = await this.lawyerOf(userId);
    await this.ownCall(lawyer.id, orderId);
    await this.deps.engine.sandboxConnect(orderId);
    return this.callView(await this.ownCall(lawyer.id, orderId));
  }

  async hangup(userId: number, orderId: string): Promise<LawyerCall> {
    const lawyer = await this.lawyerOf(userId);
    const row = await this.ownCall(lawyer.id, orderId);
    if (row.state !== CallOrderState.assigned && row.state !== CallOrderState.inCall) {
      throw conflict('该订单的通话已结束');
    }
    await this.deps.engine.sandboxHangup(orderId);
    return this.callView(await this.ownCall(lawyer.id, orderId));
  }

  async orders(userId: number, page: number, limit: number): Promise<PageResult<LawyerOrderItem>> {
    const lawyer = await this.lawyerOf(userId);
    const base = this.deps.db
      .selectFrom('call_orders')
      .where('lawyer_id', '=', lawyer.id)
      .where('state', 'in', BILLED_STATES);
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const total = Number(counted.n);
    const rows = await base
      .selectAll()
      .orderBy('ended_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    const ids = rows.map((r) => r.id);
    const stars = new Map(
      ids.length
        ? (
            await this.deps.db
              .selectFrom('evaluations')
              .select(['order_id', 'stars'])
              .where('order_id', 'in', ids)
              .execute()
          ).map((e) => [e.order_id, e.stars])
        : [],
    );
    return {
      list: rows.map((r) => {
        const status = CallOrderProjection[stateOf(r)].orderStatus;
        return {
          orderId: r.id,
          consultField: r.consult_field,
          consultFieldName: consultFieldName(r.consult_field) ?? '',
          userRemark: r.user_remark,
          customerName: customerName(r.user_id),
          status,
          statusText: OrderStatusText[status],
          startedAt: r.started_at,
          endedAt: r.ended_at,
          durationSeconds: r.duration_s,
          durationText: r.duration_s === null ? null : formatDuration(r.duration_s),
          amount: fenToYuan(r.amount_fen ?? 0),
          earnings: fenToYuan(r.earnings_fen ?? 0),
          stars: stars.get(r.id) ?? null,
          createdAt: r.created_at,
        };
      }),
      total,
      page,
      limit,
      hasMore: (page - 1) * limit + rows.length < total,
    };
  }
}
