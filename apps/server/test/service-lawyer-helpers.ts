import { randomUUID } from 'node:crypto';
import { regionData } from '@lawline/contract/regions';
import type { LawyerServiceDetail, ServiceOrderDetail } from '@lawline/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { body, createTestApp, loginAs, type TestContext } from './helpers.ts';
import { atCashier, consumer } from './pay-helpers.ts';

export const SECOND = 1000;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export type Lawyer = {
  id: number;
  user_id: number;
  mobile: string;
  city: string;
  skill_field: string;
  lawyer_level: number | null;
  license_no: string | null;
  real_name: string;
};

/** The city code (vant area data) whose name is the lawyer's city. */
export function cityCodeOf(city: string): string {
  const entry = Object.entries(regionData.city_list).find(
    ([, name]) => name.replace(/(市|省)$/, '') === city,
  );
  if (!entry) throw new Error(`no city code for ${city}`);
  return entry[0];
}

export async function lawyers(t: TestContext): Promise<Lawyer[]> {
  return t.db.db
    .selectFrom('lawyers')
    .select(['id', 'user_id', 'mobile', 'city', 'skill_field', 'lawyer_level', 'license_no', 'real_name'])
    .orderBy('id')
    .execute();
}

let ip = 1;
const tokens = new WeakMap<TestContext, Map<string, string>>();

/** A lawyer's token through the real workbench login (once per lawyer and app: codes are rate-limited). */
export async function lawyerToken(t: TestContext, mobile: string): Promise<string> {
  const known = tokens.get(t) ?? new Map<string, string>();
  tokens.set(t, known);
  const cached = known.get(mobile);
  if (cached) return cached;
  const token = await login(t, mobile);
  known.set(mobile, token);
  return token;
}

/** lawyer/sendCode → the sandbox outbox → lawyer/codeLogin. */
async function login(t: TestContext, mobile: string): Promise<string> {
  const remoteAddress = `10.77.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/v2/lawyer/sendCode',
    payload: { mobile },
    remoteAddress,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?mobile=${mobile}` });
  const code = body<Array<{ code: string }>>(outbox).data[0]?.code as string;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/lawyer/codeLogin',
    payload: { mobile, code },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ token: string }>(res).data.token;
}

/** The lawyer workbench API with a lawyer token. */
export function bench(app: FastifyInstance, token: string) {
  const get = (url: string) => app.inject({ method: 'GET', url: `/api/v2/${url}`, headers: { token } });
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/v2/${url}`, payload, headers: { token } });
  return {
    get,
    post,
    async detail(orderId: string): Promise<LawyerServiceDetail> {
      const res = await get(`lawyer/services/detail?orderId=${orderId}`);
      expect(res.statusCode, res.body).toBe(200);
      return body<LawyerServiceDetail>(res).data;
    },
    async step(payload: object): Promise<LawyerServiceDetail> {
      const res = await post('lawyer/services/step', payload);
      expect(res.statusCode, res.body).toBe(200);
      return body<LawyerServiceDetail>(res).data;
    },
  };
}

export type Person = { token: string; userId: number; mobile: string; api: ReturnType<typeof consumer> };

export async function person(t: TestContext, mobile = '13800001234'): Promise<Person> {
  const { token, userId } = await loginAs(t.app, mobile, `10.66.0.${mobile.slice(-2)}`);
  return { token, userId, mobile, api: consumer(t.app, token) };
}

/** yyyy-mm-dd, `days` after the test clock's day (Beijing). */
export function dayAfter(t: TestContext, days: number): string {
  return new Date(t.clock.now + 8 * HOUR + days * DAY).toISOString().slice(0, 10);
}

async function created(res: { statusCode: number; body: string }): Promise<string> {
  expect(res.statusCode, res.body).toBe(200);
  return body<{ orderId: string }>(res).data.orderId;
}

/** Pays what is due on an S order at the sandbox cashier (price, deposit or balance). */
export async function pay(t: TestContext, p: Person, orderId: string): Promise<void> {
  const result = await p.api.pay({ payType: '1', orderId });
  if (result.payStatus === '2') return;
  const paid = await atCashier(t.app, result, 'pay');
  expect(paid.notifyStatus).toBeLessThan(300);
}

export async function faceOrder(
  t: TestContext,
  p: Person,
  input: { regionCode: string; consultField: number; level: 1 | 2 | 3 },
): Promise<string> {
  const orderId = await created(
    await p.api.post('order/lawyerFaceOrder', {
      requestId: randomUUID(),
      ...input,
      preferredDates: [dayAfter(t, 3)],
      description: '公司拖欠工资三个月，想当面咨询如何申请劳动仲裁。',
      contactName: '王先生',
    }),
  );
  await pay(t, p, orderId);
  return orderId;
}

export const LETTER_FACTS =
  '2025年3月1日，我与李强签订房屋租赁合同，约定押金16000元。租期届满后我已按约交还房屋，李强至今拒不退还押金。';

export async function letterOrder(t: TestContext, p: Person): Promise<string> {
  const orderId = await created(
    await p.api.post('order/lawLetterOrder', {
      requestId: randomUUID(),
      sender: { name: '张伟', phone: p.mobile, address: '北京市朝阳区建国路88号' },
      recipient: { name: '李强', phone: '13911112222', address: '北京市海淀区中关村大街1号' },
      facts: LETTER_FACTS,
      demands: '请于期限内退还押金16000元。',
      deadline: dayAfter(t, 15),
      evidence: [],
    }),
  );
  await pay(t, p, orderId);
  return orderId;
}

export async function lawsuitOrder(
  t: TestContext,
  p: Person,
  input: { courtRegionCode: string; consultField: number },
): Promise<string> {
  const orderId = await created(
    await p.api.post('order/lawsuitOrder', {
      requestId: randomUUID(),
      role: 'plaintiff',
      caseType: 'civil',
      amount: 50000,
      ...input,
      facts: '对方借款五万元到期不还，多次催要无果，有借条和转账记录为证，想起诉要回借款。',
      evidence: [],
    }),
  );
  await pay(t, p, orderId);
  return orderId;
}

const DetailPath: Record<string, string> = {
  faceConsult: 'order/lawyerFaceOrder/detail',
  lawyerLetter: 'order/lawLetterOrder/detail',
  lawsuit: 'order/lawsuitOrder/detail',
};

/** The order as its person sees it (the detail endpoint of its kind). */
export async function personDetail(t: TestContext, p: Person, orderId: string): Promise<ServiceOrderDetail> {
  const row = await t.db.db
    .selectFrom('service_orders')
    .select('kind')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const res = await p.api.get(`${DetailPath[row.kind]}?orderId=${orderId}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<ServiceOrderDetail>(res).data;
}

export async function personStep(p: Person, payload: object): Promise<ServiceOrderDetail> {
  return p.api.data<ServiceOrderDetail>(await p.api.post('order/serviceStep', payload));
}

export async function startApp(env: Record<string, string> = {}): Promise<TestContext> {
  return createTestApp({ env });
}

/** Runs due jobs until nothing more is due (a job may make another due now). */
export async function drain(t: TestContext): Promise<void> {
  for (let i = 0; i < 10; i++) if ((await t.app.calls.jobs.runDueJobs()) === 0) return;
}

/** The text of each page as pdf.js extracts it. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  return pages.join('\n').replace(/[\s\u3000]+/g, '');
}

/** A multipart body with text fields and one file part. */
export function multipartBody(
  fields: Record<string, string>,
  file: { field: string; name: string; type: string; data: Buffer } | null,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lawline${randomUUID().replaceAll('-', '')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
