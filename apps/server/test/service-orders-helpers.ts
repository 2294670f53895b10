import { randomUUID } from 'node:crypto';
import { PayStatus } from '@lawline/contract';
import type { CreatedServiceOrder, PayOrderResult, ServiceOrderDetail } from '@lawline/contract/schemas';
import { expect } from 'vitest';
import { body, loginAs, type TestContext } from './helpers.ts';
import { atCashier, consumer } from './pay-helpers.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const BEIJING = 8 * HOUR;

/** yyyy-mm-dd (Beijing) `days` from the clock. */
export function dateIn(t: TestContext, days: number): string {
  return new Date(t.clock.now + BEIJING + days * DAY).toISOString().slice(0, 10);
}

export type Person = { token: string; userId: number; api: ReturnType<typeof consumer> };

let logins = 0;
export async function person(t: TestContext, mobile?: string): Promise<Person> {
  logins += 1;
  const m = mobile ?? `139${String(10_000_000 + logins * 7919).slice(-8)}`;
  const { token, userId } = await loginAs(
    t.app,
    m,
    `10.77.${Math.floor(logins / 250)}.${(logins % 250) + 1}`,
  );
  return { token, userId, api: consumer(t.app, token) };
}

export function faceForm(t: TestContext, extra: Record<string, unknown> = {}) {
  return {
    requestId: randomUUID(),
    regionCode: '110100',
    consultField: 2,
    level: 3,
    preferredDates: [dateIn(t, 1), dateIn(t, 2)],
    description: '离婚后孩子的抚养权应该如何争取，想当面咨询律师',
    contactName: '王女士',
    ...extra,
  };
}

export function letterForm(t: TestContext, extra: Record<string, unknown> = {}) {
  return {
    requestId: randomUUID(),
    sender: { name: '张三', phone: '13800000001', address: '北京市朝阳区建国路1号' },
    recipient: { name: '李四贸易有限公司', phone: '13900000002', address: '上海市浦东新区世纪大道100号' },
    facts: '2026年3月我方向对方交付货物一批，货款共计五万元，对方至今未付，多次催要无果。',
    demands: '请于期限内支付全部货款五万元',
    deadline: dateIn(t, 15),
    evidence: [],
    ...extra,
  };
}

export function lawsuitForm(extra: Record<string, unknown> = {}) {
  return {
    requestId: randomUUID(),
    role: 'plaintiff',
    caseType: 'civil',
    consultField: 4,
    amount: 50000,
    courtRegionCode: '110105',
    facts: '对方借款五万元到期不还，有借条和转账记录为证，多次催讨无果，拟起诉。',
    evidence: [],
    ...extra,
  };
}

export const CreatePath = {
  faceConsult: 'order/lawyerFaceOrder',
  lawyerLetter: 'order/lawLetterOrder',
  lawsuit: 'order/lawsuitOrder',
} as const;
export const DetailPath = {
  faceConsult: 'order/lawyerFaceOrder/detail',
  lawyerLetter: 'order/lawLetterOrder/detail',
  lawsuit: 'order/lawsuitOrder/detail',
} as const;
export type Kind = keyof typeof CreatePath;

export function formOf(t: TestContext, kind: Kind, extra: Record<string, unknown> = {}) {
  if (kind === 'faceConsult') return faceForm(t, extra);
  if (kind === 'lawyerLetter') return letterForm(t, extra);
  return lawsuitForm(extra);
}

export async function create(p: Person, kind: Kind, form: object): Promise<CreatedServiceOrder> {
  return p.api.data<CreatedServiceOrder>(await p.api.post(CreatePath[kind], form));
}

export async function detail(p: Person, kind: Kind, orderId: string): Promise<ServiceOrderDetail> {
  return p.api.data<ServiceOrderDetail>(await p.api.get(`${DetailPath[kind]}?orderId=${orderId}`));
}

/** Pays what is due now at the sandbox cashier (WeChat H5); answers the pay result. */
export async function payNow(t: TestContext, p: Person, orderId: string): Promise<PayOrderResult> {
  const result = await p.api.pay({ orderId, payType: '1' });
  if (result.payStatus === PayStatus.paid) return result;
  const paid = await atCashier(t.app, result, 'pay');
  expect([200, 204]).toContain(paid.notifyStatus);
  return result;
}

export async function stepOf(p: Person, payload: object) {
  return p.api.post('order/serviceStep', payload);
}

export function msg(res: { body: string }): string {
  return body(res).msg;
}

/** A seeded lawyer (lawyers.id) the order can be arranged to. */
export async function anyLawyer(t: TestContext): Promise<number> {
  const row = await t.db.db.selectFrom('lawyers').select('id').orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}
