import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consultFieldCodes } from '@lawline/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsPolicy } from '../src/modules/auth/service.ts';
import { SESSION_LIFETIME_MS } from '../src/modules/sessions/service.ts';
import { type ChangeTracker, installChangeTracker } from './change-tracker.ts';
import { body, createTestApp, loginAs, type TestContext } from './helpers.ts';
import { type Field, type JsonSchema, label, type Operation, operationsOf } from './openapi.ts';

/**
 * Abuse and access (issue 7): another user's ids are refused, every logged-in endpoint refuses no,
 * revoked and expired tokens, SMS limits hold under parallel load, security headers are set.
 */

const DAY = 24 * 60 * 60 * 1000;

type Inject = InjectOptions;
type User = { token: string; userId: number };

/** Fields that name something a user owns: orders, coupons, cards, uploads, counsel records, messages. */
const OWNED_ID = /^(id|ids|uuid|.*(order|coupon|card|upload|file|counsel|export).*)$/i;

/** A valid value for a field, so the request reaches the auth check and the owner check. */
const BY_NAME: Record<string, unknown> = {
  mobile: '13800138000',
  orderId: 'T20261121A1B2C3D4',
  consultField: consultFieldCodes[0],
  userRemark: '咨询一下',
  code: '123456',
  realName: '张三',
  idNumber: '11010519491231002X',
  productCode: 'SC18004',
  payType: '1',
  uuid: '00000000-0000-4000-8000-000000000000',
};

function example(schema: JsonSchema, name = ''): unknown {
  if (name in BY_NAME) return BY_NAME[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.[0]) return example(alternatives[0], name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, (schema.minimum ?? 1) + (schema.exclusiveMinimum === (true as unknown) ? 1 : 0));
    case 'boolean':
      return true;
    case 'array':
      return [example(schema.items ?? {})];
    case 'object':
      return {};
    default:
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

const S_ORDER = 'S20261121A1B2C3D4';

/** A valid form of each service kind (issue 14), dates after the test clock's day. */
function serviceForm(kind: 'faceConsult' | 'lawyerLetter' | 'lawsuit'): Record<string, unknown> {
  const requestId = randomUUID();
  if (kind === 'faceConsult') {
    return {
      requestId,
      regionCode: '110100',
      consultField: 2,
      level: 3,
      preferredDates: ['2026-11-23'],
      description: '离婚后孩子的抚养权应该如何争取',
      contactName: '王女士',
    };
  }
  if (kind === 'lawyerLetter') {
    return {
      requestId,
      sender: { name: '张三', phone: '13800000001', address: '北京市朝阳区建国路1号' },
      recipient: { name: '李四公司', phone: '13900000002', address: '上海市浦东新区世纪大道100号' },
      facts: '我方交付货物一批，货款五万元，对方至今未付，多次催要无果。',
      demands: '请于期限内支付全部货款',
      deadline: '2026-12-20',
      evidence: [],
    };
  }
  return {
    requestId,
    role: 'plaintiff',
    caseType: 'civil',
    consultField: 4,
    amount: 50000,
    courtRegionCode: '110105',
    facts: '对方借款五万元到期不还，有借条和转账记录为证。',
    evidence: [],
  };
}

/** Per-operation overrides where "required fields only" is not a valid request. */
const VALID_OVERRIDES: Record<string, Record<string, unknown>> = {
  'POST /api/v2/message/read': { all: true },
  'POST /api/v2/user/update': { nickname: '新昵称' },
  // Product orders have 'P' ids; these take an order id or a product code.
  'GET /api/v2/order/productOrderDetail': { orderId: 'P20261121A1B2C3D4' },
  'POST /api/v2/order/cancelOrder': { orderId: 'P20261121A1B2C3D4' },
  'POST /api/v2/order/calculatePayAmount': { orderId: 'T20261121A1B2C3D4' },
  'GET /api/v2/coupon/usable': { orderId: 'T20261121A1B2C3D4' },
  // Service orders (issue 14) have 'S' ids; creates take a whole form.
  ...Object.fromEntries(
    [
      'GET /api/v2/order/lawyerFaceOrder/detail',
      'GET /api/v2/order/lawLetterOrder/detail',
      'GET /api/v2/order/lawsuitOrder/detail',
      'GET /api/v2/order/needEntrust',
      'POST /api/v2/order/cancelServiceOrder',
      'POST /api/v2/order/serviceStep',
      'GET /api/v2/order/serviceFile/{orderId}/{fileId}',
      'POST /api/v2/lawyer/services/accept',
      'GET /api/v2/lawyer/services/detail',
      'GET /api/v2/lawyer/services/file/{orderId}/{fileId}',
    ].map((op) => [op, { orderId: S_ORDER }]),
  ),
  'POST /api/v2/order/signEntrust': { orderId: S_ORDER, signName: '王小明', consent: true },
  'POST /api/v2/order/lawyerFaceOrder': serviceForm('faceConsult'),
  'POST /api/v2/order/lawLetterOrder': serviceForm('lawyerLetter'),
  'POST /api/v2/order/lawLetterOrder/edit': {
    ...serviceForm('lawyerLetter'),
    requestId: undefined,
    orderId: S_ORDER,
  },
  'POST /api/v2/order/lawsuitOrder': serviceForm('lawsuit'),
  'POST /api/v2/lawyer/services/letterPreview': { orderId: S_ORDER, text: '律师函正文' },
  // Contract templates (issue 15): an address and an 'E' export id.
  'POST /api/v2/doctemplate/export': { templateId: 101, email: 'someone@example.com' },
  'POST /api/v2/doctemplate/confirmExport': { exportId: 'E20261121A1B2C3D4' },
  'POST /api/v2/doctemplate/resendExport': { exportId: 'E20261121A1B2C3D4' },
  'POST /api/v2/lawyer/services/step': {
    orderId: S_ORDER,
    place: '北京市朝阳区律所',
    at: Date.parse('2026-12-01T10:00:00+08:00'),
  },
};

function validFields(fields: Field[], op: Operation): Record<string, unknown> {
  const out: Record<string, unknown> = { usertype: 3 };
  for (const f of fields) if (f.required) out[f.name] = example(f.schema, f.name);
  return { ...out, ...VALID_OVERRIDES[label(op)] };
}

function request(op: Operation, fields: Record<string, unknown>, token?: string): Inject {
  const headers: Record<string, string> = token ? { token } : {};
  let url = op.path;
  for (const p of op.pathParams)
    url = url.replace(`{${p.name}}`, String(fields[p.name] ?? example(p.schema, p.name)));
  if (op.method === 'GET' || op.method === 'DELETE') {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(fields))
      if (op.query.some((f) => f.name === k)) q.append(k, String(v));
    return { method: op.method, url: `${url}?${q}`, headers };
  }
  return { method: op.method, url, headers, payload: fields };
}

function fieldsOf(op: Operation): Field[] {
  return [...op.query, ...op.pathParams, ...(op.body ?? [])];
}

let t: TestContext;
/** Uploads land on disk: a directory of this file's own (the default ./data is shared). */
const dataDir = mkdtempSync(join(tmpdir(), 'lawline-uploads-'));
let ops: Operation[];
let tracker: ChangeTracker;
let owner: User;
let intruder: User;
let logins = 0;

async function newUser(): Promise<User> {
  logins += 1;
  return loginAs(t.app, `136${String(logins).padStart(8, '0')}`, `10.66.0.${logins}`);
}

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  ops = await operationsOf(t.app);
  tracker = await installChangeTracker(t.db.db, t.db.kind);
  owner = await newUser();
  intruder = await newUser();
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Signs a seeded lawyer in to the workbench (sandbox SMS), answering the lawyer token. */
async function lawyerLogin(index: number): Promise<User> {
  const lawyer = await t.db.db
    .selectFrom('lawyers')
    .select(['id', 'mobile'])
    .where('mobile', 'is not', null)
    .orderBy('id')
    .limit(1)
    .offset(index)
    .executeTakeFirstOrThrow();
  const mobile = String(lawyer.mobile);
  const ip = `10.66.9.${index + 1}`;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/v2/lawyer/sendCode',
    payload: { mobile, usertype: 3 },
    remoteAddress: ip,
  });
  if (sent.statusCode !== 200) throw new Error(`lawyer/sendCode: ${sent.body}`);
  const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?mobile=${mobile}` });
  const messages = body<Array<{ code: string }>>(outbox).data;
  const code = messages[messages.length - 1]?.code;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/lawyer/codeLogin',
    payload: { mobile, code, usertype: 3 },
    remoteAddress: ip,
  });
  const token = body<{ token: string }>(res).data?.token;
  if (!token) throw new Error(`lawyer/codeLogin: ${res.body}`);
  return { token, userId: lawyer.id };
}

const PDF = Buffer.from(`%PDF-1.4\n${'x'.repeat(2000)}\n%%EOF\n`);

/** One slice to oss/breakpointUpload (multipart, the file part unionPayFile). */
function uploadSlice(
  user: User | null,
  fields: Record<string, string | number>,
  data: Buffer,
  fileName = 'blob',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('unionPayFile', new Blob([new Uint8Array(data)]), fileName);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/oss/breakpointUpload',
    headers: user ? { token: user.token } : {},
    payload: form,
  });
}

let ownerOrder: string | null = null;
/** One open call order of the owner (created once: a person has one open order at a time). */
async function ownerCallOrder(user: User): Promise<string> {
  if (ownerOrder) return ownerOrder;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/order/createCallOrder',
    headers: { token: user.token },
    payload: { usertype: 3, consultField: consultFieldCodes[0], userRemark: '公司拖欠工资怎么办' },
  });
  const orderId = body<{ orderId: string | null }>(res).data?.orderId;
  if (!orderId) throw new Error(`order/createCallOrder: ${res.body}`);
  ownerOrder = orderId;
  return orderId;
}

const ownerProducts = new Map<string, string>();
/** One unpaid product order of the owner per product code (createOrder answers the same one again). */
async function ownerProductOrder(user: User, productCode: string): Promise<string> {
  const known = ownerProducts.get(productCode);
  if (known) return known;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/order/createOrder',
    headers: { token: user.token },
    payload: { usertype: 3, productCode },
  });
  const orderId = body<{ orderId: string }>(res).data?.orderId;
  if (!orderId) throw new Error(`order/createOrder: ${res.body}`);
  ownerProducts.set(productCode, orderId);
  return orderId;
}

/** A new service order of the owner (issue 14), unpaid unless `paid`. */
async function ownerServiceOrder(
  user: User,
  kind: 'faceConsult' | 'lawyerLetter' | 'lawsuit',
  extra: Record<string, unknown> = {},
): Promise<string> {
  const path = { faceConsult: 'lawyerFaceOrder', lawyerLetter: 'lawLetterOrder', lawsuit: 'lawsuitOrder' }[
    kind
  ];
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v2/order/${path}`,
    headers: { token: user.token },
    payload: { usertype: 3, ...serviceForm(kind), ...extra },
  });
  const orderId = body<{ orderId: string }>(res).data?.orderId;
  if (!orderId) throw new Error(`order/${path}: ${res.body}`);
  return orderId;
}

/** The owner's letter with one evidence file, arranged to the second seeded lawyer: its ids. */
async function ownerLetterWithFile(user: User): Promise<{ orderId: string; fileId: string }> {
  const uuid = randomUUID();
  const up = await uploadSlice(user, { slice: 0, countSlice: 1, type: '8', uuid }, PDF);
  if (body<{ url: string | null }>(up).data?.url == null) throw new Error(`upload: ${up.body}`);
  const orderId = await ownerServiceOrder(user, 'lawyerLetter', { evidence: [uuid] });
  const lawyer = await t.db.db
    .selectFrom('lawyers')
    .select('id')
    .orderBy('id')
    .offset(1)
    .limit(1)
    .executeTakeFirstOrThrow();
  await t.db.db
    .updateTable('service_orders')
    .set({ state: 'arranged', lawyer_id: lawyer.id, paid_at: t.clock.now })
    .where('id', '=', orderId)
    .execute();
  const file = await t.db.db
    .selectFrom('service_files')
    .select('id')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { orderId, fileId: file.id };
}

/** A template export of the owner's, sent two minutes ago (past the resend cooldown): its id. */
async function ownerTemplateExport(user: User): Promise<string> {
  const id = `E20261121${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`;
  const at = t.clock.now - 2 * 60_000;
  await t.db.db
    .insertInto('template_exports')
    .values({
      id,
      user_id: user.userId,
      template_id: 101,
      title: '借条（个人借款）',
      email: 'owner@example.com',
      fields: '{}',
      day: '2026-11-21',
      state: 'sent',
      attempted_at: at,
      sent_at: at,
      confirmed_at: null,
      message_id: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

type Owned = {
  /** The request fields that name the owner's resource. */
  fields: Record<string, unknown>;
  /** Who tries it: another consumer (default) or a lawyer with nothing to do with the order. */
  intruder?: 'consumer' | 'lawyer';
  /** Whether the owner's own request must succeed (false where the order's state decides). */
  ownerSucceeds?: boolean;
};

/**
 * How to give `owner` a resource for each endpoint that takes an owned id: answers the request
 * fields naming it. A new endpoint with such an id needs an entry here (the test says so).
 */
const OWNED_RESOURCES: Record<string, (user: User) => Promise<Owned>> = {
  // Uploads (issue 7, item 5): the owner's finished upload.
  'GET /api/v2/oss/file/{uuid}': async (user) => {
    const uuid = randomUUID();
    const res = await uploadSlice(user, { slice: 0, countSlice: 1, type: '8', uuid }, PDF);
    if (body<{ url: string | null }>(res).data?.url == null)
      throw new Error(`oss/breakpointUpload: ${res.body}`);
    return { fields: { uuid }, ownerSucceeds: true };
  },
  'POST /api/v2/privateCounsel/delete': async (user) => {
    const lawyer = await t.db.db.selectFrom('lawyers').select('id').orderBy('id').executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/privateCounsel/add',
      headers: { token: user.token },
      payload: { usertype: 3, lawyerId: lawyer.id },
    });
    const record = body<{ id: number }>(res).data;
    if (!record?.id) throw new Error(`privateCounsel/add failed: ${res.body}`);
    return { fields: { id: record.id }, ownerSucceeds: true };
  },
  'POST /api/v2/message/read': async (user) => {
    const { id } = await t.app.accounts.notifications.notify(user.userId, {
      title: '测试',
      content: '只属于本人',
    });
    return { fields: { id }, ownerSucceeds: true };
  },
  'GET /api/v2/order/callOrderDetail': async (user) => ({
    fields: { orderId: await ownerCallOrder(user) },
    ownerSucceeds: true,
  }),
  'POST /api/v2/order/cancelCallOrder': async (user) => ({ fields: { orderId: await ownerCallOrder(user) } }),
  'POST /api/v2/order/keepWaiting': async (user) => ({ fields: { orderId: await ownerCallOrder(user) } }),
  'POST /api/v2/order/rematch': async (user) => ({ fields: { orderId: await ownerCallOrder(user) } }),
  // Issue 23: stop waiting for a requested lawyer (the owner's order requested none: 409 for them).
  'POST /api/v2/order/releaseRequestedLawyer': async (user) => ({
    fields: { orderId: await ownerCallOrder(user) },
  }),
  'POST /api/v2/order/continueConsultOrder': async (user) => ({
    fields: { orderId: await ownerCallOrder(user) },
  }),
  'POST /api/v2/order/evaluateOrder': async (user) => ({
    fields: { orderId: await ownerCallOrder(user), stars: 5 },
  }),
  // Payments (issue 6).
  'POST /api/v2/pay/createPayOrder': async (user) => ({
    fields: { orderId: await ownerProductOrder(user, 'MC19001'), payType: '1' },
    ownerSucceeds: true,
  }),
  'POST /api/v2/pay/queryPayOrder': async (user) => ({
    fields: { orderId: await ownerProductOrder(user, 'MC19001') },
    ownerSucceeds: true,
  }),
  'POST /api/v2/pay/cancelPayOrder': async (user) => ({
    fields: { orderId: await ownerProductOrder(user, 'MC19001') },
    ownerSucceeds: true,
  }),
  'POST /api/v2/order/calculatePayAmount': async (user) => ({
    fields: { orderId: await ownerProductOrder(user, 'MC19001') },
    ownerSucceeds: true,
  }),
  'GET /api/v2/order/productOrderDetail': async (user) => ({
    fields: { orderId: await ownerProductOrder(user, 'MC19001') },
    ownerSucceeds: true,
  }),
  'GET /api/v2/coupon/usable': async (user) => ({
    fields: { orderId: await ownerProductOrder(user, 'MC19001') },
    ownerSucceeds: true,
  }),
  'POST /api/v2/order/cancelOrder': async (user) => ({
    fields: { orderId: await ownerProductOrder(user, 'SC18004') },
    ownerSucceeds: true,
  }),
  // Service orders (issue 14): the person's endpoints.
  'GET /api/v2/order/lawyerFaceOrder/detail': async (user) => ({
    fields: { orderId: await ownerServiceOrder(user, 'faceConsult') },
    ownerSucceeds: true,
  }),
  'GET /api/v2/order/lawLetterOrder/detail': async (user) => ({
    fields: { orderId: await ownerServiceOrder(user, 'lawyerLetter') },
    ownerSucceeds: true,
  }),
  'POST /api/v2/order/lawLetterOrder/edit': async (user) => ({
    fields: {
      ...serviceForm('lawyerLetter'),
      requestId: undefined,
      orderId: await ownerServiceOrder(user, 'lawyerLetter'),
    },
    ownerSucceeds: true,
  }),
  'GET /api/v2/order/lawsuitOrder/detail': async (user) => ({
    fields: { orderId: await ownerServiceOrder(user, 'lawsuit') },
    ownerSucceeds: true,
  }),
  'GET /api/v2/order/needEntrust': async (user) => ({
    fields: { orderId: await ownerServiceOrder(user, 'lawsuit') },
    ownerSucceeds: true,
  }),
  // No quote yet: the owner's own signature is refused by the order's state (409).
  'POST /api/v2/order/signEntrust': async (user) => ({
    fields: { orderId: await ownerServiceOrder(user, 'lawsuit'), signName: '王小明', consent: true },
  }),
  'POST /api/v2/order/serviceStep': async (user) => ({
    fields: { orderId: await ownerServiceOrder(user, 'faceConsult'), action: 'confirmTime' },
  }),
  'POST /api/v2/order/cancelServiceOrder': async (user) => ({
    fields: { orderId: await ownerServiceOrder(user, 'faceConsult') },
    ownerSucceeds: true,
  }),
  'GET /api/v2/order/serviceFile/{orderId}/{fileId}': async (user) => ({
    fields: await ownerLetterWithFile(user),
    ownerSucceeds: true,
  }),
  // Contract template exports (issue 15): 邮箱验收 and resend.
  'POST /api/v2/doctemplate/confirmExport': async (user) => ({
    fields: { exportId: await ownerTemplateExport(user) },
    ownerSucceeds: true,
  }),
  'POST /api/v2/doctemplate/resendExport': async (user) => ({
    fields: { exportId: await ownerTemplateExport(user) },
    ownerSucceeds: true,
  }),
  // The lawyer's: a lawyer the order is not arranged to.
  'POST /api/v2/lawyer/services/accept': async (user) => ({
    fields: { orderId: (await ownerLetterWithFile(user)).orderId },
    intruder: 'lawyer',
  }),
  'GET /api/v2/lawyer/services/detail': async (user) => ({
    fields: { orderId: (await ownerLetterWithFile(user)).orderId },
    intruder: 'lawyer',
  }),
  'POST /api/v2/lawyer/services/step': async (user) => ({
    fields: {
      orderId: (await ownerLetterWithFile(user)).orderId,
      action: 'proposeTime',
      at: Date.parse('2026-12-01T10:00:00+08:00'),
      place: '北京市朝阳区律所',
    },
    intruder: 'lawyer',
  }),
  'POST /api/v2/lawyer/services/letterPreview': async (user) => ({
    fields: { orderId: (await ownerLetterWithFile(user)).orderId, text: '律师函正文' },
    intruder: 'lawyer',
  }),
  'GET /api/v2/lawyer/services/file/{orderId}/{fileId}': async (user) => ({
    fields: await ownerLetterWithFile(user),
    intruder: 'lawyer',
  }),
  'POST /api/v2/lawyer/offer/accept': async (user) => ({
    fields: { orderId: await ownerCallOrder(user) },
    intruder: 'lawyer',
  }),
  'POST /api/v2/lawyer/offer/decline': async (user) => ({
    fields: { orderId: await ownerCallOrder(user) },
    intruder: 'lawyer',
  }),
  'POST /api/v2/lawyer/call/connect': async (user) => ({
    fields: { orderId: await ownerCallOrder(user) },
    intruder: 'lawyer',
  }),
  'POST /api/v2/lawyer/call/hangup': async (user) => ({
    fields: { orderId: await ownerCallOrder(user) },
    intruder: 'lawyer',
  }),
};

describe("another user's ids are refused", () => {
  const ownedOps = () => ops.filter((op) => op.auth && fieldsOf(op).some((f) => OWNED_ID.test(f.name)));

  it('every logged-in endpoint that takes an owned id has a resource to try', () => {
    expect(ownedOps().length).toBeGreaterThan(0);
    const missing = ownedOps()
      .map(label)
      .filter((l) => !(l in OWNED_RESOURCES));
    expect(missing, 'add an OWNED_RESOURCES entry for these endpoints (access.test.ts)').toEqual([]);
  });

  it('refuses the intruder on every such endpoint and changes nothing', async () => {
    let lawyer: User | null = null;
    const wrong: string[] = [];
    for (const op of ownedOps()) {
      const make = OWNED_RESOURCES[label(op)];
      if (!make) continue;
      const owned = await make(owner);
      const required: Record<string, unknown> = { usertype: 3 };
      for (const f of fieldsOf(op)) if (f.required) required[f.name] = example(f.schema, f.name);
      const fields = { ...required, ...owned.fields };
      if (owned.intruder === 'lawyer') lawyer ??= await lawyerLogin(0);
      const who = owned.intruder === 'lawyer' ? (lawyer as User) : intruder;
      const before = await tracker.snapshot();
      const res = await t.app.inject(request(op, fields, who.token));
      const changed = tracker.diff(before, await tracker.snapshot());
      if (![403, 404, 409].includes(res.statusCode) || !/[\u4e00-\u9fff]/.test(body(res).msg)) {
        wrong.push(`${label(op)}: another's id answered ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      if (Object.keys(changed).length > 0)
        wrong.push(`${label(op)}: the intruder changed ${JSON.stringify(changed)}`);
      if (owned.ownerSucceeds) {
        const own = await t.app.inject(request(op, fields, owner.token));
        if (own.statusCode !== 200)
          wrong.push(`${label(op)}: the owner was refused: ${own.body.slice(0, 200)}`);
      }
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});

describe('logged-in endpoints refuse missing, revoked and expired tokens', () => {
  const authOps = () => ops.filter((op) => op.auth);

  async function expect401(token: string | undefined, what: string): Promise<void> {
    const wrong: string[] = [];
    for (const op of authOps()) {
      const before = await tracker.snapshot();
      const res = await t.app.inject(request(op, validFields(fieldsOf(op), op), token));
      const changed = tracker.diff(before, await tracker.snapshot());
      if (res.statusCode !== 401 || body(res).code !== 401 || Object.keys(changed).length > 0) {
        wrong.push(`${label(op)} → ${res.statusCode} ${res.body.slice(0, 160)} ${JSON.stringify(changed)}`);
      }
    }
    expect(wrong, `${what}: every logged-in endpoint must answer 401 and change nothing`).toEqual([]);
  }

  it('lists the logged-in endpoints', () => {
    expect(authOps().length).toBeGreaterThan(15);
  });

  it('no token', async () => {
    await expect401(undefined, 'no token');
  });

  it('a made-up token', async () => {
    await expect401('x'.repeat(43), 'unknown token');
  });

  it('a revoked token (after logout)', async () => {
    const user = await newUser();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/logout',
      headers: { token: user.token },
      payload: { usertype: 3 },
    });
    expect(out.statusCode).toBe(200);
    await expect401(user.token, 'revoked token');
  });

  it('an expired token (the clock moves 31 days on)', async () => {
    const user = await newUser();
    expect(SESSION_LIFETIME_MS).toBeLessThan(31 * DAY);
    t.clock.advance(31 * DAY);
    await expect401(user.token, 'expired token');
  });
});

describe('SMS limits hold under 50 parallel attempts', () => {
  const send = (mobile: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/user/sendCode',
      payload: { mobile, usertype: 3 },
      remoteAddress: ip,
    });

  it('one phone, 50 sends at once from 50 addresses: exactly one code goes out', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send('13512340000', `10.55.1.${i + 1}`)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(49);
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?mobile=13512340000' });
    expect(body<unknown[]>(outbox).data).toHaveLength(1);
  });

  it(`one address, 50 phones at once: exactly ${SmsPolicy.perIp.perHour} (the hourly limit per address) go out`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(`135${String(20000000 + i)}`, '10.55.2.1')),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(SmsPolicy.perIp.perHour);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - SmsPolicy.perIp.perHour);
    for (const r of answers.filter((a) => a.statusCode === 429))
      expect(body(r).msg).toMatch(/[\u4e00-\u9fff]/);
  });

  async function freshCode(mobile: string, ip: string): Promise<string> {
    expect((await send(mobile, ip)).statusCode).toBe(200);
    const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?mobile=${mobile}` });
    const messages = body<Array<{ code: string }>>(outbox).data;
    return messages[messages.length - 1]?.code as string;
  }

  const login = (mobile: string, code: string, i: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/user/codeLogin',
      payload: { mobile, code, usertype: 3 },
      remoteAddress: `10.55.3.${i + 1}`,
    });

  it('50 wrong codes at once: none logs in, and the code dies after the allowed tries', async () => {
    const mobile = '13512349999';
    const code = await freshCode(mobile, '10.55.4.1');
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(mobile, wrong(i), i)));
    expect(answers.every((r) => r.statusCode === 400)).toBe(true);
    const row = await t.db.db
      .selectFrom('sms_codes')
      .select('attempts')
      .where('mobile', '=', mobile)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(SmsPolicy.maxWrongTries);
    // The right code no longer opens the account.
    const right = await login(mobile, code, 99);
    expect(right.statusCode).toBe(400);
    expect(body(right).msg).toContain('错误次数过多');
  });

  it('the right code 50 times at once: exactly one login', async () => {
    const mobile = '13512348888';
    const code = await freshCode(mobile, '10.55.5.1');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(mobile, code, i)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(49);
  });
});

describe('security headers', () => {
  const expectCommon = (headers: Record<string, unknown>, what: string) => {
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(String(headers['content-security-policy'] ?? ''), what).toMatch(/frame-ancestors/);
  };

  it('on API answers: success, refusal, 404 and 401', async () => {
    for (const req of [
      { method: 'GET' as const, url: '/api/v2/channel/getChannel?usertype=3' },
      { method: 'GET' as const, url: '/api/v2/content/detail?id=abc' },
      { method: 'GET' as const, url: '/api/v2/nope' },
      { method: 'GET' as const, url: '/api/v2/user/userInfo' },
    ]) {
      const res = await t.app.inject(req);
      expectCommon(res.headers, req.url);
      expect(res.headers['content-security-policy'], req.url).toContain("default-src 'none'");
    }
  });

  describe('on the app page /h5/gzh/', () => {
    let web: TestContext;
    let dist: string;
    beforeAll(async () => {
      dist = mkdtempSync(join(tmpdir(), 'lawline-csp-'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="zh-CN"><title>t</title></html>');
      web = await createTestApp({
        seed: false,
        env: { WEB_DIST: dist, ANALYTICS_SCRIPT_URL: 'https://hm.example.com/hm.js?abc' },
      });
    });
    afterAll(async () => {
      await web?.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it('allows what the app needs and nothing else', async () => {
      const res = await web.app.inject({
        method: 'GET',
        url: '/h5/gzh/',
        headers: { host: 'h5.example.com' },
      });
      expect(res.statusCode).toBe(200);
      expectCommon(res.headers, '/h5/gzh/');
      const csp = String(res.headers['content-security-policy']);
      const directive = (name: string) =>
        csp
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.startsWith(`${name} `)) ?? '';
      expect(directive('default-src')).toBe("default-src 'self'");
      expect(directive('script-src')).toBe("script-src 'self' https://res.wx.qq.com https://hm.example.com");
      expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline'");
      expect(directive('img-src')).toContain('data:');
      expect(directive('img-src')).toContain('blob:');
      expect(directive('connect-src')).toContain('wss://h5.example.com');
      expect(directive('connect-src')).toContain('ws://h5.example.com');
      expect(directive('object-src')).toBe("object-src 'none'");
      expect(csp).not.toContain('unsafe-eval');
    });

    it('does not copy a forged Host header into the policy', async () => {
      const res = await web.app.inject({
        method: 'GET',
        url: '/h5/gzh/',
        headers: { host: "evil.example.com; script-src 'unsafe-inline'" },
      });
      expect(String(res.headers['content-security-policy'])).not.toContain('evil');
    });

    it('keeps Swagger UI working under its own policy', async () => {
      const res = await web.app.inject({ method: 'GET', url: '/api/docs' });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
    });
  });
});

// The full set (slices, joining, downloads, another user's upload) is in uploads.test.ts; the
// owner check of GET oss/file/{uuid} runs in "another user's ids are refused" above.
describe('uploads (issue 7, item 5)', () => {
  // A new user: the token tests above moved the clock past the others' sessions.
  let uploader: User;
  beforeAll(async () => {
    uploader = await newUser();
  });
  const uploadFiles = () => {
    const dir = join(t.config.dataDir, 'uploads');
    return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).sort() : [];
  };
  const refused = async (res: { statusCode: number; body: string }, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(body(res).msg).toMatch(/[\u4e00-\u9fff]/);
  };

  it('refuse wrong types and store nothing', async () => {
    const before = await tracker.snapshot();
    const files = uploadFiles();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000, 0x90)]);
    const html = Buffer.from(`<html><script>alert(1)</script>${' '.repeat(2000)}</html>`);
    const fields = () => ({ slice: 0, countSlice: 1, type: '8', uuid: randomUUID() });
    await refused(await uploadSlice(uploader, fields(), exe), 400);
    await refused(await uploadSlice(uploader, fields(), exe, 'tool.exe'), 400);
    await refused(await uploadSlice(uploader, fields(), html, 'page.html'), 400);
    await refused(await uploadSlice(uploader, fields(), PDF, 'photo.jpg'), 400);
    expect(tracker.diff(before, await tracker.snapshot())).toEqual({});
    expect(uploadFiles()).toEqual(files);
  });

  it('refuse oversize slices and files', async () => {
    const before = await tracker.snapshot();
    const big = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]);
    await refused(
      await uploadSlice(uploader, { slice: 0, countSlice: 1, type: '8', uuid: randomUUID() }, big),
      413,
    );
    const uuid = randomUUID();
    const slice = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024 - PDF.length - 1)]);
    let last = { statusCode: 200, body: '' };
    for (let i = 0; i < 11 && last.statusCode === 200; i++)
      last = await uploadSlice(uploader, { slice: i, countSlice: 11, type: '8', uuid }, slice);
    await refused(last, 413);
    expect(tracker.diff(before, await tracker.snapshot())).toEqual({});
  });

  it('refuse path tricks', async () => {
    const files = uploadFiles();
    const uuid = randomUUID();
    for (const [fields, name] of [
      [{ slice: 0, countSlice: 1, type: '8', uuid: '../../etc/passwd' }, 'blob'],
      [{ slice: '-1', countSlice: 1, type: '8', uuid }, 'blob'],
      [{ slice: 0, countSlice: 0, type: '8', uuid }, 'blob'],
      [{ slice: 1, countSlice: 1, type: '8', uuid }, 'blob'],
      [{ slice: 0, countSlice: 1, type: '8', uuid }, '../../../evil.pdf'],
    ] as const)
      await refused(await uploadSlice(uploader, fields, PDF, name), 400);
    expect(uploadFiles()).toEqual(files);
  });
});
