import {
  ArticleDetailSchema,
  ArticlePageSchema,
  PopularSearchSchema,
  TagSchema,
} from '@lawline/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sanitizeArticleHtml } from '../src/modules/content/sanitize.ts';
import { ContentService } from '../src/modules/content/service.ts';
import { body, createTestApp, loginAs, type TestContext } from './helpers.ts';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await loginAs(t.app, '13900139001'));
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/${url}`, headers });
  return { status: res.statusCode, ...body<unknown>(res) };
}

async function getOk<S extends z.ZodType>(
  url: string,
  schema: S,
  headers: Record<string, string> = {},
): Promise<z.infer<S>> {
  const res = await get(url, headers);
  expect(res.status, `${url}: ${res.msg}`).toBe(200);
  expect(res.code).toBe(0);
  return schema.parse(res.data);
}

const articles = (url: string, headers: Record<string, string> = {}) =>
  getOk(url, ArticlePageSchema, headers);
const q = encodeURIComponent;

async function articleRows() {
  return t.db.db
    .selectFrom('articles')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

async function articleIdsWithAnyTag(tagIds: number[]): Promise<Set<number>> {
  const rows = await t.db.db
    .selectFrom('article_tags')
    .select('article_id')
    .where('tag_id', 'in', tagIds)
    .execute();
  return new Set(rows.map((r) => r.article_id));
}

describe('content (article list)', () => {
  it('pages all articles newest first, 10 by default', async () => {
    const rows = await articleRows();
    const first = await articles('content');
    expect(first).toMatchObject({ total: rows.length, page: 1, limit: 10, hasMore: true });
    expect(first.list.map((a) => a.id)).toEqual(rows.slice(0, 10).map((r) => r.id));
    const dates = first.list.map((a) => Date.parse(a.createDate));
    expect([...dates].sort((x, y) => y - x)).toEqual(dates);
    const second = await articles('content?page=2&limit=10');
    expect(second.list.map((a) => a.id)).toEqual(rows.slice(10, 20).map((r) => r.id));
    const lastPage = Math.ceil(rows.length / 10);
    const last = await articles(`content?page=${lastPage}`);
    expect(last.list).toHaveLength(rows.length - (lastPage - 1) * 10);
    expect(last.hasMore).toBe(false);
  });

  it('a list item carries what a card shows (spec §3), not the summary, tags or body', async () => {
    const { data } = await get('content?limit=1');
    const item = z.object({ list: z.array(z.record(z.string(), z.unknown())) }).parse(data).list[0];
    expect(Object.keys(item ?? {}).sort()).toEqual(
      ['createDate', 'hCoverFileUrl', 'id', 'infoUrl', 'readsCount', 'subject', 'vCoverFileUrl'].sort(),
    );
  });

  it('sort=hot puts the hot articles first (home shows the top 2)', async () => {
    const hot = await articles('content?limit=2&sort=hot');
    expect(hot.list).toHaveLength(2);
    const hotIds = new Set((await articleRows()).filter((r) => r.is_hot === 1).map((r) => r.id));
    for (const a of hot.list) expect(hotIds.has(a.id)).toBe(true);
    expect(hot.list[0]?.readsCount).toBeGreaterThanOrEqual(hot.list[1]?.readsCount ?? 0);
  });

  it('searchContent searches subject and summary', async () => {
    const rows = await articleRows();
    const expected = rows.filter((r) => r.subject.includes('离婚') || r.summary.includes('离婚'));
    const data = await articles(`content?searchContent=${q('离婚')}&limit=50`);
    expect(data.total).toBe(expected.length);
    expect(data.list.map((a) => a.id)).toEqual(expected.map((r) => r.id));
    // A word found only in a summary.
    const onlySummary = rows.find((r) => r.summary.includes('核心规则') && !r.subject.includes('核心规则'));
    expect(onlySummary).toBeDefined();
    const bySummary = await articles(`content?searchContent=${q('核心规则')}&limit=50`);
    expect(bySummary.list.map((a) => a.id)).toContain(onlySummary?.id);
    expect((await articles(`content?searchContent=${q('%')}`)).total).toBe(0);
    expect((await articles(`content?searchContent=${q('_')}`)).total).toBe(0);
  });

  it('search ignores letter case on both databases', async () => {
    const service = new ContentService(t.db.db, () => t.clock.now);
    const id = await service.store({
      subject: 'GDPR Privacy 合规入门',
      summary: 'Cross-border data 示例',
      content_html: '<p>ok</p>',
      info_url: '',
      h_cover_url: '',
      v_cover_url: '',
      author: '测试',
      reads_count: 0,
      is_hot: 0,
      created_at: t.clock.now - 1000,
    });
    for (const term of ['gdpr', 'PRIVACY', 'Cross-Border']) {
      const data = await articles(`content?searchContent=${q(term)}`);
      expect(data.list.map((a) => a.id)).toEqual([id]);
    }
    await t.db.db.deleteFrom('articles').where('id', '=', id).execute();
  });

  it('tagIds filters to articles carrying any of the tags', async () => {
    const tags = await getOk('content/tag/list', z.array(TagSchema));
    const [a, b] = tags;
    if (!a || !b) throw new Error('seed tags');
    const one = await articles(`content?tagIds=${a.id}&limit=50`);
    const withA = await articleIdsWithAnyTag([a.id]);
    expect(one.total).toBe(withA.size);
    expect(one.total).toBe(a.articleCount);
    for (const article of one.list) expect(withA.has(article.id)).toBe(true);

    const both = await articles(`content?tagIds=${a.id},${b.id}&limit=50`);
    expect(both.total).toBe((await articleIdsWithAnyTag([a.id, b.id])).size);
    expect(both.total).toBeGreaterThan(one.total);

    const combined = await articles(`content?tagIds=${a.id}&searchContent=${q('误区')}&limit=50`);
    const summaries = new Map((await articleRows()).map((r) => [r.id, r.summary]));
    for (const article of combined.list) {
      expect(withA.has(article.id)).toBe(true);
      expect(`${article.subject}${summaries.get(article.id)}`).toContain('误区');
    }
    expect(combined.total).toBeLessThan(one.total);

    expect((await articles('content?tagIds=')).total).toBe((await articleRows()).length);
    expect((await articles('content?tagIds=99999')).total).toBe(0);
  });

  it.each([
    ['tagIds=a', '标签'],
    ['tagIds=1,,2', '标签'],
    ['tagIds=0', '标签id必须是正整数'],
    ['tagIds=1,2,3,4,5,6,7,8,9,10,11', '最多同时筛选10个标签'],
    ['limit=51', '每页最多50条'],
    ['page=0', '页码从1开始'],
    ['limit=abc', 'limit'],
    [`searchContent=${'搜'.repeat(31)}`, '最多30个字'],
    ['sort=old', '排序'],
    ['foo=1', 'foo'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await get(`content?${encodeURI(query)}`);
    expect(res.status).toBe(400);
    expect(res.msg).toContain(message);
  });
});

describe('content/tag/list and content/popularSearchList', () => {
  it('lists tags in order with article counts', async () => {
    const tags = await getOk('content/tag/list', z.array(TagSchema));
    expect(tags.length).toBeGreaterThanOrEqual(5);
    expect(tags[0]?.name).toBe('婚姻家庭');
    const links = await t.db.db.selectFrom('article_tags').select('tag_id').execute();
    expect(tags.reduce((sum, tag) => sum + tag.articleCount, 0)).toBe(links.length);
  });

  it('lists the top 10 searches, most searched first', async () => {
    const list = await getOk('content/popularSearchList', z.array(PopularSearchSchema));
    expect(list).toHaveLength(10);
    const counts = list.map((s) => s.count);
    expect([...counts].sort((x, y) => y - x)).toEqual(counts);
  });

  it('counts first-page searches that find something, normalised', async () => {
    const countOf = async (term: string) =>
      (await t.db.db.selectFrom('search_terms').select('count').where('term', '=', term).executeTakeFirst())
        ?.count ?? 0;
    const before = await countOf('离婚');
    await articles(`content?searchContent=${q('离婚')}`);
    await articles(`content?searchContent=${q('  离婚 ')}`);
    // Scrolling on is the same search; a search that finds nothing is not a popular search.
    await articles(`content?searchContent=${q('离婚')}&page=2`);
    await articles(`content?searchContent=${q('没有这样的文章')}`);
    expect(await countOf('离婚')).toBe(before + 2);
    expect(await countOf('没有这样的文章')).toBe(0);

    const list = await getOk('content/popularSearchList', z.array(PopularSearchSchema));
    expect(list.find((s) => s.keyword === '离婚')?.count).toBe(before + 2);

    // A new term is counted from its first search…
    await articles(`content?searchContent=${q('劳动')}`);
    await articles(`content?searchContent=${q('劳动')}`);
    expect(await countOf('劳动')).toBe(2);
    expect(list.map((s) => s.keyword)).not.toContain('劳动');
    // …and enters the top 10 once searched more often than the tenth.
    const tenth = list[9];
    if (!tenth) throw new Error('seed has fewer than 10 searches');
    await t.db.db
      .updateTable('search_terms')
      .set({ count: tenth.count })
      .where('term', '=', '劳动')
      .execute();
    await articles(`content?searchContent=${q('劳动')}`);
    const after = await getOk('content/popularSearchList', z.array(PopularSearchSchema));
    expect(after).toHaveLength(10);
    expect(after.map((s) => s.keyword)).toContain('劳动');
    expect(after.map((s) => s.keyword)).not.toContain(tenth.keyword);
  });
});

describe('content/detail', () => {
  it('counts one read per call and answers the sanitised body', async () => {
    const row = (await articleRows()).find((r) => r.info_url === '');
    if (!row) throw new Error('seed');
    const first = await getOk(`content/detail?id=${row.id}`, ArticleDetailSchema);
    expect(first.readsCount).toBe(row.reads_count + 1);
    const second = await getOk(`content/detail?id=${row.id}`, ArticleDetailSchema);
    expect(second.readsCount).toBe(row.reads_count + 2);
    expect(first.contentHtml).toContain('<p>');
    expect(first.contentHtml).toBe(sanitizeArticleHtml(row.content_html));
    expect(first).toMatchObject({ summary: row.summary, author: row.author, isHot: row.is_hot === 1 });
    const storedTags = await t.db.db
      .selectFrom('article_tags')
      .select('tag_id')
      .where('article_id', '=', row.id)
      .execute();
    expect(first.tags.map((tag) => tag.id).sort()).toEqual(storedTags.map((r) => r.tag_id).sort());
    // The list shows the counted reads too.
    const stored = await t.db.db
      .selectFrom('articles')
      .select('reads_count')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored.reads_count).toBe(row.reads_count + 2);
  });

  it('unknown id → 404 and nothing counted; bad id → 400', async () => {
    const res = await get('content/detail?id=987654');
    expect(res.status).toBe(404);
    expect(res.msg).toBe('文章不存在或已下架');
    for (const bad of ['0', 'x', '-1', '']) {
      const r = await get(`content/detail?id=${bad}`);
      expect(r.status).toBe(400);
      expect(r.msg).toContain('文章id');
    }
  });
});

describe('article HTML sanitiser', () => {
  const evil =
    '<p onclick="steal()">正文<script>alert(1)</script></p>' +
    '<img src="x" onerror="alert(1)"><img src="https://img.example.com/a.png" onload="x()">' +
    '<img src="/media/ph/10x10.svg?text=a"><img src="javascript:alert(1)"><img src="//evil.example/x.png">' +
    '<a href="javascript:alert(1)">坏链接</a><a href="JaVaScRiPt:alert(2)">坏2</a>' +
    '<a href="jav&#x61;script:alert(3)">坏3</a><a href="https://ok.example.com/" onmouseover="x()">好链接</a>' +
    '<a href="http://plain.example.com/">非https</a>' +
    '<iframe src="https://evil.example"></iframe><style>p{color:red}</style><div style="x">块</div>' +
    '<h1>标题</h1><h4>小标题</h4><ul><li>条目</li></ul><ol><li>一</li></ol><em>斜</em><strong>粗</strong><br>' +
    '<svg onload="alert(1)"><circle/></svg><form action="https://x"><input value="y"></form>';

  it('keeps only the allowed tags and attributes', () => {
    const clean = sanitizeArticleHtml(evil);
    for (const banned of [
      '<script',
      'alert',
      'onerror',
      'onclick',
      'onload',
      'onmouseover',
      'javascript',
      'JaVa',
    ]) {
      expect(clean).not.toContain(banned);
    }
    for (const banned of [
      '<iframe',
      '<style',
      '<div',
      '<svg',
      '<form',
      '<input',
      'style=',
      '//evil',
      'http://',
    ]) {
      expect(clean).not.toContain(banned);
    }
    expect(clean).toContain('<img src="https://img.example.com/a.png" />');
    expect(clean).toContain('<img src="/media/ph/10x10.svg?text=a" />');
    expect(clean).toContain('<a href="https://ok.example.com/">好链接</a>');
    expect(clean).toContain('<a>坏链接</a>');
    expect(clean).toContain('<h3>标题</h3>');
    expect(clean).toContain('<h4>小标题</h4>');
    expect(clean).toContain('<ul><li>条目</li></ul>');
    expect(clean).toContain('<ol><li>一</li></ol>');
    expect(clean).toContain('<em>斜</em><strong>粗</strong><br />');
    expect(clean).toContain('块');
    expect(clean.match(/<img /g)).toHaveLength(2);
    // Idempotent: sanitising clean HTML changes nothing.
    expect(sanitizeArticleHtml(clean)).toBe(clean);
  });

  it('an article is sanitised before it is stored', async () => {
    const service = new ContentService(t.db.db, () => t.clock.now);
    const id = await service.store({
      subject: '净化测试',
      summary: 's',
      content_html: evil,
      info_url: '',
      h_cover_url: '',
      v_cover_url: '',
      author: '测试',
      reads_count: 0,
      is_hot: 0,
      created_at: t.clock.now - 10 * 86_400_000 * 365,
    });
    const row = await t.db.db
      .selectFrom('articles')
      .select('content_html')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.content_html).toBe(sanitizeArticleHtml(evil));
    expect(row.content_html).not.toContain('<script');
    await t.db.db.deleteFrom('articles').where('id', '=', id).execute();
  });

  it('a body changed behind the API’s back is sanitised again on the way out', async () => {
    const row = (await articleRows()).find((r) => r.info_url === '');
    if (!row) throw new Error('seed');
    await t.db.db.updateTable('articles').set({ content_html: evil }).where('id', '=', row.id).execute();
    const detail = await getOk(`content/detail?id=${row.id}`, ArticleDetailSchema);
    expect(detail.contentHtml).toBe(sanitizeArticleHtml(evil));
    expect(detail.contentHtml).not.toMatch(/script|onerror|javascript/i);
    await t.db.db
      .updateTable('articles')
      .set({ content_html: row.content_html })
      .where('id', '=', row.id)
      .execute();
  });

  it('every seeded body is stored sanitised', async () => {
    const rows = await t.db.db.selectFrom('articles').select(['id', 'content_html']).execute();
    for (const row of rows) expect(row.content_html).toBe(sanitizeArticleHtml(row.content_html));
  });
});

describe('info URLs carry the token on the own domain when logged in', () => {
  async function ownAndExternal() {
    const rows = await articleRows();
    const own = rows.find((r) => r.info_url.startsWith('https://lawline.example.com/'));
    const external = rows.find((r) => r.info_url.startsWith('https://www.example.com/'));
    if (!own || !external) throw new Error('seed has no own-domain or external article');
    return { own, external };
  }

  it('detail: token appended only for an own-domain link and a live session', async () => {
    const { own, external } = await ownAndExternal();
    const anonymous = await getOk(`content/detail?id=${own.id}`, ArticleDetailSchema);
    expect(anonymous.infoUrl).toBe(own.info_url);
    expect(anonymous.contentHtml).toBe('');

    const loggedIn = await getOk(`content/detail?id=${own.id}`, ArticleDetailSchema, { token });
    const url = new URL(loggedIn.infoUrl);
    expect(url.hostname).toBe('lawline.example.com');
    expect(url.searchParams.get('token')).toBe(token);

    const ext = await getOk(`content/detail?id=${external.id}`, ArticleDetailSchema, { token });
    expect(ext.infoUrl).toBe(external.info_url);

    // A dead or made-up token is not a session: nothing is appended.
    const fake = await getOk(`content/detail?id=${own.id}`, ArticleDetailSchema, { token: 'x'.repeat(43) });
    expect(fake.infoUrl).toBe(own.info_url);
  });

  it('list: the same rule for every card', async () => {
    const { own } = await ownAndExternal();
    const find = async (headers: Record<string, string>) => {
      const data = await articles('content?limit=50&page=1', headers);
      const more = await articles('content?limit=50&page=2', headers);
      return [...data.list, ...more.list];
    };
    const anonymous = await find({});
    expect(anonymous.find((a) => a.id === own.id)?.infoUrl).toBe(own.info_url);
    const loggedIn = await find({ token });
    for (const a of loggedIn) {
      if (a.infoUrl.includes('lawline.example.com')) {
        expect(new URL(a.infoUrl).searchParams.get('token')).toBe(token);
      } else {
        expect(a.infoUrl).not.toContain(token);
      }
    }
    expect(loggedIn.find((a) => a.id === own.id)?.infoUrl).toContain(`token=${token}`);
  });
});
