import { consultFieldName } from '@lawline/contract';
import {
  CareerReportSchema,
  CaseDetailSchema,
  CasePageSchema,
  CaseSummarySchema,
  CheckLawyerResultSchema,
  InstituteInfoSchema,
  InstitutePageSchema,
  LawyerCardSchema,
  LawyerPageSchema,
  LawyerProfileSchema,
  LecturerInfoSchema,
  TaxAdvisorPageSchema,
  TaxAdvisorSchema,
} from '@lawline/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { body, createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/${url}` });
  return { status: res.statusCode, ...body<unknown>(res) };
}

async function getOk<S extends z.ZodType>(url: string, schema: S): Promise<z.infer<S>> {
  const res = await get(url);
  expect(res.status, `${url}: ${res.msg}`).toBe(200);
  expect(res.code).toBe(0);
  return schema.parse(res.data);
}

const lawyerPage = (url: string) => getOk(url, LawyerPageSchema);

/** All lawyers as the database holds them, for computing what a filter must answer. */
async function allLawyers() {
  return t.db.db.selectFrom('lawyers').selectAll().orderBy('hot_score', 'desc').orderBy('id').execute();
}

const hasField = (csv: string, code: number) => csv.split(',').map(Number).includes(code);

/** Walks every page of a paged endpoint and checks the paging fields on the way. */
async function walk(url: string, limit: number) {
  const ids: number[] = [];
  let total = -1;
  for (let page = 1; page < 100; page++) {
    const sep = url.includes('?') ? '&' : '?';
    const data = await lawyerPage(`${url}${sep}page=${page}&limit=${limit}`);
    if (total < 0) total = data.total;
    expect(data.total).toBe(total);
    expect(data.page).toBe(page);
    expect(data.limit).toBe(limit);
    ids.push(...data.list.map((l) => l.id));
    expect(data.hasMore).toBe(page * limit < total);
    if (!data.hasMore) break;
  }
  expect(ids).toHaveLength(total);
  expect(new Set(ids).size).toBe(total);
  return { ids, total };
}

describe('uc/lawyerInfo/home', () => {
  it('answers the 3 hottest lawyers, hottest first', async () => {
    const list = await getOk('uc/lawyerInfo/home', z.array(LawyerCardSchema));
    const expected = (await allLawyers()).slice(0, 3).map((l) => l.id);
    expect(list.map((l) => l.id)).toEqual(expected);
  });
});

describe('uc/lawyerInfo/page', () => {
  it('pages all 40 lawyers by hot score with a default limit of 10', async () => {
    const first = await lawyerPage('uc/lawyerInfo/page');
    expect(first).toMatchObject({ total: 40, page: 1, limit: 10, hasMore: true });
    expect(first.list).toHaveLength(10);
    const second = await lawyerPage('uc/lawyerInfo/page?page=2');
    expect(second.list.map((l) => l.id)).not.toEqual(first.list.map((l) => l.id));
    const last = await lawyerPage('uc/lawyerInfo/page?page=4');
    expect(last.list).toHaveLength(10);
    expect(last.hasMore).toBe(false);
    const beyond = await lawyerPage('uc/lawyerInfo/page?page=5');
    expect(beyond.list).toEqual([]);
    expect(beyond.hasMore).toBe(false);
    const { ids } = await walk('uc/lawyerInfo/page', 7);
    expect(ids).toEqual((await allLawyers()).map((l) => l.id));
  });

  it('field matches a skill field exactly: 2 does not match 24, 12 or 21', async () => {
    const lawyers = await allLawyers();
    const exact = lawyers.filter((l) => hasField(l.skill_field, 2));
    // The seed really has fields that contain the digit 2 without being field 2.
    const bySubstring = lawyers.filter((l) => l.skill_field.includes('2'));
    expect(bySubstring.length).toBeGreaterThan(exact.length);
    const { ids, total } = await walk('uc/lawyerInfo/page?field=2', 4);
    expect(total).toBe(exact.length);
    expect(ids).toEqual(exact.map((l) => l.id));

    const tax = await lawyerPage('uc/lawyerInfo/page?field=24&limit=50');
    expect(tax.total).toBe(lawyers.filter((l) => hasField(l.skill_field, 24)).length);
    expect(tax.total).toBeGreaterThan(0);
    for (const l of tax.list) expect(l.skillField.split(',')).toContain('24');
  });

  it('filters by level; level 4 means 4 or none', async () => {
    const lawyers = await allLawyers();
    for (const level of [1, 2, 3]) {
      const data = await lawyerPage(`uc/lawyerInfo/page?level=${level}&limit=50`);
      expect(data.total).toBe(lawyers.filter((l) => l.lawyer_level === level).length);
      for (const l of data.list) {
        expect(l.lawyerLevel).toBe(level);
        expect(l.levelName).toBe({ 1: '著名', 2: '专家', 3: '资深' }[level]);
      }
    }
    const none = await lawyerPage('uc/lawyerInfo/page?level=4&limit=50');
    expect(none.total).toBe(10);
    for (const l of none.list) {
      expect([4, null]).toContain(l.lawyerLevel);
      expect(l.levelName).toBeNull();
    }
  });

  it('searches name, law firm and introduction', async () => {
    const lawyers = await allLawyers();
    const someone = lawyers[17];
    if (!someone) throw new Error('seed has fewer lawyers');
    const byName = await lawyerPage(`uc/lawyerInfo/page?keyword=${encodeURIComponent(someone.real_name)}`);
    expect(byName.list.map((l) => l.id)).toContain(someone.id);

    const byFirm = await lawyerPage(`uc/lawyerInfo/page?keyword=${encodeURIComponent('正衡')}&limit=50`);
    expect(byFirm.total).toBe(lawyers.filter((l) => l.law_firm.includes('正衡')).length);
    for (const l of byFirm.list) expect(l.lawFirm).toContain('正衡');

    // Only in introductions (famous and expert lawyers give talks).
    const byIntro = await lawyerPage(`uc/lawyerInfo/page?keyword=${encodeURIComponent('普法讲座')}&limit=50`);
    expect(byIntro.total).toBe(lawyers.filter((l) => l.intro.includes('普法讲座')).length);
    expect(byIntro.total).toBeGreaterThan(0);
    for (const l of byIntro.list) expect([1, 2]).toContain(l.lawyerLevel);
  });

  it('LIKE wildcards in a keyword are searched literally', async () => {
    expect((await lawyerPage('uc/lawyerInfo/page?keyword=%25')).total).toBe(0);
    expect((await lawyerPage('uc/lawyerInfo/page?keyword=_')).total).toBe(0);
    expect((await lawyerPage('uc/lawyerInfo/page?keyword=%5C')).total).toBe(0);
  });

  it('combines field, level and keyword; blank filters mean none', async () => {
    const lawyers = await allLawyers();
    const expected = lawyers.filter(
      (l) => hasField(l.skill_field, 2) && l.lawyer_level === 3 && l.intro.includes('律师'),
    );
    const data = await lawyerPage(`uc/lawyerInfo/page?field=2&level=3&keyword=${encodeURIComponent('律师')}`);
    expect(data.total).toBe(expected.length);
    const blank = await lawyerPage('uc/lawyerInfo/page?field=&level=&keyword=');
    expect(blank.total).toBe(40);
  });

  it.each([
    ['field=25', '咨询领域'],
    ['field=abc', '咨询领域'],
    ['level=5', '律师等级'],
    ['page=0', '页码'],
    ['limit=500', '每页最多50条'],
    ['page=1.5', '页码'],
    [`keyword=${'长'.repeat(31)}`, '最多30个字'],
    ['sort=x', 'sort'],
  ])('refuses %s with 400 and a message', async (query, message) => {
    const res = await get(`uc/lawyerInfo/page?${encodeURI(query)}`);
    expect(res.status).toBe(400);
    expect(res.code).toBe(400);
    expect(res.msg).toContain(message);
  });
});

describe('uc/lawyerInfo (profile), careerReport, cases', () => {
  it('answers the full profile with level and field names, career report and cases', async () => {
    const row = (await allLawyers()).find((l) => l.lawyer_level === 1);
    if (!row) throw new Error('no famous lawyer');
    const p = await getOk(`uc/lawyerInfo?id=${row.id}`, LawyerProfileSchema);
    expect(p.id).toBe(row.id);
    expect(p.levelName).toBe('著名');
    expect(p.skillFieldNames).toEqual(row.skill_field.split(',').map((c) => consultFieldName(Number(c))));
    expect(p.careerReport.length).toBeGreaterThanOrEqual(4);
    expect(p.careerReport[0]).toMatch(/^教育背景/);
    expect(p.cases.length).toBeGreaterThanOrEqual(1);
    expect(p.licenseNo).toMatch(/^\d{17}$/);
    expect(JSON.stringify(p)).not.toContain(row.mobile);
  });

  it('careerReport and cases by lawyer id', async () => {
    const report = await getOk('uc/lawyerInfo/careerReport?id=2', CareerReportSchema);
    expect(report.lawyerId).toBe(2);
    expect(report.lines.length).toBeGreaterThan(2);
    const cases = await getOk('uc/lawyerInfo/cases?id=2', z.array(CaseSummarySchema));
    const count = await t.db.db
      .selectFrom('lawyer_cases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('lawyer_id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(cases).toHaveLength(Number(count.n));
    for (const c of cases) expect(c.lawyerId).toBe(2);
  });

  it.each(['uc/lawyerInfo', 'uc/lawyerInfo/careerReport', 'uc/lawyerInfo/cases'])(
    '%s: unknown id → 404, bad id → 400',
    async (path) => {
      const missing = await get(`${path}?id=99999`);
      expect(missing.status).toBe(404);
      expect(missing.msg).toBe('律师不存在或已下线');
      for (const bad of ['abc', '0', '-3', '1.5', '99999999999', '']) {
        const res = await get(`${path}?id=${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.msg).toContain('律师id');
      }
      expect((await get(path)).status).toBe(400);
      expect((await get(`${path}?id=1&x=1`)).status).toBe(400);
    },
  );
});

describe('uc/lawyerInfo/recommend', () => {
  it('answers up to 6 lawyers of the field without the excluded one', async () => {
    const exact = (await allLawyers()).filter((l) => hasField(l.skill_field, 2));
    const excluded = exact[0]?.id ?? 0;
    const list = await getOk(
      `uc/lawyerInfo/recommend?field=2&exclude=${excluded}`,
      z.array(LawyerCardSchema),
    );
    expect(list.length).toBe(Math.min(6, exact.length - 1));
    for (const l of list) {
      expect(l.id).not.toBe(excluded);
      expect(l.skillField.split(',')).toContain('2');
    }
    const three = await getOk('uc/lawyerInfo/recommend?field=2&limit=3', z.array(LawyerCardSchema));
    expect(three).toHaveLength(3);
    expect((await get('uc/lawyerInfo/recommend?limit=7')).status).toBe(400);
    expect((await get('uc/lawyerInfo/recommend?field=99')).status).toBe(400);
  });
});

describe('lecturers', () => {
  it('lectureLawyer lists only lecturers, paged', async () => {
    const lecturers = (await allLawyers()).filter((l) => l.is_lecturer === 1);
    const { ids, total } = await walk('lectureLawyer', 2);
    expect(total).toBe(lecturers.length);
    expect(ids).toEqual(lecturers.map((l) => l.id));
  });

  it('lectureLawyer/info shows the lecturer and their videos; a non-lecturer is 404', async () => {
    const lawyers = await allLawyers();
    const lecturer = lawyers.find((l) => l.is_lecturer === 1);
    const other = lawyers.find((l) => l.is_lecturer === 0);
    if (!lecturer || !other) throw new Error('seed');
    const info = await getOk(`lectureLawyer/info?id=${lecturer.id}`, LecturerInfoSchema);
    expect(info.lawyer.isLecturer).toBe(true);
    const videos = await t.db.db
      .selectFrom('lawyer_videos')
      .select('id')
      .where('lawyer_id', '=', lecturer.id)
      .execute();
    expect(info.videos.map((v) => v.id).sort()).toEqual(videos.map((v) => v.id).sort());
    const res = await get(`lectureLawyer/info?id=${other.id}`);
    expect(res.status).toBe(404);
    expect(res.msg).toBe('该律师不是平台讲师');
  });
});

describe('uc/accompany/page', () => {
  it('lists the lawyers who accompany clients, filterable by field', async () => {
    const lawyers = (await allLawyers()).filter((l) => l.accompany === 1);
    expect(lawyers.length).toBeGreaterThan(10);
    const { ids } = await walk('uc/accompany/page', 5);
    expect(ids).toEqual(lawyers.map((l) => l.id));
    const criminal = await lawyerPage('uc/accompany/page?field=13&limit=50');
    expect(criminal.total).toBe(lawyers.filter((l) => hasField(l.skill_field, 13)).length);
  });
});

describe('uc/lawyerInfo/channelPage (zxyh, paky, yjjd)', () => {
  it.each(['zxyh', 'paky', 'yjjd'])('lists the lawyers tagged for %s', async (channel) => {
    const expected = (await allLawyers()).filter((l) => l.channel_tags.split(',').includes(channel));
    expect(expected.length).toBeGreaterThan(0);
    const { ids } = await walk(`uc/lawyerInfo/channelPage?lawyerChannel=${channel}`, 3);
    expect(ids).toEqual(expected.map((l) => l.id));
    // Without lawyerChannel, the request's own channel decides.
    const own = await lawyerPage(`uc/lawyerInfo/channelPage?channel=${channel}&limit=50`);
    expect(own.list.map((l) => l.id)).toEqual(expected.map((l) => l.id));
  });

  it('a channel without a list is refused with a message', async () => {
    const res = await get('uc/lawyerInfo/channelPage?channel=gzh');
    expect(res.status).toBe(400);
    expect(res.msg).toContain('lawyerChannel');
    expect((await get('uc/lawyerInfo/channelPage?lawyerChannel=czh')).status).toBe(400);
  });
});

describe('uc/lawyerPartCase', () => {
  it('pages one lawyer’s cases and opens one', async () => {
    const busiest = await t.db.db
      .selectFrom('lawyer_cases')
      .select(['lawyer_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('lawyer_id')
      .orderBy('n', 'desc')
      .orderBy('lawyer_id')
      .executeTakeFirstOrThrow();
    const n = Number(busiest.n);
    expect(n).toBeGreaterThanOrEqual(3);
    const first = await getOk(`uc/lawyerPartCase/page?lawyerId=${busiest.lawyer_id}&limit=2`, CasePageSchema);
    expect(first).toMatchObject({ total: n, hasMore: true });
    const second = await getOk(
      `uc/lawyerPartCase/page?lawyerId=${busiest.lawyer_id}&limit=2&page=2`,
      CasePageSchema,
    );
    expect(second.list[0]?.id).not.toBe(first.list[0]?.id);
    expect(second.hasMore).toBe(n > 4);

    const caseId = first.list[0]?.id ?? 0;
    const detail = await getOk(`uc/lawyerPartCase?id=${caseId}`, CaseDetailSchema);
    expect(detail.lawyer.id).toBe(busiest.lawyer_id);
    expect(detail.content.length).toBeGreaterThan(1);
    expect(detail.fieldName).toBe(consultFieldName(detail.field));
  });

  it('unknown case or lawyer → 404; bad ids → 400', async () => {
    expect((await get('uc/lawyerPartCase?id=99999')).status).toBe(404);
    expect((await get('uc/lawyerPartCase/page?lawyerId=99999')).status).toBe(404);
    expect((await get('uc/lawyerPartCase/page')).status).toBe(400);
    expect((await get('uc/lawyerPartCase?id=x')).msg).toContain('案例id');
  });
});

describe('uc/lawyerInfo/check (CheckLawyer)', () => {
  it('verifies name + licence number of a platform lawyer', async () => {
    const row = (await allLawyers())[5];
    if (!row?.license_no) throw new Error('seed lawyer without licence');
    const q = (name: string, no: string) =>
      `uc/lawyerInfo/check?name=${encodeURIComponent(name)}&licenseNo=${no}`;
    const yes = await getOk(q(row.real_name, row.license_no), CheckLawyerResultSchema);
    expect(yes.verified).toBe(true);
    expect(yes.lawyer?.id).toBe(row.id);
    const wrongName = await getOk(q('不存在', row.license_no), CheckLawyerResultSchema);
    expect(wrongName).toMatchObject({ verified: false, lawyer: null });
    const unknownNo = await getOk(q(row.real_name, '19999000011999999'), CheckLawyerResultSchema);
    expect(unknownNo.verified).toBe(false);
  });

  it('every seeded lawyer has a distinct 17-digit licence number', async () => {
    const rows = await allLawyers();
    const numbers = rows.map((l) => l.license_no);
    for (const no of numbers) expect(no).toMatch(/^\d{17}$/);
    expect(new Set(numbers).size).toBe(rows.length);
  });

  it('bad input is refused with a message', async () => {
    const res = await get('uc/lawyerInfo/check?name=a&licenseNo=123');
    expect(res.status).toBe(400);
    expect(res.msg).toContain('执业证号应为17位数字');
    expect((await get('uc/lawyerInfo/check?licenseNo=12345678901234567')).msg).toContain('律师姓名');
  });
});

describe('tax advisors and experts', () => {
  it('uc/taxAdvisor/page pages all advisors; tax/taxexpert/page only experts', async () => {
    const rows = await t.db.db.selectFrom('tax_advisors').selectAll().execute();
    const all = await getOk('uc/taxAdvisor/page?limit=5', TaxAdvisorPageSchema);
    expect(all).toMatchObject({ total: rows.length, hasMore: true });
    const p3 = await getOk('uc/taxAdvisor/page?limit=5&page=3', TaxAdvisorPageSchema);
    expect(p3.list).toHaveLength(rows.length - 10);
    expect(p3.hasMore).toBe(false);
    const experts = await getOk('tax/taxexpert/page?limit=50', TaxAdvisorPageSchema);
    expect(experts.total).toBe(rows.filter((r) => r.is_expert === 1).length);
    expect(experts.total).toBeLessThan(rows.length);
    for (const e of experts.list) expect(e.isExpert).toBe(true);
  });

  it('filters by field exactly and by keyword', async () => {
    const rows = await t.db.db.selectFrom('tax_advisors').selectAll().execute();
    const field = await getOk('uc/taxAdvisor/page?field=45&limit=50', TaxAdvisorPageSchema);
    expect(field.total).toBe(rows.filter((r) => hasField(r.skill_field, 45)).length);
    const org = await getOk(
      `uc/taxAdvisor/page?keyword=${encodeURIComponent('明税')}&limit=50`,
      TaxAdvisorPageSchema,
    );
    expect(org.total).toBe(rows.filter((r) => r.organisation.includes('明税')).length);
    const expertsByField = await getOk('tax/taxexpert/page?field=24&limit=50', TaxAdvisorPageSchema);
    for (const e of expertsByField.list) expect(e.isExpert).toBe(true);
  });

  it('uc/taxAdvisor answers one advisor; unknown → 404', async () => {
    const a = await getOk('uc/taxAdvisor?id=1', TaxAdvisorSchema);
    expect(a.intro).not.toBe('');
    expect(a.skillFieldNames[0]).toBe('税务咨询');
    expect((await get('uc/taxAdvisor?id=999')).status).toBe(404);
    expect((await get('uc/taxAdvisor?id=a')).status).toBe(400);
  });
});

describe('institutes', () => {
  it('institute/list pages the 13 institutes in order; keyword searches', async () => {
    const first = await getOk('institute/list?limit=5', InstitutePageSchema);
    expect(first).toMatchObject({ total: 13, hasMore: true });
    const last = await getOk('institute/list?limit=5&page=3', InstitutePageSchema);
    expect(last.list).toHaveLength(3);
    expect(last.hasMore).toBe(false);
    const tax = await getOk(`institute/list?keyword=${encodeURIComponent('税务')}`, InstitutePageSchema);
    expect(tax.total).toBeGreaterThanOrEqual(1);
    for (const i of tax.list) expect(`${i.name}${i.brief}`).toContain('税务');
    const city = await getOk(`institute/list?keyword=${encodeURIComponent('成都')}`, InstitutePageSchema);
    expect(city.list.map((i) => i.city)).toEqual(['成都']);
  });

  it('institute/info shows the institute and its lawyers; institute/lawyers pages them', async () => {
    const info = await getOk('institute/info?id=2', InstituteInfoSchema);
    expect(info.platformLawyerCount).toBeGreaterThanOrEqual(3);
    expect(info.lawyers).toHaveLength(Math.min(6, info.platformLawyerCount));
    const members = await t.db.db
      .selectFrom('institute_lawyers')
      .select('lawyer_id')
      .where('institute_id', '=', 2)
      .execute();
    const page = await getOk('institute/lawyers?id=2&limit=2', LawyerPageSchema);
    expect(page.total).toBe(members.length);
    expect(page.hasMore).toBe(members.length > 2);
    for (const l of page.list) expect(members.map((m) => m.lawyer_id)).toContain(l.id);
    // The lawyer's profile names the institute back.
    const firstLawyer = info.lawyers[0]?.id ?? 0;
    const profile = await getOk(`uc/lawyerInfo?id=${firstLawyer}`, LawyerProfileSchema);
    expect(profile.institutes.map((i) => i.id)).toContain(2);
  });

  it('unknown institute → 404', async () => {
    expect((await get('institute/info?id=999')).status).toBe(404);
    expect((await get('institute/lawyers?id=999')).status).toBe(404);
    expect((await get('institute/info?id=zero')).status).toBe(400);
  });
});
