import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phonePage, type RunningServer, screenshot, startServer } from './harness.ts';
import { apiData, loginByApi } from './session-helpers.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Page_<T> = { list: T[]; total: number };
type Lawyer = { id: number; realName: string; skillFieldNames: string[]; licenseNo?: string | null };
type Article = { id: number; subject: string; infoUrl: string };

const app = (route: string, query = '') => `${server.url}/h5/gzh/${query}#/${route}`;
const cards = (page: Page, testId: string) => page.getByTestId(testId);
const scrollToEnd = (page: Page) =>
  page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

describe('选专家: the lawyer list', () => {
  it('loads more as it scrolls, filters by field and by level, and searches', async () => {
    const all = await apiData<Page_<Lawyer>>(server, 'uc/lawyerInfo/page', { limit: 1 });
    const { page, consoleErrors, context } = await phonePage(browser);
    await page.goto(app('Lawyer'));
    await page.locator('[data-page="Lawyer"]').waitFor();
    const lawyers = cards(page, 'lawyer-card');
    await expect.poll(() => lawyers.count()).toBe(Math.min(20, all.total));
    expect(all.total).toBeGreaterThan(20);

    // Infinite scroll: the next page arrives when the end of the list comes into view.
    await scrollToEnd(page);
    await expect.poll(() => lawyers.count(), { timeout: 10_000 }).toBe(Math.min(40, all.total));
    if (all.total <= 40) await page.getByTestId('list-end').waitFor();
    await screenshot(page, 'lawyer-list-more');

    // Field filter (exact match on a skill field): every card names the field.
    await page.evaluate(() => window.scrollTo(0, 0));
    const field = await apiData<Page_<Lawyer>>(server, 'uc/lawyerInfo/page', { field: 1, limit: 50 });
    await page.getByTestId('field-filter').locator('button[data-field="1"]').click();
    await expect.poll(() => lawyers.count()).toBe(field.total);
    const names = await page.getByTestId('lawyer-fields').allInnerTexts();
    expect(names.every((text) => text.includes('交通出行'))).toBe(true);
    expect(await page.getByTestId('infinite-list').getAttribute('data-total')).toBe(String(field.total));

    // Level on top of the field.
    const famous = await apiData<Page_<Lawyer>>(server, 'uc/lawyerInfo/page', {
      field: 1,
      level: 1,
      limit: 50,
    });
    await page.getByTestId('level-filter').locator('button[data-level="1"]').click();
    if (famous.total === 0) await page.getByTestId('empty-state').waitFor();
    else {
      await expect.poll(() => lawyers.count()).toBe(famous.total);
      const levels = await lawyers.getByTestId('level-tag').allInnerTexts();
      expect(levels.every((text) => text === '著名律师')).toBe(true);
    }

    // Search by name, all filters off.
    await page.getByTestId('field-filter').getByRole('button', { name: '全部领域' }).click();
    await page.getByTestId('level-filter').getByRole('button', { name: '全部等级' }).click();
    const someone = all.list[0];
    if (!someone) throw new Error('no lawyer');
    const search = page.locator('[data-page="Lawyer"] .adm-search-bar input');
    await search.fill(someone.realName);
    await search.press('Enter');
    await expect.poll(() => lawyers.first().innerText()).toContain(someone.realName);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a lawyer page shows the profile, career report and cases; a case opens CaseDetail', async () => {
    const { page, consoleErrors, context } = await phonePage(browser);
    await page.goto(app('Lawyer'));
    const first = cards(page, 'lawyer-card').first();
    await first.waitFor();
    const id = await first.getAttribute('data-lawyer-id');
    const profile = await apiData<
      Lawyer & { cases: Array<{ id: number; title: string }>; levelName: string }
    >(server, 'uc/lawyerInfo', { id: Number(id) });
    await first.locator('a').first().click();
    await page.locator('[data-page="LawyerInfo"]').waitFor();
    expect(page.url()).toMatch(new RegExp(`#/LawyerInfo/${id}/\\d+`));
    const head = page.getByTestId('lawyer-profile');
    await head.waitFor();
    expect(await head.innerText()).toContain(profile.realName);
    expect(await head.innerText()).toContain(`${profile.levelName}律师`);
    expect(await page.getByTestId('skill-fields').innerText()).toContain(profile.skillFieldNames[0] ?? '?');
    await page.getByTestId('career-report').waitFor();
    await screenshot(page, 'lawyer-info');
    const firstCase = profile.cases[0];
    if (firstCase) {
      await page.getByTestId('lawyer-cases').getByText(firstCase.title).click();
      await page.locator('[data-page="CaseDetail"]').waitFor();
      await expect.poll(() => page.getByTestId('case-detail').innerText()).toContain(firstCase.title);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('CheckLawyer verifies a name with its 17-digit licence number', async () => {
    const lawyer = await apiData<Lawyer>(server, 'uc/lawyerInfo', { id: 3 });
    const { page, consoleErrors, context } = await phonePage(browser);
    await page.goto(app('CheckLawyer'));
    await page.locator('[data-page="CheckLawyer"]').waitFor();
    await page.getByRole('button', { name: '立即查验' }).click();
    await page.getByText('请输入律师姓名').first().waitFor();
    await page.locator('#ll-check-name').fill(lawyer.realName);
    await page.locator('#ll-check-license').fill('123');
    await page.getByRole('button', { name: '立即查验' }).click();
    await page.getByText('执业证号应为17位数字').waitFor();
    await page.locator('#ll-check-license').fill(lawyer.licenseNo ?? '');
    await page.getByRole('button', { name: '立即查验' }).click();
    const result = page.getByTestId('check-result');
    await result.waitFor();
    await expect.poll(() => result.getByTestId('lawyer-card').count()).toBe(1);
    expect(await result.innerText()).toContain(lawyer.realName);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('private counsel: add from a lawyer page, list it, remove it after confirming', async () => {
    const { token } = await loginByApi(server);
    const { page, consoleErrors, context } = await phonePage(browser);
    await page.goto(app('PrivateLawyer', `?token=${token}`));
    await page.getByText('还没有私人律师，去律师主页添加吧').waitFor();
    await page.goto(app('LawyerInfo/3'));
    await page.getByTestId('lawyer-profile').waitFor();
    await page.getByRole('button', { name: '设为私人律师' }).click();
    await page.getByText('已是私人律师').waitFor();
    await page.getByText('已是私人律师').click();
    await page.locator('[data-page="PrivateLawyer"]').waitFor();
    const entries = cards(page, 'lawyer-card');
    await expect.poll(() => entries.count()).toBe(1);
    await entries.getByRole('button', { name: '移除' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '取消' }).click();
    expect(await entries.count()).toBe(1);
    await entries.getByRole('button', { name: '移除' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '移除' }).click();
    await page.getByText('还没有私人律师，去律师主页添加吧').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the tax advisors tab lists advisors and opens one', async () => {
    const { page, consoleErrors, context } = await phonePage(browser);
    await page.goto(app('Lawyer'));
    await page.getByRole('tab', { name: '税务顾问' }).click();
    const advisors = cards(page, 'tax-advisor-card');
    await advisors.first().waitFor();
    await advisors.first().locator('button').click();
    await page.getByTestId('tax-advisor-name').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('资讯: the information list', () => {
  it('searches (popular searches too), filters by tag, and keeps its scroll when coming back from an article', async () => {
    const { page, consoleErrors, context } = await phonePage(browser);
    await page.goto(app('Information'));
    await page.locator('[data-page="Information"]').waitFor();
    const articles = cards(page, 'article-card');
    await expect.poll(() => articles.count()).toBe(10);

    // A popular search.
    const popular = await apiData<Array<{ keyword: string }>>(server, 'content/popularSearchList');
    const keyword = popular[0]?.keyword ?? '离婚';
    await page.getByTestId('popular-searches').getByRole('button', { name: keyword, exact: true }).click();
    const found = await apiData<Page_<Article>>(server, 'content', { searchContent: keyword, limit: 10 });
    await expect
      .poll(() => page.getByTestId('search-result-note').innerText())
      .toContain(`（${found.total}篇）`);
    await expect
      .poll(() => articles.getByTestId('article-subject').allInnerTexts())
      .toEqual(found.list.map((a) => a.subject));

    // Typed search with no result.
    const input = page.locator('[data-page="Information"] .adm-search-bar input');
    await input.fill('没有这样的文章啊');
    await input.press('Enter');
    await page.getByText('没有找到相关资讯，换个关键词试试').waitFor();
    await input.fill('');
    await input.press('Enter');
    await expect.poll(() => articles.count()).toBe(10);

    // A tag.
    const tags = await apiData<Array<{ id: number; name: string }>>(server, 'content/tag/list');
    const tag = tags.find((t) => t.name === '税务') ?? tags[0];
    if (!tag) throw new Error('no tags');
    const tagged = await apiData<Page_<Article>>(server, 'content', { tagIds: String(tag.id), limit: 10 });
    await page.getByTestId('tag-filter').locator(`button[data-tag-id="${tag.id}"]`).click();
    await expect
      .poll(() => articles.getByTestId('article-subject').allInnerTexts())
      .toEqual(tagged.list.map((a) => a.subject));
    await page.getByTestId('tag-filter').getByRole('button', { name: '全部', exact: true }).click();
    await expect.poll(() => articles.count()).toBe(10);

    // Infinite scroll, then an article over the list, then back: the list is where it was.
    await scrollToEnd(page);
    await expect.poll(() => articles.count(), { timeout: 10_000 }).toBe(20);
    await page.evaluate(() => window.scrollTo(0, 1400));
    await page.waitForTimeout(300);
    const before = await page.evaluate(() => Math.round(window.scrollY));
    expect(before).toBeGreaterThan(1000);
    const loaded = await articles.count();
    const inView = await page.evaluate(() => {
      const cardsInView = [...document.querySelectorAll<HTMLElement>('[data-testid="article-card"]')].filter(
        (el) => {
          const r = el.getBoundingClientRect();
          return r.top > 120 && r.bottom < window.innerHeight - 80;
        },
      );
      const local = cardsInView.find((el) => el.dataset.articleId);
      return local?.dataset.articleId ?? null;
    });
    const list = await apiData<Page_<Article>>(server, 'content', { limit: 20 });
    const target =
      list.list.find((a) => String(a.id) === inView && !a.infoUrl) ??
      list.list.slice(10).find((a) => !a.infoUrl);
    if (!target) throw new Error('no in-app article');
    await page.locator(`[data-testid="article-card"][data-article-id="${target.id}"] button`).click();
    const reader = page.getByTestId('article-detail');
    await reader.waitFor();
    expect(page.url()).toContain(`#/Information/${target.id}`);
    expect(await reader.innerText()).toContain(target.subject);
    await screenshot(page, 'information-article');
    await page.getByTestId('article-reader').getByRole('button', { name: '返回', exact: true }).click();
    await reader.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/#\/Information$/);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(before - 5);
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBeLessThan(before + 5);
    expect(await articles.count()).toBe(loaded);

    // Going to another tab and back keeps it too (kept alive).
    await page.locator('.adm-tab-bar').getByText('首页', { exact: true }).click();
    await page.locator('[data-page="Home"]').waitFor();
    await page.locator('.adm-tab-bar').getByText('资讯', { exact: true }).click();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(before - 5);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('an article on the own domain opens its link with the token appended', async () => {
    const { token } = await loginByApi(server);
    const list = await apiData<Page_<Article>>(server, 'content', { limit: 50 });
    const own = list.list.find((a) => a.infoUrl.includes('lawline.example.com'));
    if (!own) throw new Error('no own-domain article in the seed');
    const { page, context } = await phonePage(browser);
    await context.route('https://lawline.example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>own</title><p>article</p>' }),
    );
    await page.goto(app(`Information/${own.id}`, `?token=${token}`));
    await page.waitForURL(/lawline\.example\.com/);
    const url = new URL(page.url());
    expect(url.searchParams.get('token')).toBe(token);
    await context.close();
  });
});

describe('catalogue, institutes, posters and videos', () => {
  it('服务商城 pages its products; ProductInfo shows name, intro, image and prices', async () => {
    const { page, consoleErrors, context } = await phonePage(browser);
    await page.goto(app('ServiceMall'));
    const products = cards(page, 'product-card');
    await products.first().waitFor();
    const recommended = await apiData<Page_<{ productCode: string }>>(
      server,
      'channel/getChnRecommendProducts',
      {
        limit: 50,
      },
    );
    await expect.poll(() => products.count()).toBe(Math.min(10, recommended.total));
    await page.getByRole('tab', { name: '全部' }).click();
    const all = await apiData<Page_<{ productCode: string }>>(server, 'channel/pageChnProduct', {
      limit: 50,
    });
    await expect.poll(() => products.count()).toBe(Math.min(10, all.total));
    await scrollToEnd(page);
    await expect.poll(() => products.count(), { timeout: 10_000 }).toBe(Math.min(20, all.total));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('tab', { name: '推荐' }).click();
    const docCheck = products.and(page.locator('[data-code="SC18001"]'));
    await docCheck.locator('a').click();
    await page.locator('[data-page="ProductInfo"]').waitFor();
    const info = page.getByTestId('product-info');
    await info.waitFor();
    const text = await info.innerText();
    expect(text).toContain('合同审查');
    expect(text).toContain('¥149');
    expect(text).toContain('¥199');
    expect(await info.locator('img').count()).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('member cards: MemberCard → ACard with its rights; SingleCard by code; TimeCard choices; buy → BuyCard', async () => {
    const { page, consoleErrors, context } = await phonePage(browser);
    await page.goto(app('MemberCard'));
    await page.getByTestId('card-tile').first().waitFor();
    await page.locator('[data-testid="card-tile"][data-code="MC19001"]').click();
    await page.locator('[data-page="ACard"]').waitFor();
    const rights = page.getByTestId('card-rights');
    await rights.waitFor();
    expect(await rights.innerText()).toContain('不限次电话咨询');
    expect(await rights.innerText()).toContain('7折');
    await page.goto(app('SingleCard/MC20005'));
    await expect.poll(() => page.getByTestId('member-card').innerText()).toContain('好心分手');
    await page.goto(app('TimeCard'));
    await page.getByTestId('member-card').waitFor();
    await page.getByRole('button', { name: /电话咨询年卡/ }).click();
    await expect.poll(() => page.getByTestId('member-card').getAttribute('data-code')).toBe('MC15004');
    // Buying needs a login first; BuyCard itself is open to anyone who has the link.
    await page.getByRole('button', { name: '立即开通' }).click();
    await page.getByTestId('login-popup').waitFor();
    await page.goto(app('BuyCard/MC15004'));
    await page.locator('[data-page="BuyCard"]').waitFor();
    await expect.poll(() => page.getByTestId('buy-card-price').innerText()).toContain('¥');
    await page.goto(app('BCard'));
    await expect.poll(() => page.getByTestId('card-rights').innerText()).toContain('诉讼代理');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('institutes: list → InstituteInfo with its lawyers → Institute4Info', async () => {
    const { page, consoleErrors, context } = await phonePage(browser);
    await page.goto(app('Institute'));
    const first = cards(page, 'institute-card').first();
    await first.waitFor();
    const name = (await first.locator('strong').innerText()).trim();
    await first.click();
    await page.locator('[data-page="InstituteInfo"]').waitFor();
    await expect.poll(() => page.getByTestId('institute-info').innerText()).toContain(name);
    await page.getByRole('link', { name: '查看完整介绍 ›' }).click();
    await page.locator('[data-page="Institute4Info"]').waitFor();
    await expect.poll(() => page.getByTestId('institute-intro').innerText()).toContain(name);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('posters draw a QR code of the share link; sample videos say they cannot be played', async () => {
    const info = await apiData<{ shareLink: string }>(server, 'poster/info');
    const { page, consoleErrors, context } = await phonePage(browser);
    await page.goto(app('PostersHaibao'));
    const qr = page.getByTestId('poster-qr');
    await qr.waitFor();
    expect(await qr.getAttribute('data-link')).toBe(info.shareLink);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/gif;base64,/);
    await screenshot(page, 'poster-haibao');
    await page.goto(app('PostersThr'));
    await expect.poll(() => page.getByTestId('poster').getAttribute('data-kind')).toBe('activity');

    await page.goto(app('VideoList'));
    const video = cards(page, 'video-card').first();
    await video.waitFor();
    await video.click();
    await page.locator('[data-page="Video"]').waitFor();
    await page.getByTestId('video-detail').waitFor();
    const detail = await apiData<{ playable: boolean }>(server, 'video/detail', {
      id: Number(page.url().split('#/Video/')[1]),
    });
    if (!detail.playable)
      expect(await page.getByTestId('video-notice').innerText()).toContain('示例视频暂不可播放');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
