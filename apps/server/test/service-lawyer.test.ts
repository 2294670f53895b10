import type {
  LawyerServiceEarnings,
  LawyerServiceItem,
  PageResult,
  ServiceOffer,
} from '@lawline/contract/schemas';
import { afterEach, describe, expect, it } from 'vitest';

type LawyerServicePage = PageResult<LawyerServiceItem>;
type LawyerUploadResult = { fileId: string; name: string; size: number };

import { revisedText } from '../src/modules/services/autopilot.ts';
import { body, type TestContext } from './helpers.ts';
import {
  bench,
  cityCodeOf,
  DAY,
  drain,
  faceOrder,
  HOUR,
  type Lawyer,
  LETTER_FACTS,
  lawsuitOrder,
  lawyers,
  lawyerToken,
  letterOrder,
  multipartBody,
  pay,
  pdfText,
  person,
  personDetail,
  personStep,
  SECOND,
  startApp,
} from './service-lawyer-helpers.ts';

const contexts: TestContext[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

async function start(env: Record<string, string> = {}): Promise<TestContext> {
  const t = await startApp(env);
  contexts.push(t);
  return t;
}

/** A city with several lawyers of levels 1–3 sharing a primary field: the face-offer fixture. */
async function faceFixture(t: TestContext) {
  const all = await lawyers(t);
  const usable = all.filter((l) => l.lawyer_level !== null && l.lawyer_level <= 3);
  for (const l of usable) {
    const field = Number(l.skill_field.split(',')[0]);
    const peers = usable.filter((o) => o.city === l.city && o.skill_field.split(',').includes(String(field)));
    const levels = new Set(peers.map((p) => p.lawyer_level));
    if (peers.length >= 2 && levels.size >= 2) {
      return { city: l.city, regionCode: cityCodeOf(l.city), field, peers, all };
    }
  }
  throw new Error('no city with lawyers of two levels in one field');
}

const SMS_JOB = 'service.smsNotice';

async function smsJobs(t: TestContext): Promise<Array<{ mobile: string; template: string; text: string }>> {
  const rows = await t.db.db
    .selectFrom('jobs')
    .select(['payload'])
    .where('kind', '=', SMS_JOB)
    .orderBy('id')
    .execute();
  return rows.map((r) => JSON.parse(r.payload) as { mobile: string; template: string; text: string });
}

describe('lawyer offers and the accept race', () => {
  it('offers a face consultation to lawyers of its city, field and level, never with the phone number', async () => {
    const t = await start();
    const fx = await faceFixture(t);
    const p = await person(t, '13800005501');
    const best = Math.min(...fx.peers.map((l) => l.lawyer_level ?? 9)) as 1 | 2 | 3;
    const orderId = await faceOrder(t, p, { regionCode: fx.regionCode, consultField: fx.field, level: best });

    // Every lawyer of the city, and of the field elsewhere: only the city's, of the field and a good
    // enough level, are offered it.
    const checked = [
      ...fx.all.filter((l) => l.city === fx.city),
      ...fx.all
        .filter((l) => l.city !== fx.city && l.skill_field.split(',').includes(String(fx.field)))
        .slice(0, 3),
    ];
    for (const l of checked) {
      const levelOk = l.lawyer_level !== null && l.lawyer_level <= best;
      const expected = levelOk && l.city === fx.city && l.skill_field.split(',').includes(String(fx.field));
      const offers = body<ServiceOffer[]>(
        await bench(t.app, await lawyerToken(t, l.mobile)).get('lawyer/services/offers'),
      ).data;
      expect(
        offers.some((o) => o.orderId === orderId),
        `${l.id} ${l.city} ${l.lawyer_level}`,
      ).toBe(expected);
    }
    const peer = fx.peers.find((l) => l.lawyer_level === best) as Lawyer;
    const res = await bench(t.app, await lawyerToken(t, peer.mobile)).get('lawyer/services/offers');
    expect(res.body).not.toContain(p.mobile);
    const offer = body<ServiceOffer[]>(res).data.find((o) => o.orderId === orderId) as ServiceOffer;
    expect(offer).toMatchObject({
      kind: 'faceConsult',
      title: '见面咨询',
      regionName: expect.stringContaining(fx.city),
    });
    expect(offer.earning).toBeGreaterThan(0);
    // A lawyer who may not serve it cannot accept it either.
    const worse = fx.peers.find((l) => (l.lawyer_level ?? 9) > best);
    if (worse) {
      const refused = await bench(t.app, await lawyerToken(t, worse.mobile)).post('lawyer/services/accept', {
        orderId,
      });
      expect(refused.statusCode).toBe(404);
    }
  });

  it('under a race exactly one lawyer wins the accept; the others hear it was taken', async () => {
    const t = await start();
    const p = await person(t, '13800005502');
    const orderId = await letterOrder(t, p);
    const racers = (await lawyers(t)).slice(0, 6);
    const tokens = await Promise.all(racers.map((l) => lawyerToken(t, l.mobile)));
    const answers = await Promise.all(
      tokens.map((tk) => bench(t.app, tk).post('lawyer/services/accept', { orderId })),
    );
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(body(r).msg).toBe('订单已被其他律师接单');
    }
    const row = await t.db.db
      .selectFrom('service_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('arranged');
    const winner = racers[answers.indexOf(won[0] as (typeof answers)[number])] as Lawyer;
    expect(row.lawyer_id).toBe(winner.id);
    const accepts = await t.db.db
      .selectFrom('service_events')
      .select('id')
      .where('order_id', '=', orderId)
      .where('event', '=', 'accept')
      .execute();
    expect(accepts).toHaveLength(1);
    // The order left everyone's offers; a late accept is refused the same way.
    for (const tk of tokens) {
      const offers = body<ServiceOffer[]>(await bench(t.app, tk).get('lawyer/services/offers')).data;
      expect(offers.some((o) => o.orderId === orderId)).toBe(false);
    }
    const loser = tokens.find((_, i) => racers[i]?.id !== winner.id) as string;
    const late = await bench(t.app, loser).post('lawyer/services/accept', { orderId });
    expect(late.statusCode).toBe(409);
  });
});

describe('a lawyer acts only on orders arranged to them', () => {
  it('another lawyer gets 404 on every endpoint and file of the order; views never show the phone', async () => {
    const t = await start();
    const p = await person(t, '13800005503');
    const orderId = await letterOrder(t, p);
    const [mine, other] = await lawyers(t);
    const a = bench(t.app, await lawyerToken(t, (mine as Lawyer).mobile));
    const b = bench(t.app, await lawyerToken(t, (other as Lawyer).mobile));
    // Before anyone accepts: not arranged to anyone, so nobody's detail either.
    expect((await a.get(`lawyer/services/detail?orderId=${orderId}`)).statusCode).toBe(404);
    expect((await a.post('lawyer/services/accept', { orderId })).statusCode).toBe(200);
    const draft = `${LETTER_FACTS}\n特此函告。`.padEnd(60, '。');
    const detail = await a.step({ orderId, action: 'submitDraft', text: draft });
    expect(detail.state).toBe('in_service');
    expect(JSON.stringify(detail)).not.toContain(p.mobile);
    expect(detail.letter?.sender.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(detail.letter?.recipient.phone).toBe('13911112222');

    const upload = multipartBody(
      { orderId },
      { field: 'file', name: 'a.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%test\n') },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v2/lawyer/services/upload',
      headers: { token: (await lawyerToken(t, (mine as Lawyer).mobile)) as string, ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId = body<LawyerUploadResult>(uploaded).data.fileId;

    const refused = [
      await b.get(`lawyer/services/detail?orderId=${orderId}`),
      await b.post('lawyer/services/step', { orderId, action: 'submitDraft', text: draft }),
      await b.post('lawyer/services/step', { orderId, action: 'release', reason: '不是我的' }),
      await b.post('lawyer/services/letterPreview', { orderId, text: draft }),
      await b.get(`lawyer/services/file/${orderId}/${fileId}`),
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/lawyer/services/upload',
        headers: { token: (await lawyerToken(t, (other as Lawyer).mobile)) as string, ...upload.headers },
        payload: upload.payload,
      }),
    ];
    for (const r of refused) expect(r.statusCode, r.body).toBe(404);
    const list = body<LawyerServicePage>(await b.get('lawyer/services?tab=active')).data;
    expect(list.list.some((i) => i.orderId === orderId)).toBe(false);

    // The arranged lawyer sees its own list, file and preview.
    const own = await a.get('lawyer/services?tab=active');
    expect(own.body).not.toContain(p.mobile);
    expect(body<LawyerServicePage>(own).data.list[0]).toMatchObject({
      orderId,
      nextStep: '等待客户确认稿件',
    });
    const file = await a.get(`lawyer/services/file/${orderId}/${fileId}`);
    expect(file.statusCode).toBe(200);
    expect(file.body.startsWith('%PDF-')).toBe(true);
    const preview = await a.post('lawyer/services/letterPreview', { orderId, text: draft });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(new Uint8Array(preview.rawPayload))).toContain('草稿');
    // A consumer token is no lawyer's.
    expect((await p.api.get(`lawyer/services/detail?orderId=${orderId}`)).statusCode).toBe(403);
  });

  it('refuses uploads that are not a PDF, JPG or PNG, or over 10 MB', async () => {
    const t = await start();
    const p = await person(t, '13800005504');
    const orderId = await letterOrder(t, p);
    const l = (await lawyers(t))[0] as Lawyer;
    const token = await lawyerToken(t, l.mobile);
    await bench(t.app, token).post('lawyer/services/accept', { orderId });
    const send = (data: Buffer, name: string) => {
      const m = multipartBody({ orderId }, { field: 'file', name, type: 'application/octet-stream', data });
      return t.app.inject({
        method: 'POST',
        url: '/api/v2/lawyer/services/upload',
        headers: { token, ...m.headers },
        payload: m.payload,
      });
    };
    const exe = await send(Buffer.from('MZ not a document'), 'a.pdf');
    expect(exe.statusCode).toBe(400);
    expect(body(exe).msg).toBe('仅支持上传 PDF、JPG 或 PNG 文件');
    const renamed = await send(Buffer.from('%PDF-1.4\n'), 'a.png');
    expect(body(renamed).msg).toBe('文件扩展名与文件内容不符');
    const big = await send(
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024)]),
      'b.pdf',
    );
    expect(big.statusCode).toBe(413);
    const png = await send(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]),
      '现场照片.png',
    );
    expect(png.statusCode, png.body).toBe(200);
    expect(body<LawyerUploadResult>(png).data).toMatchObject({ name: '现场照片.png', size: 16 });
  });
});

describe('letters: final PDF and courier', () => {
  it('finalise renders the letter with the facts and the licence number, hands it to the courier and texts the recipient', async () => {
    const t = await start();
    const p = await person(t, '13800005505');
    const orderId = await letterOrder(t, p);
    const l = (await lawyers(t)).find((x) => x.license_no !== null) as Lawyer;
    const a = bench(t.app, await lawyerToken(t, l.mobile));
    await a.post('lawyer/services/accept', { orderId });
    const draft = `北京示例律师事务所受张伟委托，就押金纠纷致函如下：\n${LETTER_FACTS}\n请于期限内退还押金。\n特此函告。`;
    await a.step({ orderId, action: 'submitDraft', text: draft });
    // Before the person approves, finalise is refused.
    const early = await a.post('lawyer/services/step', { orderId, action: 'finalise' });
    expect(early.statusCode).toBe(409);
    await personStep(p, { orderId, action: 'askRevision', note: '请写明押金金额16000元' });
    const revised = revisedText(draft, '请写明押金金额16000元');
    await a.step({ orderId, action: 'submitDraft', text: revised });
    await personStep(p, { orderId, action: 'approveDraft' });

    const done = await a.step({ orderId, action: 'finalise' });
    expect(done.state).toBe('delivered');
    expect(done.letter?.stage).toBe('sent');
    const courier = done.letter?.courier;
    expect(courier?.trackingNo).toMatch(/^SF\d{13}$/);
    expect(done.letter?.finalPdf?.kind).toBe('letterPdf');

    const pdf = await a.get(String(done.letter?.finalPdf?.url).replace('/api/v2/', ''));
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    expect(text).toContain(LETTER_FACTS.replace(/\s/g, ''));
    expect(text).toContain(l.license_no as string);
    expect(text).toContain(l.real_name);
    expect(text).toContain('请写明押金金额16000元');
    expect(text).not.toContain('草稿');

    // The person sees the same PDF and the tracking number; the recipient got a text.
    const seen = await personDetail(t, p, orderId);
    expect(seen.letter?.courier?.trackingNo).toBe(courier?.trackingNo);
    const own = await p.api.get(`order/serviceFile/${orderId}/${seen.letter?.finalPdf?.id}`);
    expect(own.statusCode).toBe(200);
    const notices = await smsJobs(t);
    const letterSms = notices.find((n) => n.template === 'letterSent');
    expect(letterSms?.mobile).toBe('13911112222');
    expect(letterSms?.text).toContain(courier?.trackingNo as string);

    // The courier's status events arrive through the tracking job, until signed for.
    await drain(t);
    // The notice job went through the SMS port: the sandbox's notice outbox has it.
    const delivered = await t.app.inject({ method: 'GET', url: '/api/dev/sms-notices?mobile=13911112222' });
    const outbox = delivered.json().data as Array<{ template: string; text: string }>;
    expect(outbox.find((n) => n.template === 'letterSent')?.text).toContain(courier?.trackingNo as string);
    for (let i = 0; i < 30; i++) {
      t.clock.advance(2 * HOUR);
      await drain(t);
    }
    const tracked = await personDetail(t, p, orderId);
    const statuses = tracked.letter?.courier?.events.map((e) => e.status);
    expect(statuses?.[0]).toBe('created');
    expect(statuses?.at(-1)).toBe('signed');
    expect(new Set(statuses).size).toBe(statuses?.length);
  });
});

describe('face consultation: steps and reminders', () => {
  it('reminds both the day before a confirmed meeting, again after a new time, never for an old one', async () => {
    const t = await start();
    const fx = await faceFixture(t);
    const p = await person(t, '13800005506');
    const orderId = await faceOrder(t, p, { regionCode: fx.regionCode, consultField: fx.field, level: 3 });
    const l = fx.peers[0] as Lawyer;
    const a = bench(t.app, await lawyerToken(t, l.mobile));
    await a.post('lawyer/services/accept', { orderId });
    const past = await a.post('lawyer/services/step', {
      orderId,
      action: 'proposeTime',
      at: t.clock.now - HOUR,
      place: '律所会议室A',
    });
    expect(past.statusCode).toBe(400);
    const first = t.clock.now + 3 * DAY;
    await a.step({ orderId, action: 'proposeTime', at: first, place: '律所会议室A', note: '带上劳动合同' });
    const confirmed = await personStep(p, { orderId, action: 'confirmTime' });
    expect(confirmed.state).toBe('in_service');
    expect(confirmed.face?.meetingAt).toBe(first);
    // Marking held before the meeting is refused.
    expect((await a.post('lawyer/services/step', { orderId, action: 'markHeld' })).statusCode).toBe(409);

    // The lawyer moves the meeting; the person confirms the new time.
    const second = first + DAY;
    await a.step({ orderId, action: 'proposeTime', at: second, place: '律所会议室B' });
    await personStep(p, { orderId, action: 'confirmTime' });

    t.clock.advance(first - DAY - t.clock.now + SECOND);
    await drain(t);
    expect(await smsJobs(t)).toHaveLength(0);

    t.clock.advance(DAY);
    await drain(t);
    const sms = await smsJobs(t);
    expect(sms.map((s) => s.mobile).sort()).toEqual([p.mobile, l.mobile].sort());
    expect(sms.every((s) => s.text.includes('律所会议室B'))).toBe(true);
    const messages = await t.db.db
      .selectFrom('notifications')
      .select(['title', 'content'])
      .where('user_id', '=', p.userId)
      .where('title', '=', '明天见面咨询提醒')
      .execute();
    expect(messages).toHaveLength(1);
    await drain(t);
    expect(await smsJobs(t)).toHaveLength(2);
    // Both reminders went out through the SMS port (the sandbox's notice outbox).
    for (const mobile of [p.mobile, l.mobile]) {
      const sent = await t.app.inject({ method: 'GET', url: `/api/dev/sms-notices?mobile=${mobile}` });
      const texts = (sent.json().data as Array<{ text: string }>).map((n) => n.text);
      expect(texts.filter((text) => text.includes('律所会议室B'))).toHaveLength(1);
    }

    // After the meeting: held, confirmed, earned.
    t.clock.advance(DAY + HOUR);
    const held = await a.step({ orderId, action: 'markHeld', note: '已解答仲裁流程' });
    expect(held.state).toBe('delivered');
    await personStep(p, { orderId, action: 'confirmDone' });
    const earnings = body<LawyerServiceEarnings>(await a.get('lawyer/services/earnings')).data;
    const face = earnings.find((e) => e.kind === 'faceConsult');
    const order = await t.db.db
      .selectFrom('service_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(face).toMatchObject({ count: 1, earnings: Math.floor(order.paid_fen * 0.7) / 100 });
    const done = body<LawyerServicePage>(await a.get('lawyer/services?tab=done')).data;
    expect(done.list.map((i) => i.orderId)).toEqual([orderId]);
  });

  it('sends no reminder for an order customer service ended before the meeting', async () => {
    const t = await start();
    const fx = await faceFixture(t);
    const p = await person(t, '13800005513');
    const orderId = await faceOrder(t, p, { regionCode: fx.regionCode, consultField: fx.field, level: 3 });
    const a = bench(t.app, await lawyerToken(t, (fx.peers[0] as Lawyer).mobile));
    await a.post('lawyer/services/accept', { orderId });
    await a.step({ orderId, action: 'proposeTime', at: t.clock.now + 3 * DAY, place: '律所会议室A' });
    await personStep(p, { orderId, action: 'confirmTime' });
    const { lifecycle } = t.app.services;
    await lifecycle.transaction(async (tx) => {
      const row = await tx.db
        .selectFrom('service_orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      await lifecycle.applyEvent(tx, row, 'terminate', 'operator', { reason: '客户与律师协商解除' });
    });
    t.clock.advance(2 * DAY + HOUR);
    await drain(t);
    expect(await smsJobs(t)).toHaveLength(0);
    const reminders = await t.db.db
      .selectFrom('service_events')
      .select('id')
      .where('order_id', '=', orderId)
      .where('event', '=', 'meetingReminder')
      .execute();
    expect(reminders).toHaveLength(0);
  });

  it('release puts the order back to arranging with its stage reset', async () => {
    const t = await start();
    const fx = await faceFixture(t);
    const p = await person(t, '13800005507');
    const orderId = await faceOrder(t, p, { regionCode: fx.regionCode, consultField: fx.field, level: 3 });
    const [l1, l2] = fx.peers as [Lawyer, Lawyer];
    const a = bench(t.app, await lawyerToken(t, l1.mobile));
    await a.post('lawyer/services/accept', { orderId });
    await a.step({ orderId, action: 'proposeTime', at: t.clock.now + 2 * DAY, place: '律所会议室A' });
    const res = await a.post('lawyer/services/step', { orderId, action: 'release', reason: '临时出差' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db.db
      .selectFrom('service_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'arranging', stage: null, lawyer_id: null });
    expect((await a.get(`lawyer/services/detail?orderId=${orderId}`)).statusCode).toBe(404);
    const b = bench(t.app, await lawyerToken(t, l2.mobile));
    const again = await b.post('lawyer/services/accept', { orderId });
    expect(again.statusCode, again.body).toBe(200);
    expect(body<{ face: { stage: string | null; proposal: unknown } }>(again).data.face).toMatchObject({
      stage: null,
      proposal: null,
    });
  });
});

describe('lawsuit: quote and progress', () => {
  it('refuses a quote below the deposit and records milestones with documents', async () => {
    const t = await start();
    const fx = await faceFixture(t);
    const p = await person(t, '13800005508');
    const orderId = await lawsuitOrder(t, p, { courtRegionCode: fx.regionCode, consultField: fx.field });
    const l = fx.peers[0] as Lawyer;
    const token = await lawyerToken(t, l.mobile);
    const a = bench(t.app, token);
    await a.post('lawyer/services/accept', { orderId });
    const row = await t.db.db
      .selectFrom('service_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const low = await a.post('lawyer/services/step', {
      orderId,
      action: 'quote',
      fee: (row.paid_fen - 100) / 100,
      note: '一审代理费用',
    });
    expect(low.statusCode).toBe(400);
    const fee = (row.paid_fen * 4) / 100;
    const quoted = await a.step({ orderId, action: 'quote', fee, note: '一审全程代理' });
    expect(quoted.state).toBe('quoted');
    expect(quoted.lawsuit?.quote?.fee).toBe(fee);
    const signed = await p.api.post('order/signEntrust', { orderId, signName: '张伟', consent: true });
    expect(signed.statusCode, signed.body).toBe(200);
    await pay(t, p, orderId);
    const m = multipartBody(
      { orderId },
      {
        field: 'file',
        name: '受理通知书.pdf',
        type: 'application/pdf',
        data: Buffer.from('%PDF-1.4\n%notice\n'),
      },
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v2/lawyer/services/upload',
      headers: { token, ...m.headers },
      payload: m.payload,
    });
    const fileId = body<LawyerUploadResult>(up).data.fileId;
    const filed = await a.step({
      orderId,
      action: 'recordProgress',
      milestone: 'filed',
      note: '法院已受理',
      files: [fileId],
    });
    expect(filed.lawsuit?.milestones).toHaveLength(1);
    expect(filed.lawsuit?.milestones[0]?.files[0]?.id).toBe(fileId);
    const bogus = await a.post('lawyer/services/step', {
      orderId,
      action: 'recordProgress',
      milestone: 'hearing',
      note: '开庭',
      files: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(bogus.statusCode).toBe(400);
    const seen = await personDetail(t, p, orderId);
    expect(seen.lawsuit?.milestones[0]).toMatchObject({ name: '立案', note: '法院已受理' });
    const told = await t.db.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', p.userId)
      .where('title', '=', '案件进展：立案')
      .execute();
    expect(told).toHaveLength(1);
    const closed = await a.step({ orderId, action: 'closeCase', note: '双方达成和解，案件办结' });
    expect(closed.state).toBe('delivered');
  });
});

describe('sandbox autopilot', () => {
  const env = { SANDBOX_AUTOPILOT: '1', AUTOPILOT_ACCEPT_MS: '2000' };

  async function tick(t: TestContext, ms: number): Promise<void> {
    t.clock.advance(ms);
    await drain(t);
  }

  it('walks a face consultation to delivered on the compressed clock', async () => {
    const t = await start(env);
    const fx = await faceFixture(t);
    const p = await person(t, '13800005509');
    const orderId = await faceOrder(t, p, { regionCode: fx.regionCode, consultField: fx.field, level: 3 });
    await tick(t, 2 * SECOND);
    let seen = await personDetail(t, p, orderId);
    expect(seen.state).toBe('arranged');
    await tick(t, 5 * SECOND);
    seen = await personDetail(t, p, orderId);
    expect(seen.face?.stage).toBe('time_proposed');
    expect(seen.face?.proposal?.at).toBeGreaterThan(t.clock.now);
    await personStep(p, { orderId, action: 'askOtherTime', note: '周末可以吗' });
    await tick(t, 5 * SECOND);
    seen = await personDetail(t, p, orderId);
    expect(seen.face?.stage).toBe('time_proposed');
    await personStep(p, { orderId, action: 'confirmTime' });
    await tick(t, 9 * SECOND);
    seen = await personDetail(t, p, orderId);
    expect(seen.state).toBe('delivered');
    expect(seen.actions.evaluate).toBe(true);
  });

  it('drafts a letter from the facts, revises it visibly, finalises and sends it', async () => {
    const t = await start(env);
    const p = await person(t, '13800005510');
    const orderId = await letterOrder(t, p);
    await tick(t, 2 * SECOND);
    await tick(t, 5 * SECOND);
    let seen = await personDetail(t, p, orderId);
    expect(seen.letter?.draft?.text).toContain('拒不退还押金');
    await personStep(p, { orderId, action: 'askRevision', note: '请注明已有交接照片为证' });
    await tick(t, 5 * SECOND);
    seen = await personDetail(t, p, orderId);
    expect(seen.letter?.draft?.version).toBe(2);
    expect(seen.letter?.draft?.text).toContain('请注明已有交接照片为证');
    await personStep(p, { orderId, action: 'approveDraft' });
    await tick(t, 5 * SECOND);
    seen = await personDetail(t, p, orderId);
    expect(seen.state).toBe('delivered');
    expect(seen.letter?.courier?.trackingNo).toMatch(/^SF/);
    expect(seen.letter?.finalPdf).not.toBeNull();
  });

  it('quotes a lawsuit and records 立案 then 开庭 after the balance is paid', async () => {
    const t = await start(env);
    const fx = await faceFixture(t);
    const p = await person(t, '13800005511');
    const orderId = await lawsuitOrder(t, p, { courtRegionCode: fx.regionCode, consultField: fx.field });
    await tick(t, 2 * SECOND);
    await tick(t, 5 * SECOND);
    let seen = await personDetail(t, p, orderId);
    expect(seen.state).toBe('quoted');
    expect(seen.lawsuit?.quote?.fee).toBe((seen.lawsuit?.deposit ?? 0) * 5);
    const signed = await p.api.post('order/signEntrust', { orderId, signName: '张伟', consent: true });
    expect(signed.statusCode, signed.body).toBe(200);
    await pay(t, p, orderId);
    await tick(t, 5 * SECOND);
    seen = await personDetail(t, p, orderId);
    expect(seen.lawsuit?.milestones.map((m) => m.name)).toEqual(['立案']);
    await tick(t, 16 * SECOND);
    seen = await personDetail(t, p, orderId);
    expect(seen.lawsuit?.milestones.map((m) => m.name)).toEqual(['立案', '开庭']);
  });

  it('takes over an order a real lawyer released, sending someone else', async () => {
    const t = await start(env);
    const p = await person(t, '13800005514');
    const orderId = await letterOrder(t, p);
    const first = (await lawyers(t)).find(
      (l) => l.license_no !== null && (l.lawyer_level ?? 9) <= 3,
    ) as Lawyer;
    const a = bench(t.app, await lawyerToken(t, first.mobile));
    expect((await a.post('lawyer/services/accept', { orderId })).statusCode).toBe(200);
    await a.step({ orderId, action: 'release', reason: '临时出差' });
    await tick(t, 2 * SECOND);
    const row = await t.db.db
      .selectFrom('service_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('arranged');
    expect(row.lawyer_id).not.toBe(first.id);
    await tick(t, 5 * SECOND);
    expect((await personDetail(t, p, orderId)).letter?.draft?.version).toBe(1);
  });

  it('stays away from orders a real lawyer accepted', async () => {
    const t = await start(env);
    const p = await person(t, '13800005512');
    const orderId = await letterOrder(t, p);
    const l = (await lawyers(t))[3] as Lawyer;
    const a = bench(t.app, await lawyerToken(t, l.mobile));
    expect((await a.post('lawyer/services/accept', { orderId })).statusCode).toBe(200);
    await tick(t, 10 * SECOND);
    await tick(t, 10 * SECOND);
    const detail = await a.detail(orderId);
    expect(detail.state).toBe('arranged');
    expect(detail.letter?.draft).toBeNull();
  });
});
