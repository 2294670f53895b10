import { Slogan } from '@lawline/contract';
import type { Browser, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phonePage, type RunningServer, screenshot, startServer } from './harness.ts';
import { apiData, loginByApi, skipGuide } from './session-helpers.ts';

/**
 * Issue 23's polish, as a person meets it: overlays close on Back, the slogan once above the fold,
 * inside WeChat no title bar of our own, 咨询律师 under an article, 联系客服 in 我的.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49.2600(0x2800313D) WeChat/arm64 NetType/WIFI';

describe('polish', () => {
  it('the login popup over Home closes on Back and the person stays on Home', async () => {
    const { page, context, consoleErrors } = await phonePage(browser);
    await skipGuide(page);
    await page.goto(`${server.url}/h5/gzh/#/Home`);
    await page.locator('[data-page="Home"]').waitFor();
    await page.getByTestId('ai-entry').getByRole('button').click();
    const popup = page.getByTestId('login-popup');
    await popup.waitFor();
    await page.goBack();
    await popup.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/#\/Home$/);
    expect(await page.locator('[data-page="Home"]').isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('Home shows the slogan once above the fold', async () => {
    const { page, context } = await phonePage(browser);
    await skipGuide(page);
    await page.goto(`${server.url}/h5/gzh/#/Home`);
    await page.locator('[data-page="Home"]').waitFor();
    await page.locator('#splash').waitFor({ state: 'detached', timeout: 5000 });
    const channel = await apiData<{ slogan?: string | null }>(server, 'channel/getChannel');
    const slogan = channel.slogan || Slogan;
    const visible = await page.evaluate((text) => {
      const fold = window.innerHeight;
      let count = 0;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.textContent?.includes(text)) continue;
        const box = parent.getBoundingClientRect();
        const style = getComputedStyle(parent);
        if (
          box.height > 0 &&
          box.top < fold &&
          style.visibility !== 'hidden' &&
          !parent.closest('[aria-hidden="true"]')
        )
          count += 1;
      }
      // Banner pictures carry no text of their own; their alt text is not shown above the fold.
      return count;
    }, slogan);
    expect(visible).toBe(1);
    await context.close();
  });

  it('inside WeChat the page draws no title bar and document.title carries the title', async () => {
    const { page, context, consoleErrors } = await phonePage(browser, { userAgent: WECHAT_UA });
    // WeChat's JS-SDK (res.wx.qq.com) is outside this machine: a do-nothing stand-in.
    await context.route('https://res.wx.qq.com/**', (route) =>
      route.fulfill({
        contentType: 'application/javascript',
        body: 'window.wx={config(){},ready(){},error(){},updateAppMessageShareData(){},updateTimelineShareData(){}};',
      }),
    );
    await skipGuide(page);
    await page.goto(`${server.url}/h5/gzh/#/Cards`);
    await page.locator('[data-page="Cards"]').waitFor();
    await expect.poll(() => page.title()).toBe('全部会员卡');
    expect(await page.locator('[data-page="Cards"] .adm-nav-bar').count()).toBe(0);
    await screenshot(page, 'polish-wechat-cards');
    // Outside WeChat the page's own bar shows the same title.
    const plain = await phonePage(browser);
    await plain.page.goto(`${server.url}/h5/gzh/#/Cards`);
    await plain.page.locator('[data-page="Cards"] .adm-nav-bar').getByText('全部会员卡').waitFor();
    expect(consoleErrors).toEqual([]);
    await plain.context.close();
    await context.close();
  });

  it("an article ends with a 咨询律师 bar that opens SubTel for the article's field", async () => {
    const { page, context, consoleErrors } = await phonePage(browser);
    const list = await apiData<{ list: Array<{ id: number }> }>(server, 'content', { page: 1, limit: 10 });
    const id = list.list[0]?.id;
    if (!id) throw new Error('no articles');
    const detail = await apiData<{ consultField: number; consultFieldName: string }>(
      server,
      'content/detail',
      {
        id,
      },
    );
    await page.goto(`${server.url}/h5/gzh/#/Information/${id}`);
    const bar = page.getByTestId('article-consult-bar');
    await bar.waitFor();
    await bar.getByRole('link').click();
    await page.locator('[data-page="SubTel"]').waitFor();
    expect(page.url()).toContain(`#/SubTel/${detail.consultField}`);
    await expect.poll(() => page.getByTestId('consult-field-name').innerText()).toBe(detail.consultFieldName);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("我的 has 联系客服 with the channel's phone and hours, tap to call", async () => {
    const { page, context, consoleErrors } = await phonePage(browser);
    const { token } = await loginByApi(server);
    const channel = await apiData<{ servicePhone: string; serviceHours: string }>(
      server,
      'channel/getChannel',
    );
    await page.goto(`${server.url}/h5/gzh/#/User?token=${token}`);
    const contact = page.getByTestId('contact-service');
    await contact.waitFor();
    expect(await contact.getAttribute('href')).toBe(`tel:${channel.servicePhone.replace(/[^\d+]/g, '')}`);
    expect(await contact.innerText()).toContain(channel.serviceHours);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('消息 says nothing about a working connection, a quiet banner while it is lost, gone on reconnect', async () => {
    const { page, context, consoleErrors } = await phonePage(browser);
    const { token } = await loginByApi(server);
    // Every websocket goes through to the server; the test can drop the first one.
    const sockets: WebSocketRoute[] = [];
    await context.routeWebSocket(/\/api\/websocket\//, (ws) => {
      ws.connectToServer();
      sockets.push(ws);
    });
    await page.goto(`${server.url}/h5/gzh/#/Message?token=${token}`);
    await page.locator('[data-page="Message"]').waitFor();
    await expect.poll(() => sockets.length).toBe(1);
    await page.waitForTimeout(500);
    expect(await page.getByTestId('ws-banner').count()).toBe(0);
    await sockets[0]?.close({ code: 1001, reason: 'server going away' });
    await page.getByTestId('ws-banner').waitFor();
    // The app connects again after its 3-second retry; the banner goes away.
    await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(1);
    await page.getByTestId('ws-banner').waitFor({ state: 'detached', timeout: 10_000 });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
