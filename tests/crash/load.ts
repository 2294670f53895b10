import { randomUUID } from 'node:crypto';
import { HomeConsultFields } from '@lawline/contract';
import { type ServerProcess, Stopped, sleep } from './server-process.ts';

/**
 * The load: many distinct simulated people, each running one journey through the public API
 * (login, phone consult, payment at the sandbox cashier, member card, cancel, evaluation, a face
 * consultation or lawyer letter paid and then cancelled with its refund). Every answer is
 * recorded: what was acknowledged must survive any SIGKILL that comes after it.
 */

// ------------------------------------------------------------------------------------ recording

export type Acks = {
  sendCode: Array<{ mobile: string }>;
  login: Array<{ mobile: string; userId: number; token: string }>;
  callOrder: Array<{ orderId: string; userId: number }>;
  cancel: Array<{ orderId: string }>;
  payOrder: Array<{ orderId: string; outTradeNo: string | null; payStatus: string; vendor: Vendor }>;
  cashierPay: Array<{
    orderId: string;
    outTradeNo: string;
    vendor: Vendor;
    notifyStatus: number | null;
    state: string;
  }>;
  productOrder: Array<{ orderId: string; userId: number }>;
  evaluate: Array<{ orderId: string }>;
  /** A service order ('S…') the create answered, with the form visit's key it was sent with. */
  serviceOrder: Array<{ orderId: string; userId: number; requestId: string; kind: ServiceJourneyKind }>;
  /** A cancel of a service order that answered: what it said was paid and refunded (fen). */
  serviceCancel: Array<{ orderId: string; paidFen: number; refundedFen: number }>;
};

export type ServiceJourneyKind = 'faceConsult' | 'lawyerLetter';

export type Vendor = 'wechat' | 'alipay';
export type ObservedKind = 'call' | 'product' | 'service';

/** A cashier pay that got no answer: the trade may be paid at the vendor with its notify lost. */
export type InterruptedPay = { orderId: string; outTradeNo: string; vendor: Vendor; epoch: number };

export class Recorder {
  readonly acks: Acks = {
    sendCode: [],
    login: [],
    callOrder: [],
    cancel: [],
    payOrder: [],
    cashierPay: [],
    productOrder: [],
    evaluate: [],
    serviceOrder: [],
    serviceCancel: [],
  };
  /** Statuses the API showed per order (call: 2/3/4/5/99; product: 1/3/5/99; service: 1/2/3/4/5/99). */
  readonly observed = new Map<string, { kind: ObservedKind; statuses: Set<number> }>();
  readonly interruptedPays: InterruptedPay[] = [];
  readonly lost = new Map<string, number>();
  readonly refused = new Map<string, number>();
  /** Answers with a 5xx status: never expected. */
  readonly serverErrors: string[] = [];
  /** What the API itself showed wrong (e.g. a new payment attempt leaving the order at payment due). */
  readonly apiViolations: string[] = [];
  /** Requests that failed while the server was up (not a kill): reported, not counted as lost. */
  readonly glitches: string[] = [];
  /** The sandbox refused something after a restart (e.g. an Alipay form signed before it). */
  readonly sandboxRefusals = new Map<string, number>();
  readonly inflight = new Map<number, string>();
  private nextRequestId = 1;
  private sendListeners: Array<(endpoint: string) => void> = [];
  answered = 0;

  ackCount(): number {
    return Object.values(this.acks).reduce((sum, list) => sum + list.length, 0);
  }

  observe(orderId: string, kind: ObservedKind, status: number): void {
    let entry = this.observed.get(orderId);
    if (!entry) {
      entry = { kind, statuses: new Set() };
      this.observed.set(orderId, entry);
    }
    entry.statuses.add(status);
  }

  bump(map: Map<string, number>, key: string): void {
    map.set(key, (map.get(key) ?? 0) + 1);
  }

  started(endpoint: string): number {
    const id = this.nextRequestId++;
    this.inflight.set(id, endpoint);
    for (const listener of this.sendListeners) listener(endpoint);
    return id;
  }

  finished(id: number): void {
    this.inflight.delete(id);
  }

  /** Resolves with the endpoint when a request to one of `endpoints` is sent, or null after `timeoutMs`. */
  nextSend(endpoints: readonly string[], timeoutMs: number): Promise<string | null> {
    return new Promise((resolve) => {
      const listener = (endpoint: string) => {
        if (!endpoints.includes(endpoint)) return;
        done(endpoint);
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      const done = (value: string | null) => {
        clearTimeout(timer);
        this.sendListeners = this.sendListeners.filter((l) => l !== listener);
        resolve(value);
      };
      this.sendListeners.push(listener);
    });
  }
}

// ------------------------------------------------------------------------------------ the client

export type Answer<T> =
  | { kind: 'ok'; status: number; data: T; msg: string }
  | { kind: 'refused'; status: number; code: unknown; msg: string }
  | { kind: 'lost'; epoch: number; error: string };

const REQUEST_TIMEOUT_MS = 20_000;

type Envelope = { code?: unknown; msg?: unknown; data?: unknown };

/** One person's HTTP client: own X-Forwarded-For address (SMS limits are per IP), own token. */
export class Api {
  token: string | null = null;

  constructor(
    private readonly server: ServerProcess,
    private readonly rec: Recorder,
    private readonly ip: string,
    private readonly stopped: () => boolean,
  ) {}

  /** POST /api/v2/{path} with the common params, or any path when it starts with '/'. */
  post<T>(endpoint: string, path: string, body: Record<string, unknown>): Promise<Answer<T>> {
    const url = path.startsWith('/') ? path : `/api/v2/${path}`;
    const payload = path.startsWith('/') ? body : { ...body, channel: 'gzh', usertype: 3 };
    return this.send<T>(endpoint, 'POST', url, {
      body: JSON.stringify(payload),
      contentType: 'application/json',
    });
  }

  get<T>(endpoint: string, path: string, query: Record<string, string>): Promise<Answer<T>> {
    const url = path.startsWith('/') ? path : `/api/v2/${path}`;
    const params = new URLSearchParams(
      path.startsWith('/') ? query : { ...query, channel: 'gzh', usertype: '3' },
    );
    return this.send<T>(endpoint, 'GET', `${url}?${params}`, {});
  }

  postForm<T>(endpoint: string, path: string, form: URLSearchParams): Promise<Answer<T>> {
    return this.send<T>(endpoint, 'POST', path, {
      body: form.toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
  }

  private async send<T>(
    endpoint: string,
    method: 'GET' | 'POST',
    path: string,
    options: { body?: string; contentType?: string },
  ): Promise<Answer<T>> {
    // Never send to a server known to be down: wait for the next epoch.
    if (!this.server.alive) await this.server.readyAfter(this.server.epoch, this.stopped);
    if (this.stopped()) throw new Stopped();
    const epoch = this.server.epoch;
    const headers: Record<string, string> = { accept: 'application/json', 'x-forwarded-for': this.ip };
    if (this.token) headers.token = this.token;
    if (options.contentType) headers['content-type'] = options.contentType;
    const id = this.rec.started(endpoint);
    try {
      const res = await fetch(`${this.server.url}${path}`, {
        method,
        headers,
        ...(options.body !== undefined ? { body: options.body } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      this.rec.answered += 1;
      let json: Envelope | null = null;
      try {
        json = JSON.parse(text) as Envelope;
      } catch {
        json = null;
      }
      if (res.status >= 500) {
        this.rec.serverErrors.push(
          `${endpoint} answered ${res.status} (epoch ${epoch}): ${text.slice(0, 300)}`,
        );
      }
      if (res.status === 200 && json && json.code === 0) {
        return { kind: 'ok', status: res.status, data: json.data as T, msg: String(json.msg ?? '') };
      }
      const msg = json ? String(json.msg ?? '') : text.slice(0, 120);
      this.rec.bump(this.rec.refused, `${endpoint} ${res.status} ${msg}`);
      return { kind: 'refused', status: res.status, code: json?.code, msg };
    } catch (err) {
      const error = describe(err);
      if (this.server.alive && this.server.epoch === epoch) {
        // Not a kill (the server is still the one we sent to): note it, treat it as lost.
        this.rec.glitches.push(`${endpoint} (epoch ${epoch}): ${error}`);
      }
      this.rec.bump(this.rec.lost, endpoint);
      return { kind: 'lost', epoch, error };
    } finally {
      this.rec.finished(id);
    }
  }

  /** After a lost answer: wait until a server is up again (a later epoch). */
  async recover(answer: { epoch: number }): Promise<void> {
    await this.server.readyAfter(answer.epoch, this.stopped);
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    const code = cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : '';
    return `${err.name}: ${err.message}${code ? ` (${code})` : ''}`;
  }
  return String(err);
}

// ------------------------------------------------------------------------------------ journeys

export type Rng = { next: () => number; int: (min: number, max: number) => number };

/** mulberry32: a small seeded generator, so a run's mix can be replayed with its seed. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}

export type JourneyKind = 'call-wechat' | 'call-alipay' | 'call-evaluate' | 'card' | 'cancel' | 'service';

/** The mix of new journeys (weights). */
const MIX: ReadonlyArray<readonly [JourneyKind, number]> = [
  ['call-wechat', 24],
  ['call-alipay', 18],
  ['call-evaluate', 12],
  ['card', 11],
  ['cancel', 11],
  ['service', 24],
];

export function pickJourney(rng: Rng): JourneyKind {
  const total = MIX.reduce((s, [, w]) => s + w, 0);
  let roll = rng.next() * total;
  for (const [kind, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'call-wechat';
}

export type JourneyContext = {
  api: Api;
  rec: Recorder;
  rng: Rng;
  mobile: string;
  stopped: () => boolean;
  /** Wall-clock limit of this journey (it is abandoned after; the final checks still cover it). */
  deadline: number;
};

const FIELDS = HomeConsultFields.map((f) => f.code as number);
/** A lost cashier pay leaves the payment to the server's query job: watch it this long, then detach. */
const WATCH_AFTER_LOST_PAY_MS = 8_000;

/** Runs one journey; never throws (a stop ends it quietly). */
export async function runJourney(kind: JourneyKind, ctx: JourneyContext): Promise<void> {
  try {
    const userId = await login(ctx);
    if (userId === null) return;
    if (kind === 'card') {
      await cardJourney(ctx, userId);
      return;
    }
    if (kind === 'service') {
      await serviceJourney(ctx, userId);
      return;
    }
    const vendor: Vendor =
      kind === 'call-alipay'
        ? 'alipay'
        : kind === 'call-evaluate' && ctx.rng.next() < 0.5
          ? 'alipay'
          : 'wechat';
    await callJourney(ctx, userId, {
      vendor,
      evaluate: kind === 'call-evaluate',
      cancelAfterMs: kind === 'cancel' ? ctx.rng.int(0, 400) : null,
      // Half of the Alipay payers open WeChat Pay first and change their mind.
      switchMethod: kind === 'call-alipay' && ctx.rng.next() < 0.5,
    });
  } catch (err) {
    if (err instanceof Stopped) return;
    ctx.rec.glitches.push(`journey ${kind} ${ctx.mobile} threw: ${describe(err)}`);
  }
}

/** user/sendCode → the sandbox SMS outbox → user/codeLogin. A lost step abandons the person. */
async function login(ctx: JourneyContext): Promise<number | null> {
  const { api, rec, mobile } = ctx;
  const sent = await api.post<unknown>('sendCode', 'user/sendCode', { mobile });
  if (sent.kind !== 'ok') return null;
  rec.acks.sendCode.push({ mobile });
  const outbox = await api.get<Array<{ code: string }>>('smsOutbox', '/api/dev/sms-outbox', { mobile });
  const code = outbox.kind === 'ok' ? outbox.data[0]?.code : undefined;
  if (!code) return null; // the outbox lives in memory: a restart in between empties it
  const res = await api.post<{ token: string; id: number }>('codeLogin', 'user/codeLogin', { mobile, code });
  if (res.kind !== 'ok') return null;
  api.token = res.data.token;
  rec.acks.login.push({ mobile, userId: res.data.id, token: res.data.token });
  return res.data.id;
}

async function callJourney(
  ctx: JourneyContext,
  userId: number,
  options: { vendor: Vendor; evaluate: boolean; cancelAfterMs: number | null; switchMethod: boolean },
): Promise<void> {
  const { api, rec, rng } = ctx;
  const field = FIELDS[rng.int(0, FIELDS.length - 1)] ?? 2;
  const created = await api.post<{ orderId: string | null; unpaidOrderId: string | null }>(
    'createCallOrder',
    'order/createCallOrder',
    { consultField: field, userRemark: '公司拖欠工资三个月，应该怎么维权？（崩溃测试）' },
  );
  if (created.kind !== 'ok' || !created.data.orderId) return;
  const orderId = created.data.orderId;
  rec.acks.callOrder.push({ orderId, userId });
  if (options.cancelAfterMs !== null) {
    await sleep(options.cancelAfterMs);
    const cancelled = await api.post<{ status: number }>('cancelCallOrder', 'order/cancelCallOrder', {
      orderId,
      reason: '不需要了',
    });
    if (cancelled.kind === 'ok') {
      rec.acks.cancel.push({ orderId });
      rec.observe(orderId, 'call', cancelled.data.status);
      return;
    }
    if (cancelled.kind === 'lost') await api.recover(cancelled);
    // Too late to cancel (the lawyer called already) or unknown: pay like anyone else.
  }
  await payUntilSettled(ctx, {
    kind: 'call',
    orderId,
    vendor: options.vendor,
    evaluate: options.evaluate,
    switchMethod: options.switchMethod,
  });
}

async function cardJourney(ctx: JourneyContext, userId: number): Promise<void> {
  const { api, rec, rng } = ctx;
  const created = await api.post<{ orderId: string; status: number }>('createOrder', 'order/createOrder', {
    productCode: 'MC19001',
  });
  if (created.kind !== 'ok') return;
  rec.acks.productOrder.push({ orderId: created.data.orderId, userId });
  await payUntilSettled(ctx, {
    kind: 'product',
    orderId: created.data.orderId,
    vendor: rng.next() < 0.5 ? 'wechat' : 'alipay',
    evaluate: false,
    switchMethod: false,
  });
}

type PayResult = {
  payStatus: string;
  outTradeNo: string | null;
  mweb_url: string | null;
  aliPayForm: string | null;
};

/**
 * Polls the order (callOrderDetail / productOrderDetail: neither asks the vendor) and pays when
 * money is owed: pay/createPayOrder, the cashier (the Alipay form goes through the sandbox
 * gateway first), pay. A lost cashier pay is left to the server's persisted query job.
 */
async function payUntilSettled(
  ctx: JourneyContext,
  order: {
    kind: ObservedKind;
    orderId: string;
    vendor: Vendor;
    evaluate: boolean;
    switchMethod: boolean;
    /** Service orders: the kind whose detail endpoint shows the order. */
    serviceKind?: ServiceJourneyKind;
  },
): Promise<void> {
  const { api, rec } = ctx;
  const { orderId } = order;
  let switchFirst = order.switchMethod;
  let vendor: Vendor = switchFirst ? (order.vendor === 'alipay' ? 'wechat' : 'alipay') : order.vendor;
  let lostPayAt: number | null = null;
  let attempts = 0;
  while (!ctx.stopped() && Date.now() < ctx.deadline) {
    if (lostPayAt !== null && Date.now() - lostPayAt > WATCH_AFTER_LOST_PAY_MS) return;
    const detail =
      order.kind === 'call'
        ? await api.get<{ status: number }>('callOrderDetail', 'order/callOrderDetail', { orderId })
        : order.kind === 'service'
          ? await api.get<{ status: number }>(
              'serviceOrderDetail',
              ServiceDetailPath[order.serviceKind ?? 'faceConsult'],
              { orderId },
            )
          : await api.get<{ status: number }>('productOrderDetail', 'order/productOrderDetail', { orderId });
    if (detail.kind === 'lost') {
      await api.recover(detail);
      continue;
    }
    if (detail.kind === 'refused') return;
    const status = detail.data.status;
    rec.observe(orderId, order.kind, status);
    if (order.kind === 'call') {
      if (status === 2) {
        await sleep(120);
        continue;
      }
      if (status === 99) return;
      if (status === 4) {
        if (order.evaluate) await evaluate(ctx, orderId);
        return;
      }
    } else if (status !== 3) {
      // product: 1 paid service, 5 card opened, 99 cancelled; service: 1 arranging a lawyer and on, 99
      return;
    }
    // Money owed (call 5, or 3 payment submitted; product 3).
    if (lostPayAt !== null) {
      await sleep(250);
      continue;
    }
    if (attempts >= 6) return;
    attempts += 1;
    const pay = await api.post<PayResult>('createPayOrder', 'pay/createPayOrder', {
      orderId,
      payType: vendor === 'alipay' ? '0' : '1',
    });
    if (pay.kind === 'lost') {
      await api.recover(pay);
      continue;
    }
    if (pay.kind === 'refused') {
      await sleep(150);
      continue;
    }
    rec.acks.payOrder.push({
      orderId,
      outTradeNo: pay.data.outTradeNo,
      payStatus: pay.data.payStatus,
      vendor,
    });
    if (pay.data.payStatus === '2' || !pay.data.outTradeNo) continue;
    if (order.kind === 'call') {
      // An open attempt was just acknowledged: the order waits for it (3), it is not payment due (5).
      const after = await api.get<{ status: number }>('callOrderDetail', 'order/callOrderDetail', {
        orderId,
      });
      if (after.kind === 'ok') {
        rec.observe(orderId, 'call', after.data.status);
        if (after.data.status === 5) {
          rec.apiViolations.push(
            `createPayOrder (${vendor}) answered open attempt ${pay.data.outTradeNo} for ${orderId}, but callOrderDetail then shows status 5 (payment due) instead of 3 (pay submitted)`,
          );
        }
      }
    }
    if (switchFirst) {
      // The person changes their mind before paying: a new attempt with the other method.
      switchFirst = false;
      vendor = order.vendor;
      continue;
    }
    const outTradeNo = pay.data.outTradeNo;
    let token: string | null = null;
    if (pay.data.mweb_url) {
      token = /\/api\/dev\/cashier\/wechat\/([0-9a-f]+)/.exec(pay.data.mweb_url)?.[1] ?? null;
    } else if (pay.data.aliPayForm) {
      const opened = await api.postForm<{ token: string }>(
        'alipayGateway',
        '/api/dev/cashier/alipay/gateway',
        formFields(pay.data.aliPayForm),
      );
      if (opened.kind === 'lost') {
        await api.recover(opened);
        continue;
      }
      if (opened.kind === 'refused') {
        // e.g. a form signed before a restart: the person picks WeChat instead.
        rec.bump(rec.sandboxRefusals, `alipay gateway ${opened.status} ${opened.msg}`);
        vendor = 'wechat';
        continue;
      }
      token = opened.data.token;
    }
    if (!token) {
      rec.glitches.push(`createPayOrder ${orderId}: no cashier in ${JSON.stringify(pay.data).slice(0, 200)}`);
      return;
    }
    const cashierVendor: Vendor = pay.data.mweb_url ? 'wechat' : 'alipay';
    const paid = await api.post<{ state: string; notifyStatus: number | null }>(
      'cashierPay',
      `/api/dev/cashier/${cashierVendor}/${token}/pay`,
      {},
    );
    if (paid.kind === 'lost') {
      rec.interruptedPays.push({ orderId, outTradeNo, vendor: cashierVendor, epoch: paid.epoch });
      lostPayAt = Date.now();
      await api.recover(paid);
      lostPayAt = Date.now();
      continue;
    }
    if (paid.kind === 'refused') continue;
    rec.acks.cashierPay.push({
      orderId,
      outTradeNo,
      vendor: cashierVendor,
      notifyStatus: paid.data.notifyStatus,
      state: paid.data.state,
    });
  }
}

// ------------------------------------------------------------------------------ service orders

/** Where the person reads a service order of each kind. */
const ServiceDetailPath: Record<ServiceJourneyKind, string> = {
  faceConsult: 'order/lawyerFaceOrder/detail',
  lawyerLetter: 'order/lawLetterOrder/detail',
};

const yuanToFen = (yuan: number) => Math.round(yuan * 100);

/** yyyy-mm-dd in Beijing, `days` from now (the server checks dates against its today). */
function beijingDate(days: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

function faceOrderBody(requestId: string, rng: Rng): Record<string, unknown> {
  return {
    requestId,
    regionCode: '110100',
    consultField: FIELDS[rng.int(0, FIELDS.length - 1)] ?? 2,
    level: rng.int(1, 3),
    preferredDates: [beijingDate(2), beijingDate(3)],
    description: '公司拖欠工资三个月，想当面咨询怎么维权（崩溃测试）',
    contactName: '张先生',
  };
}

function letterOrderBody(requestId: string, mobile: string): Record<string, unknown> {
  return {
    requestId,
    sender: { name: '王小明', phone: mobile, address: '北京市朝阳区建国路88号1号楼' },
    recipient: { name: '李四', phone: '13800138000', address: '上海市浦东新区世纪大道100号' },
    facts: '2024年3月对方向我借款5万元，约定同年12月归还，至今未还，多次催要无果（崩溃测试）。',
    demands: '归还借款5万元及利息',
    deadline: beijingDate(15),
    evidence: [],
  };
}

/**
 * A face consultation or a lawyer letter: created (a lost answer is retried with the same form
 * key, which must answer the same order), paid at the sandbox cashier (or not), then cancelled
 * before a lawyer starts: everything paid comes back in the cancelling transaction.
 */
async function serviceJourney(ctx: JourneyContext, userId: number): Promise<void> {
  const { api, rec, rng } = ctx;
  const kind: ServiceJourneyKind = rng.next() < 0.7 ? 'faceConsult' : 'lawyerLetter';
  const path = kind === 'faceConsult' ? 'order/lawyerFaceOrder' : 'order/lawLetterOrder';
  const requestId = randomUUID();
  const body =
    kind === 'faceConsult' ? faceOrderBody(requestId, rng) : letterOrderBody(requestId, ctx.mobile);
  let orderId: string | null = null;
  for (let attempt = 0; attempt < 4 && orderId === null && !ctx.stopped(); attempt++) {
    const created = await api.post<{ orderId: string; status: number }>('createServiceOrder', path, body);
    if (created.kind === 'lost') {
      await api.recover(created);
      continue;
    }
    if (created.kind === 'refused') return;
    orderId = created.data.orderId;
    rec.acks.serviceOrder.push({ orderId, userId, requestId, kind });
    rec.observe(orderId, 'service', created.data.status);
  }
  if (orderId === null) return;
  if (rng.next() < 0.3) {
    // A double tap: the same form visit again answers the same order.
    const again = await api.post<{ orderId: string }>('createServiceOrder', path, body);
    if (again.kind === 'ok' && again.data.orderId !== orderId) {
      rec.apiViolations.push(
        `${path} with request ${requestId} answered ${orderId}, then ${again.data.orderId} for the same form visit`,
      );
    }
    if (again.kind === 'lost') await api.recover(again);
  }
  if (rng.next() >= 0.2) {
    await payUntilSettled(ctx, {
      kind: 'service',
      serviceKind: kind,
      orderId,
      vendor: rng.next() < 0.5 ? 'wechat' : 'alipay',
      evaluate: false,
      switchMethod: false,
    });
    await sleep(rng.int(0, 600));
  }
  await cancelServiceOrder(ctx, orderId);
}

type CancelledDetail = { state: string; status: number; paid: number; refunded: number };

async function cancelServiceOrder(ctx: JourneyContext, orderId: string): Promise<void> {
  const { api, rec } = ctx;
  for (let attempt = 0; attempt < 4 && !ctx.stopped(); attempt++) {
    const res = await api.post<CancelledDetail>('cancelServiceOrder', 'order/cancelServiceOrder', {
      orderId,
      reason: '计划有变，不需要了',
    });
    if (res.kind === 'lost') {
      await api.recover(res);
      continue;
    }
    // Refused: too late (a lawyer started: the letter's first draft), or cancelled by a lost answer.
    if (res.kind === 'refused') return;
    const paidFen = yuanToFen(res.data.paid);
    const refundedFen = yuanToFen(res.data.refunded);
    rec.acks.serviceCancel.push({ orderId, paidFen, refundedFen });
    rec.observe(orderId, 'service', res.data.status);
    if (res.data.state !== 'cancelled') {
      rec.apiViolations.push(`cancelServiceOrder ${orderId} answered state ${res.data.state}, not cancelled`);
    }
    if (refundedFen !== paidFen) {
      rec.apiViolations.push(
        `cancelServiceOrder ${orderId} before the service started refunded ${refundedFen} fen of ${paidFen} paid (the rule: all of it)`,
      );
    }
    return;
  }
}

async function evaluate(ctx: JourneyContext, orderId: string): Promise<void> {
  for (let attempt = 0; attempt < 4 && !ctx.stopped(); attempt++) {
    const res = await ctx.api.post<unknown>('evaluateOrder', 'order/evaluateOrder', {
      orderId,
      stars: 5,
      tagIds: [],
      content: '律师很专业',
    });
    if (res.kind === 'ok') {
      ctx.rec.acks.evaluate.push({ orderId });
      return;
    }
    if (res.kind === 'refused') return;
    await ctx.api.recover(res);
  }
}

/** The hidden inputs of an aliPayForm, as the browser posts them. */
export function formFields(form: string): URLSearchParams {
  const params = new URLSearchParams();
  const decode = (s: string) =>
    s
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  for (const m of form.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    params.set(decode(m[1] as string), decode(m[2] as string));
  }
  return params;
}
