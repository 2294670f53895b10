import { CommonProblems, HomeConsultFields } from '@lawline/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phonePage, type RunningServer, screenshot, startServer } from './harness.ts';
import {
  apiData,
  buyCard,
  callApi,
  finishGuide,
  loginByApi,
  loginInPopup,
  skipGuide,
} from './session-helpers.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const home = (query = '') => `${server.url}/h5/gzh/${query}#/Home`;

describe('the home page (spec §2)', () => {
  it('shows every block with the seed data; czh-only blocks stay away on gzh', async () => {
    const { page, consoleErrors, context } = await phonePage(browser);
    await skipGuide(page);
    await page.goto(home());
    const root = page.locator('[data-page="Home"]');
    await root.waitFor();
    await page.locator('#splash').waitFor({ state: 'detached', timeout: 5000 });

    // Banners of the three places.
    const channel = await apiData<{ banners: Array<{ bannerPlace: string; url: string }> }>(
      server,
      'channel/getChannel',
    );
    const count = (place: string) => channel.banners.filter((b) => b.bannerPlace === place).length;
    await expect
      .poll(() => page.getByTestId('header-banners').getByTestId('banner').count())
      .toBe(count('header'));
    expect(await page.getByTestId('body-banners').locator('button').count()).toBe(count('body'));
    expect(await page.getByTestId('middle-banners').locator('button').count()).toBe(count('middle'));

    // The 8-field grid with 税务咨询 marked 新, and the common problems with the spec's field ids.
    const fields = page.getByTestId('consult-fields').locator('a[data-field]');
    expect(await fields.count()).toBe(8);
    for (const [index, field] of HomeConsultFields.entries()) {
      const link = fields.nth(index);
      expect(await link.innerText()).toContain(field.name);
      expect(await link.getAttribute('href')).toBe(`#/SubTel/${field.code}`);
    }
    const newMarks = page.getByTestId('consult-fields').getByTestId('new-mark');
    expect(await newMarks.count()).toBe(1);
    expect(await fields.nth(6).innerText()).toContain('新');
    const problems = page.getByTestId('common-problems').locator('a');
    expect(await problems.count()).toBe(8);
    for (const [index, problem] of CommonProblems.entries()) {
      expect(await problems.nth(index).innerText()).toBe(problem.name);
      expect(await problems.nth(index).getAttribute('href')).toBe(`#/SubTel/${problem.field}`);
    }

    // Hot services: the six shortcuts of §2.
    const services = page.getByTestId('hot-services').locator('a');
    expect(await services.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '#/LawyerLetter',
      '#/SubDoc/faceConsult',
      '#/CommitDoc',
      '#/SubDoc/docModule',
      '#/DraftDoc',
      '#/SubDoc/lawsuit',
    ]);

    // Video teaser, AI entry, top 3 lawyers, top 2 articles, footer.
    expect(await page.getByTestId('video-teaser').locator('a').getAttribute('href')).toBe('#/VideoList');
    await page.getByTestId('ai-entry').waitFor();
    const hot = await apiData<Array<{ realName: string }>>(server, 'uc/lawyerInfo/home');
    await expect.poll(() => page.getByTestId('hot-lawyers').getByTestId('lawyer-card').count()).toBe(3);
    expect(await page.getByTestId('hot-lawyers').innerText()).toContain(hot[0]?.realName ?? '?');
    expect(await page.getByTestId('hot-lawyers').getByTestId('more-link').getAttribute('href')).toBe(
      '#/Lawyer',
    );
    await expect.poll(() => page.getByTestId('hot-articles').getByTestId('article-card').count()).toBe(2);
    expect(await page.getByTestId('hot-articles').getByTestId('more-link').getAttribute('href')).toBe(
      '#/Information',
    );
    await page.getByTestId('home-footer').waitFor();
    expect(await page.getByTestId('home-footer').locator('a').first().getAttribute('href')).toBe(
      '#/OrderList?index=1',
    );

    // The ticker shows order/dynamic; until the orders issue serves it, the block stays hidden.
    const dynamic = await callApi<string[]>(server, 'order/dynamic');
    if (dynamic.code === 0 && dynamic.data.length > 0) await page.getByTestId('dynamic-ticker').waitFor();
    else expect(await page.getByTestId('dynamic-ticker').count()).toBe(0);

    // Not for gzh visitors: the czh logo block, the coupon popup, the MC20026 blocks, the guide (done).
    expect(await page.getByTestId('channel-logo').count()).toBe(0);
    expect(await page.getByTestId('coupon-popup').count()).toBe(0);
    expect(await page.getByTestId('member-banners').count()).toBe(0);
    expect(await page.getByTestId('new-user-guide').count()).toBe(0);

    await screenshot(page, 'home-blocks');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await screenshot(page, 'home-blocks-bottom');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('?channel=czh shows the logo block and the coupon popup; a visitor tapping it is asked to log in', async () => {
    const { page, consoleErrors, context } = await phonePage(browser);
    await skipGuide(page);
    await page.goto(home('?channel=czh'));
    await page.locator('[data-page="Home"]').waitFor();
    await page.getByTestId('channel-logo').waitFor();
    const popup = page.getByTestId('coupon-popup');
    await popup.waitFor();
    await screenshot(page, 'home-czh-coupon');
    await popup.getByTestId('coupon-claim').click();
    await page.getByTestId('login-popup').waitFor();
    expect(await popup.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the czh coupon popup can be closed and stays closed for the session', async () => {
    const { page, context } = await phonePage(browser);
    await skipGuide(page);
    await page.goto(home('?channel=czh'));
    const popup = page.getByTestId('coupon-popup');
    await popup.waitFor();
    await popup.getByRole('button', { name: '关闭' }).click();
    await popup.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('channel-logo').waitFor();
    await page.waitForTimeout(500);
    expect(await popup.count()).toBe(0);
    await context.close();
  });

  it('a logged-in czh user claims from the popup: the server says so, then the coupon page after 1.5 s', async () => {
    const { token } = await loginByApi(server);
    await finishGuide(server, token);
    const { page, consoleErrors, context } = await phonePage(browser);
    await page.goto(`${server.url}/h5/gzh/?channel=czh&token=${token}#/Home`);
    const popup = page.getByTestId('coupon-popup');
    await popup.waitFor();
    await popup.getByTestId('coupon-claim').click();
    await page
      .getByText(/领取成功/)
      .first()
      .waitFor();
    const claimedAt = Date.now();
    await page.waitForURL(/#\/Coupon/, { timeout: 5000 });
    expect(Date.now() - claimedAt).toBeGreaterThan(1000);
    await page.locator('[data-page="Coupon"]').waitFor();
    const res = await fetch(`${server.url}/api/v2/coupon/list?channel=czh`, { headers: { token } });
    const coupons = ((await res.json()) as { data: Array<{ status: string }> }).data;
    expect(coupons.map((c) => c.status)).toEqual(['valid']);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a visitor who taps the coupon logs in, and the claim runs right after the login', async () => {
    const { page, consoleErrors, context } = await phonePage(browser);
    await skipGuide(page);
    const claims: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v2/activity/get')) claims.push(request.postData() ?? '');
    });
    await page.goto(home('?channel=czh'));
    await page.getByTestId('coupon-popup').getByTestId('coupon-claim').click();
    expect(claims).toEqual([]);
    await loginInPopup(page, server);
    await expect.poll(() => claims.length).toBe(1);
    expect(JSON.parse(claims[0] ?? '{}')).toMatchObject({ activityId: expect.any(Number), channel: 'czh' });
    await page.waitForURL(/#\/Coupon/, { timeout: 5000 });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('banners with a go_ target open their route', async () => {
    const { page, consoleErrors, context } = await phonePage(browser);
    await skipGuide(page);
    await page.goto(home());
    await page.locator('[data-page="Home"]').waitFor();
    const body = page.getByTestId('body-banners').locator('button[data-target="go_SubDoc/faceConsult"]');
    await body.click();
    await page.locator('[data-page="SubDoc"]').waitFor();
    expect(page.url()).toContain('#/SubDoc/faceConsult');

    await page.goBack();
    await page.locator('[data-page="Home"]').waitFor();
    const middle = page.getByTestId('middle-banners').locator('button[data-target="go_Lawyer"]');
    await middle.click();
    await page.locator('[data-page="Lawyer"]').waitFor();
    expect(page.url()).toContain('#/Lawyer');

    await page.goto(home());
    const header = page.getByTestId('header-banners').locator('button[data-target="go_SubTel/2"]').first();
    await header.click();
    await page.locator('[data-page="SubTel"]').waitFor();
    expect(page.url()).toContain('#/SubTel/2');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('AI consultation: login first, then the disclaimer to confirm, then the coming-soon page', async () => {
    const visitor = await phonePage(browser);
    await skipGuide(visitor.page);
    await visitor.page.goto(home());
    await visitor.page.getByTestId('ai-entry').getByRole('button').click();
    await visitor.page.getByTestId('login-popup').waitFor();
    expect(await visitor.page.getByTestId('ai-disclaimer').count()).toBe(0);
    // After logging in, the disclaimer comes up by itself.
    await loginInPopup(visitor.page, server);
    await visitor.page.getByTestId('ai-disclaimer').waitFor();
    await visitor.context.close();

    const { token } = await loginByApi(server);
    await finishGuide(server, token);
    const { page, consoleErrors, context } = await phonePage(browser);
    await page.goto(home(`?token=${token}`));
    await page.getByTestId('ai-entry').getByRole('button').click();
    await page.getByTestId('ai-disclaimer').waitFor();
    await screenshot(page, 'home-ai-disclaimer');
    await page.getByRole('button', { name: '不同意' }).click();
    await page.getByTestId('ai-disclaimer').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('ai-coming').count()).toBe(0);

    await page.getByTestId('ai-entry').getByRole('button').click();
    await page.getByRole('button', { name: '我已阅读并同意' }).click();
    const coming = page.getByTestId('ai-coming');
    await coming.waitFor();
    expect(await coming.innerText()).toContain('AI法律咨询即将上线');
    await screenshot(page, 'home-ai-coming');
    await coming.getByRole('button', { name: '60秒连线律师' }).click();
    await page.locator('[data-page="SubTel"]').waitFor();

    // The ilawyer banner takes the same way.
    await page.goto(home());
    await page
      .getByTestId('header-banners')
      .locator('button[data-target="ilawyer"]')
      .first()
      .dispatchEvent('click');
    await page.getByTestId('ai-disclaimer').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the new-user guide: step 0 on the field grid, step 1 on the hot services; a visitor finishing it is remembered', async () => {
    const { page, consoleErrors, context } = await phonePage(browser);
    await page.goto(home());
    const guide = page.getByTestId('new-user-guide');
    await guide.waitFor();
    // It comes once the loading splash has gone, not under it.
    expect(await page.locator('#splash').count()).toBe(0);
    expect(await guide.getAttribute('data-step')).toBe('0');
    expect(await guide.innerText()).toContain('选择咨询领域');
    await screenshot(page, 'home-guide-0');
    await guide.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => guide.getAttribute('data-step')).toBe('1');
    expect(await guide.innerText()).toContain('热门法律服务');
    await screenshot(page, 'home-guide-1');
    await guide.getByRole('button', { name: '我知道了' }).click();
    await guide.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('hot-services').waitFor();
    // The guide would come once the splash has gone.
    await page.locator('#splash').waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    expect(await guide.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the new-user guide of a logged-in user: 跳过 marks it done on the server (user/updateGuide)', async () => {
    const { token } = await loginByApi(server);
    const before = await callApi<{ isGuide: number }>(server, 'user/userInfo', { token });
    expect(before.data.isGuide).toBe(0);
    const { page, consoleErrors, context } = await phonePage(browser);
    await page.goto(home(`?token=${token}`));
    const guide = page.getByTestId('new-user-guide');
    await guide.waitFor();
    await guide.getByRole('button', { name: '跳过' }).click();
    await guide.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await callApi<{ isGuide: number }>(server, 'user/userInfo', { token })).data.isGuide)
      .toBe(1);
    await page.reload();
    await page.getByTestId('hot-services').waitFor();
    // The guide would come once the splash has gone.
    await page.locator('#splash').waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    expect(await guide.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the two MC20026 banner blocks appear only for members holding that card', async () => {
    const plain = await loginByApi(server);
    const member = await loginByApi(server);
    await finishGuide(server, plain.token);
    await finishGuide(server, member.token);
    await buyCard(server, member.token, 'MC20026');
    const other = await loginByApi(server);
    await finishGuide(server, other.token);
    await buyCard(server, other.token, 'MC19001');

    for (const user of [plain, other]) {
      const { page, consoleErrors, context } = await phonePage(browser);
      await page.goto(home(`?token=${user.token}`));
      await page.getByTestId('hot-lawyers').getByTestId('lawyer-card').first().waitFor();
      await page.waitForTimeout(500);
      expect(await page.getByTestId('member-banners').count()).toBe(0);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }

    const { page, consoleErrors, context } = await phonePage(browser);
    await page.goto(home(`?token=${member.token}`));
    const blocks = page.getByTestId('member-banners');
    await blocks.waitFor();
    expect(await blocks.locator('a').count()).toBe(2);
    await screenshot(page, 'home-member-banners');
    await blocks.locator('a').nth(1).click();
    await page.locator('[data-page="Information"]').waitFor();
    const taxTag = page.getByTestId('tag-filter').getByRole('button', { name: '税务', exact: true });
    await expect.poll(() => taxTag.getAttribute('aria-pressed')).toBe('true');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('the unpaid-order reminder (spec §4, §8)', () => {
  it('shows once per session with the §8 text and leads to OrderList?index=1', async () => {
    const autopilot = await startServer({
      SANDBOX_AUTOPILOT: '1',
      AUTOPILOT_ACCEPT_MS: '500',
      AUTOPILOT_CALL_MS: '800',
      JOBS_POLL_MS: '200',
    });
    try {
      const { token } = await loginByApi(autopilot);
      await finishGuide(autopilot, token);
      const created = await callApi<{ orderId: string }>(autopilot, 'order/createCallOrder', {
        body: { consultField: 2, userRemark: '离婚时孩子抚养权怎么判' },
        token,
      });
      expect(created.code).toBe(0);
      // The autopilot lawyer takes the call and hangs up: the order is over and money is owed.
      await expect
        .poll(
          async () => (await callApi<unknown[]>(autopilot, 'order/unpaidCallOrder', { token })).data?.length,
          {
            timeout: 20_000,
          },
        )
        .toBe(1);

      const { page, consoleErrors, context } = await phonePage(browser);
      await page.goto(`${autopilot.url}/h5/gzh/?token=${token}#/Home`);
      const reminder = page.getByTestId('unpaid-reminder');
      await reminder.waitFor();
      expect(await reminder.innerText()).toBe('您有咨询订单尚未付款，为了不影响您的后续使用请付款');
      await screenshot(page, 'home-unpaid-reminder');
      await page.locator('.adm-dialog').getByRole('button', { name: '去付款' }).click();
      await page.locator('[data-page="OrderList"]').waitFor();
      expect(page.url()).toContain('#/OrderList?index=1');

      // Once per session: back home, and after a reload, it stays away.
      await page.goto(`${autopilot.url}/h5/gzh/#/Home`);
      await page.getByTestId('hot-services').waitFor();
      await page.reload();
      await page.getByTestId('hot-lawyers').getByTestId('lawyer-card').first().waitFor();
      await page.waitForTimeout(800);
      expect(await reminder.count()).toBe(0);
      expect(consoleErrors).toEqual([]);
      await context.close();
    } finally {
      await autopilot.stop();
    }
  });
});
