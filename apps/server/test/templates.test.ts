import type {
  MailOutboxItem,
  TemplateDetail,
  TemplateExport,
  TemplateExportPage,
  TemplatePage,
} from '@lawline/contract/schemas';
import { TemplateCategories, type TemplateCategory, TemplateExportLimits } from '@lawline/contract/schemas';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TemplateCatalogue } from '../src/modules/templates/catalogue.ts';
import { body, createTestApp, loginAs, type TestContext } from './helpers.ts';

/**
 * Contract templates (issue 15, item 2) through HTTP on a real database: categories, list, search
 * and preview for anyone; export by e-mail for members only, delivered over real SMTP to the
 * in-process receiver with the DOCX attached (parsed back here); 邮箱验收, resend, daily limits,
 * another person's exports, bad input.
 */

const DAY = 24 * 60 * 60 * 1000;
let t: TestContext;
let logins = 0;

type Person = { token: string; userId: number };

async function person(member: boolean): Promise<Person> {
  logins += 1;
  const who = await loginAs(t.app, `137${String(logins).padStart(8, '0')}`, `10.77.0.${logins}`);
  if (member) {
    await t.db.db
      .insertInto('user_cards')
      .values({
        user_id: who.userId,
        card_code: 'MC19001',
        starts_at: t.clock.now - DAY,
        expires_at: t.clock.now + 300 * DAY,
        source_order_id: null,
        created_at: t.clock.now - DAY,
        ended_at: null,
      })
      .execute();
  }
  return who;
}

async function get<T>(url: string, token?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });
  return { status: res.statusCode, ...body<T>(res) };
}

async function post<T>(url: string, payload: Record<string, unknown>, token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: token ? { token } : {},
    payload: { usertype: 3, ...payload },
  });
  return { status: res.statusCode, ...body<T>(res) };
}

const exportTemplate = (who: Person, payload: Record<string, unknown>) =>
  post<TemplateExport>('/api/v2/doctemplate/export', payload, who.token);

async function outbox(to?: string): Promise<MailOutboxItem[]> {
  const res = await get<MailOutboxItem[]>(`/api/dev/mail-outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  expect(res.status).toBe(200);
  return res.data;
}

async function exportRows(userId: number) {
  return t.db.db.selectFrom('template_exports').selectAll().where('user_id', '=', userId).execute();
}

/** The text of word/document.xml, tags stripped, entities decoded. */
function docxText(bytes: Buffer): string {
  const files = unzipSync(new Uint8Array(bytes));
  const xml = files['word/document.xml'];
  if (!xml) throw new Error('no word/document.xml in the DOCX');
  return strFromU8(xml)
    .replace(/<w:p[ >]/g, '\n$&')
    .replace(/<[^>]+>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the templates we wrote', () => {
  const catalogue = new TemplateCatalogue();

  it('are at least 40, across every category, each with fields and numbered clauses', () => {
    expect(catalogue.templates.length).toBeGreaterThanOrEqual(40);
    for (const c of TemplateCategories) {
      expect(
        catalogue.templates.filter((x) => x.category === c.code).length,
        `${c.name} has templates`,
      ).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(catalogue.templates.map((x) => x.title)).size).toBe(catalogue.templates.length);
    for (const x of catalogue.templates) {
      expect(x.fields.length, x.title).toBeGreaterThanOrEqual(4);
      expect(x.summary.length, x.title).toBeGreaterThan(15);
      // Notes (借条, 欠条, 收条) have no clauses; contracts have several.
      const headings = x.blocks.filter((b) => b.kind === 'heading');
      if (x.category !== 'iou') expect(headings.length, x.title).toBeGreaterThanOrEqual(5);
      expect(
        x.blocks.some((b) => b.kind === 'signature'),
        `${x.title} has signing lines`,
      ).toBe(true);
      // Real text, not filler: mostly Chinese.
      const text = x.blocks.flatMap((b) => b.segments.map((s) => (s.type === 'text' ? s.text : ''))).join('');
      expect(text.length, x.title).toBeGreaterThan(x.category === 'iou' ? 50 : 250);
      expect(/lorem|TODO|xxx/i.test(text), x.title).toBe(false);
    }
  });

  it('refuse a field used but not declared, and one declared but not used', () => {
    const base = {
      id: 1,
      category: 'iou' as const,
      title: '测试',
      summary: '测试模板',
      updated: '2026-01-01',
      fields: [{ name: 'a', label: '甲' }],
    };
    expect(() => new TemplateCatalogue([{ ...base, body: '{{a}}与{{b}}' }])).toThrow(/\{\{b\}\}/);
    expect(() => new TemplateCatalogue([{ ...base, body: '没有字段' }])).toThrow(/never used/);
  });
});

describe('categories, list, search and preview (anyone)', () => {
  it('field/getSubsetByFieldValue: all categories, or those of one consult field', async () => {
    const all = await get<TemplateCategory[]>('/api/v2/field/getSubsetByFieldValue');
    expect(all.status).toBe(200);
    expect(all.data.map((c) => c.code)).toEqual(TemplateCategories.map((c) => c.code));
    const total = all.data.reduce((n, c) => n + c.templateCount, 0);
    expect(total).toBeGreaterThanOrEqual(40);
    const house = await get<TemplateCategory[]>('/api/v2/field/getSubsetByFieldValue?fieldValue=3');
    expect(house.data.map((c) => c.code)).toEqual(['lease', 'houseSale', 'renovation']);
    expect(house.data[0]).toMatchObject({ name: '房屋租赁', fieldValue: 3, fieldName: '房产物业' });
    expect((await get<TemplateCategory[]>('/api/v2/field/getSubsetByFieldValue?fieldValue=9')).data).toEqual(
      [],
    );
    expect((await get('/api/v2/field/getSubsetByFieldValue?fieldValue=')).status).toBe(200);
    const bad = await get('/api/v2/field/getSubsetByFieldValue?fieldValue=99');
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/领域/);
  });

  it('doctemplate/list pages through all, filters by category and searches titles and summaries', async () => {
    const first = await get<TemplatePage>('/api/v2/doctemplate/list');
    expect(first.status).toBe(200);
    expect(first.data.total).toBeGreaterThanOrEqual(40);
    expect(first.data.list).toHaveLength(10);
    expect(first.data.hasMore).toBe(true);
    expect(first.data.list[0]).toMatchObject({ id: expect.any(Number), categoryName: expect.any(String) });
    expect(first.data.list[0]?.fieldCount).toBeGreaterThan(0);
    expect(first.data.list[0]?.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const second = await get<TemplatePage>('/api/v2/doctemplate/list?page=2&limit=10');
    expect(second.data.list[0]?.id).not.toBe(first.data.list[0]?.id);

    const lease = await get<TemplatePage>('/api/v2/doctemplate/list?category=lease&limit=50');
    expect(lease.data.total).toBeGreaterThanOrEqual(2);
    expect(lease.data.list.every((x) => x.category === 'lease')).toBe(true);

    const search = await get<TemplatePage>(
      `/api/v2/doctemplate/list?search=${encodeURIComponent('租赁')}&limit=50`,
    );
    expect(search.data.total).toBeGreaterThanOrEqual(lease.data.total);
    expect(search.data.list.every((x) => `${x.title}${x.summary}${x.categoryName}`.includes('租赁'))).toBe(
      true,
    );
    const both = await get<TemplatePage>(
      `/api/v2/doctemplate/list?category=labour&search=${encodeURIComponent('劳动')}`,
    );
    expect(both.data.total).toBeGreaterThanOrEqual(3);
    expect(both.data.list.every((x) => x.category === 'labour')).toBe(true);
    const none = await get<TemplatePage>(`/api/v2/doctemplate/list?search=${encodeURIComponent('量子纠缠')}`);
    expect(none.data).toMatchObject({ total: 0, list: [], hasMore: false });
    expect((await get('/api/v2/doctemplate/list?category=nope')).status).toBe(400);
    expect((await get('/api/v2/doctemplate/list?limit=500')).status).toBe(400);
  });

  it('doctemplate/detail: the full text with fields marked, the fields, who may export', async () => {
    const res = await get<TemplateDetail>('/api/v2/doctemplate/detail?id=201');
    expect(res.status).toBe(200);
    const d = res.data;
    expect(d.title).toBe('个人借款合同');
    expect(d.exportable).toBe('login');
    expect(d.exportNotice).toContain('3个工作日');
    expect(d.fields.find((f) => f.name === 'lender')).toMatchObject({
      label: '出借人（甲方）姓名',
      required: true,
      maxLength: 40,
      kind: 'text',
    });
    const headings = d.blocks.filter((b) => b.kind === 'heading');
    expect(headings[0]?.segments[0]).toEqual({ type: 'text', text: '第一条　借款金额与用途' });
    expect(headings[1]?.segments[0]).toMatchObject({ text: expect.stringMatching(/^第二条/) });
    const fieldSegments = d.blocks.flatMap((b) => b.segments.filter((s) => s.type === 'field'));
    expect(fieldSegments).toContainEqual({ type: 'field', name: 'lender', label: '出借人（甲方）姓名' });
    expect(d.previewText).toContain('【出借人（甲方）姓名】');
    expect(d.previewText).toContain('第九条');
    expect(d.previewText).not.toContain('{{');

    expect((await get('/api/v2/doctemplate/detail?id=999999')).status).toBe(404);
    expect((await get('/api/v2/doctemplate/detail?id=abc')).status).toBe(400);
  });

  it('tells a logged-in non-member to become a member, and a member that they may export', async () => {
    const plain = await person(false);
    const member = await person(true);
    expect(
      (await get<TemplateDetail>('/api/v2/doctemplate/detail?id=101', plain.token)).data.exportable,
    ).toBe('member');
    expect(
      (await get<TemplateDetail>('/api/v2/doctemplate/detail?id=101', member.token)).data.exportable,
    ).toBe('ok');
  });
});

describe('export by e-mail', () => {
  it('refuses a non-member with the member code and message, sending nothing', async () => {
    const plain = await person(false);
    const before = (await outbox()).length;
    const res = await exportTemplate(plain, { templateId: 101, email: 'plain@example.com' });
    expect(res.status).toBe(403);
    expect(res.code).toBe(403);
    expect(res.msg).toContain('会员');
    expect((await outbox()).length).toBe(before);
    expect(await exportRows(plain.userId)).toEqual([]);
    const anonymous = await post('/api/v2/doctemplate/export', { templateId: 101, email: 'a@example.com' });
    expect(anonymous.status).toBe(401);
  });

  it("delivers a member's DOCX over SMTP to the receiver; the document holds the filled fields", async () => {
    const member = await person(true);
    const email = 'Zhang.San@Example.com';
    const res = await exportTemplate(member, {
      templateId: 301,
      email: `  ${email} `,
      fields: {
        landlord: '王建国',
        tenant: '李晓红',
        rent: '3500',
        address: '北京市朝阳区幸福路8号3单元402室',
      },
    });
    expect(res.status, res.msg).toBe(200);
    const x = res.data;
    expect(x.exportId).toMatch(/^E20261121[0-9A-Z]{8}$/);
    expect(x).toMatchObject({
      templateId: 301,
      state: 'sent',
      stateText: '已发送，待验收',
      email: 'zh***@example.com',
      canConfirm: true,
      canResend: false,
      resendsLeft: TemplateExportLimits.resendsPerExport,
    });
    expect(x.notice).toContain('3个工作日');
    expect(x.notice).toContain('沙箱');
    expect(x.sentAt).toBe(t.clock.now);

    const mails = await outbox('zhang.san@example.com');
    expect(mails).toHaveLength(1);
    const mail = mails[0] as MailOutboxItem;
    expect(mail.to).toEqual(['zhang.san@example.com']);
    expect(mail.from).toBe('noreply@lawline.example.com');
    expect(mail.subject).toBe(`【律线】合同模板：《${x.title}》`);
    expect(mail.text).toContain(x.exportId);
    expect(mail.text).toContain('确认收到');
    expect(mail.attachments).toHaveLength(1);
    const attachment = mail.attachments[0] as MailOutboxItem['attachments'][number];
    expect(attachment.filename).toBe(`${x.title}.docx`);
    expect(attachment.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );

    const file = await t.app.inject({ method: 'GET', url: attachment.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(file.rawPayload.length).toBe(attachment.size);
    const text = docxText(file.rawPayload);
    expect(text).toContain('房屋租赁合同');
    for (const value of ['王建国', '李晓红', '3500', '北京市朝阳区幸福路8号3单元402室'])
      expect(text).toContain(value);
    expect(text).toContain('第一条');
    expect(text).toContain('________');
    expect(text).not.toContain('{{');

    const rows = await exportRows(member.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'sent', email: 'zhang.san@example.com', template_id: 301 });
    expect(rows[0]?.message_id).toBeTruthy();
  });

  it('refuses a bad address, an unknown field and an overlong value, sending and recording nothing', async () => {
    const member = await person(true);
    const before = (await outbox()).length;
    for (const email of ['not-an-address', 'a@b', 'zhang@例子.中国', '', 'a b@example.com']) {
      const res = await exportTemplate(member, { templateId: 101, email });
      expect(res.status, email).toBe(400);
      expect(res.msg, email).toMatch(/邮箱/);
    }
    const unknown = await exportTemplate(member, {
      templateId: 101,
      email: 'ok@example.com',
      fields: { nope: '1' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toContain('nope');
    const long = await exportTemplate(member, {
      templateId: 101,
      email: 'ok@example.com',
      fields: { lender: '长'.repeat(41) },
    });
    expect(long.status).toBe(400);
    expect(long.msg).toContain('最多40个字');
    const missing = await exportTemplate(member, { templateId: 424242, email: 'ok@example.com' });
    expect(missing.status).toBe(404);
    expect((await outbox()).length).toBe(before);
    expect(await exportRows(member.userId)).toEqual([]);
  });

  it('邮箱验收 and resend: cooldown, count, no resend after confirming; the list masks addresses', async () => {
    const member = await person(true);
    const made = (await exportTemplate(member, { templateId: 601, email: 'hr@example.com' })).data;
    const early = await post('/api/v2/doctemplate/resendExport', { exportId: made.exportId }, member.token);
    expect(early.status).toBe(429);
    expect(early.msg).toMatch(/秒后/);
    expect(made.resendAfter).toBe(t.clock.now + TemplateExportLimits.resendCooldownS * 1000);

    t.clock.advance(61_000);
    const again = await post<TemplateExport>(
      '/api/v2/doctemplate/resendExport',
      { exportId: made.exportId },
      member.token,
    );
    expect(again.status, again.msg).toBe(200);
    expect(again.data.resendsLeft).toBe(TemplateExportLimits.resendsPerExport - 1);
    expect(again.data.sentAt).toBe(t.clock.now);
    expect(await outbox('hr@example.com')).toHaveLength(2);

    const list = await get<TemplateExportPage>('/api/v2/doctemplate/exports', member.token);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      exportId: made.exportId,
      email: 'h***@example.com',
      state: 'sent',
    });

    const confirmed = await post<TemplateExport>(
      '/api/v2/doctemplate/confirmExport',
      { exportId: made.exportId },
      member.token,
    );
    expect(confirmed.data).toMatchObject({ state: 'confirmed', canConfirm: false, canResend: false });
    expect(confirmed.data.confirmedAt).toBe(t.clock.now);
    const twice = await post<TemplateExport>(
      '/api/v2/doctemplate/confirmExport',
      { exportId: made.exportId },
      member.token,
    );
    expect(twice.data.state).toBe('confirmed');
    t.clock.advance(61_000);
    const after = await post('/api/v2/doctemplate/resendExport', { exportId: made.exportId }, member.token);
    expect(after.status).toBe(409);
    expect(after.msg).toContain('无需重新发送');
  });

  it('allows a limited number of resends', async () => {
    const member = await person(true);
    const made = (await exportTemplate(member, { templateId: 102, email: 'debt@example.com' })).data;
    for (let i = 0; i < TemplateExportLimits.resendsPerExport; i++) {
      t.clock.advance(61_000);
      const res = await post('/api/v2/doctemplate/resendExport', { exportId: made.exportId }, member.token);
      expect(res.status, res.msg).toBe(200);
    }
    t.clock.advance(61_000);
    const over = await post('/api/v2/doctemplate/resendExport', { exportId: made.exportId }, member.token);
    expect(over.status).toBe(429);
    expect(over.msg).toContain('次数已用完');
  });

  it('a refused recipient: answered 503, recorded as failed, cannot be confirmed, can be resent', async () => {
    const member = await person(true);
    const res = await exportTemplate(member, { templateId: 103, email: 'bounce-me@example.com' });
    expect(res.status).toBe(503);
    expect(res.msg).toContain('重新发送');
    const [row] = await exportRows(member.userId);
    expect(row?.state).toBe('failed');
    const list = await get<TemplateExportPage>('/api/v2/doctemplate/exports', member.token);
    expect(list.data.list[0]).toMatchObject({ state: 'failed', stateText: '发送失败', canConfirm: false });
    const confirm = await post('/api/v2/doctemplate/confirmExport', { exportId: row?.id }, member.token);
    expect(confirm.status).toBe(409);
    t.clock.advance(61_000);
    const resend = await post('/api/v2/doctemplate/resendExport', { exportId: row?.id }, member.token);
    expect(resend.status).toBe(503);
    expect((await exportRows(member.userId))[0]?.resends).toBe(1);
  });

  it("another person's export: 404 on confirm and resend, nothing changes", async () => {
    const owner = await person(true);
    const other = await person(true);
    const made = (await exportTemplate(owner, { templateId: 801, email: 'owner@example.com' })).data;
    t.clock.advance(61_000);
    const before = await exportRows(owner.userId);
    for (const path of ['confirmExport', 'resendExport']) {
      const res = await post(`/api/v2/doctemplate/${path}`, { exportId: made.exportId }, other.token);
      expect(res.status, path).toBe(404);
      expect(res.msg).toBe('导出记录不存在');
    }
    expect(await exportRows(owner.userId)).toEqual(before);
    expect((await get<TemplateExportPage>('/api/v2/doctemplate/exports', other.token)).data.total).toBe(0);
    expect(await outbox('owner@example.com')).toHaveLength(1);
    const made2 = await post(
      '/api/v2/doctemplate/confirmExport',
      { exportId: 'E20261121ZZZZZZZZ' },
      owner.token,
    );
    expect(made2.status).toBe(404);
    expect((await post('/api/v2/doctemplate/confirmExport', { exportId: 'S1' }, owner.token)).status).toBe(
      400,
    );
  });
});

describe('daily limits', () => {
  it(`${TemplateExportLimits.exportsPerDay} exports a day; the next Beijing day starts again`, async () => {
    const member = await person(true);
    for (let i = 0; i < TemplateExportLimits.exportsPerDay; i++) {
      const res = await exportTemplate(member, { templateId: 901, email: 'buyer@example.com' });
      expect(res.status, res.msg).toBe(200);
    }
    const before = (await outbox('buyer@example.com')).length;
    const over = await exportTemplate(member, { templateId: 901, email: 'buyer@example.com' });
    expect(over.status).toBe(429);
    expect(over.msg).toContain(`今日导出次数已达上限（${TemplateExportLimits.exportsPerDay}次）`);
    expect((await outbox('buyer@example.com')).length).toBe(before);
    t.clock.advance(DAY);
    expect((await exportTemplate(member, { templateId: 901, email: 'buyer@example.com' })).status).toBe(200);
  });

  it(`${TemplateExportLimits.addressesPerDay} different addresses a day; a used one still works`, async () => {
    const member = await person(true);
    for (const email of ['a1@example.com', 'a2@example.com', 'a3@example.com']) {
      expect((await exportTemplate(member, { templateId: 1101, email })).status).toBe(200);
    }
    const fourth = await exportTemplate(member, { templateId: 1101, email: 'a4@example.com' });
    expect(fourth.status).toBe(429);
    expect(fourth.msg).toContain('个不同邮箱');
    expect(await outbox('a4@example.com')).toEqual([]);
    // The same address in other letters is the same address.
    expect((await exportTemplate(member, { templateId: 1101, email: 'A2@Example.com' })).status).toBe(200);
  });

  it('holds under parallel exports: never more than the daily limit', async () => {
    const member = await person(true);
    const results = await Promise.all(
      Array.from({ length: TemplateExportLimits.exportsPerDay + 5 }, () =>
        exportTemplate(member, { templateId: 1201, email: 'par@example.com' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(TemplateExportLimits.exportsPerDay);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await exportRows(member.userId)).toHaveLength(TemplateExportLimits.exportsPerDay);
  });
});

describe('account closure', () => {
  it("erases the export's address and filled texts, keeps the record", async () => {
    const member = await person(true);
    await exportTemplate(member, { templateId: 101, email: 'gone@example.com', fields: { lender: '赵六' } });
    await t.db.db.transaction().execute(async (trx) => {
      const { eraseTemplateExportPersonalData } = await import('../src/modules/templates/repo.ts');
      await eraseTemplateExportPersonalData(trx, member.userId);
    });
    const [row] = await exportRows(member.userId);
    expect(row).toMatchObject({ email: '', fields: '{}', state: 'sent' });
  });
});
