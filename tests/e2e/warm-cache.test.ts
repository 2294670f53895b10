import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lawyerSeeds } from '../../apps/server/src/db/seed/lawyers.ts';
import { launchBrowser, phonePage, type RunningServer, screenshot, startServer } from './harness.ts';
import { lawyerLoginByApi } from './session-helpers.ts';

/**
 * Issue 23, item 1: a page reloaded or visited again with a warm HTTP cache. index.html is sent
 * `no-cache`, so the browser asks again with If-None-Match / If-Modified-Since and, on a 304, keeps
 * its copy under the 304's headers: a 304 with the API's `default-src 'none'` left the workbench a
 * blank page. No request interception here: Playwright switches the HTTP cache off with it.
 */

const root = join(import.meta.dirname, '../..');
const lawyer = lawyerSeeds(Date.now()).find((l) => l.mobile);
if (!lawyer?.mobile) throw new Error('the seed has no lawyer with a mobile');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(root, 'apps/workbench/dist/index.html'))) {
    throw new Error('The workbench is not built: run `npm run build` first (npm test does).');
  }
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Messages that say the page's policy refused something (console and securitypolicyviolation). */
const CSP_REFUSAL = /Content Security Policy|Refused to|securitypolicyviolation/i;

type WireAnswer = { url: string; status: number; csp: string; conditional: boolean };

/**
 * Every document answer of the page as it came over the wire. Playwright's own response events show
 * a revalidated page as the 200 it kept; DevTools' network events (only listening, nothing is
 * intercepted) show the 304 and its headers.
 */
async function documentAnswers(page: Page): Promise<WireAnswer[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const documents = new Map<string, string>();
  const answers: WireAnswer[] = [];
  const sent = new Map<string, Record<string, string>>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document') documents.set(event.requestId, event.request.url);
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (event) => {
    sent.set(event.requestId, event.headers as Record<string, string>);
  });
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    const url = documents.get(event.requestId);
    if (!url) return;
    const headers = Object.fromEntries(
      Object.entries(event.headers as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const request = Object.keys(sent.get(event.requestId) ?? {}).map((k) => k.toLowerCase());
    answers.push({
      url,
      status: event.statusCode,
      csp: headers['content-security-policy'] ?? '',
      conditional: request.includes('if-none-match') || request.includes('if-modified-since'),
    });
  });
  return answers;
}

/** Violations the page itself saw, kept across navigations of the same page. */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`securitypolicyviolation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}

describe('pages survive a reload and a later visit (warm HTTP cache)', () => {
  it('the workbench: reloaded and revisited, logged out and logged in, it renders', async () => {
    const { page, context, consoleErrors } = await phonePage(browser);
    await watchViolations(page);
    const answers = await documentAnswers(page);
    const url = `${server.url}/workbench/`;

    await page.goto(url);
    await page.locator('[data-screen="login"]').waitFor();
    await page.reload();
    await page.locator('[data-screen="login"]').waitFor();
    // A later visit: away to another page, then the address again (not from the back/forward cache).
    await page.goto(`${server.url}/h5/gzh/#/Home`);
    await page.locator('[data-page="Home"]').waitFor();
    await page.goto(url);
    await page.locator('[data-screen="login"]').waitFor();

    // Logged in, as a lawyer at work: the reload must bring back the workbench, not a blank page.
    const token = await lawyerLoginByApi(server, lawyer.mobile as string);
    await page.evaluate((t) => localStorage.setItem('ll.workbench.token', t), token);
    await page.reload();
    await page.getByText(lawyer.real_name).first().waitFor();
    await page.reload();
    await page.getByText(lawyer.real_name).first().waitFor();
    await page.goto(`${url}index.html`);
    await page.getByText(lawyer.real_name).first().waitFor();
    await page.goto(url);
    await page.getByText(lawyer.real_name).first().waitFor();
    await screenshot(page, 'warm-cache-workbench');

    const workbench = answers.filter((a) => a.url.startsWith(url));
    // The cache was warm: the browser revalidated and the server said 304.
    expect(workbench.filter((a) => a.status === 304 && a.conditional).length).toBeGreaterThanOrEqual(4);
    for (const answer of workbench) {
      expect(answer.csp, `${answer.status} ${answer.url}`).toContain("script-src 'self'");
      expect(answer.csp, `${answer.status} ${answer.url}`).not.toContain("default-src 'none'");
    }
    expect(consoleErrors.filter((e) => CSP_REFUSAL.test(e))).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the H5 app: reloaded and revisited, on each of its addresses, it renders', async () => {
    const { page, context, consoleErrors } = await phonePage(browser);
    await watchViolations(page);
    const answers = await documentAnswers(page);

    for (const address of ['/h5/gzh/#/Home', '/h5/gzh/?channel=czh#/Home', '/h5/gzh/index.html#/Home']) {
      const url = `${server.url}${address}`;
      await page.goto(url);
      await page.locator('[data-page="Home"]').waitFor();
      await page.reload();
      await page.locator('[data-page="Home"]').waitFor();
      await page.goto(`${server.url}/workbench/`);
      await page.locator('[data-screen="login"]').waitFor();
      await page.goto(url);
      await page.locator('[data-page="Home"]').waitFor();
      // Rendered, not just mounted: the page's own stylesheet applies (a refused one leaves it unstyled).
      const styled = await page.evaluate(() => document.styleSheets.length);
      expect(styled, address).toBeGreaterThan(0);
    }
    await screenshot(page, 'warm-cache-h5');

    const h5 = answers.filter((a) => a.url.includes('/h5/gzh/'));
    expect(h5.filter((a) => a.status === 304 && a.conditional).length).toBeGreaterThanOrEqual(5);
    for (const answer of h5) {
      expect(answer.csp, `${answer.status} ${answer.url}`).toContain("script-src 'self'");
      expect(answer.csp, `${answer.status} ${answer.url}`).not.toContain("default-src 'none'");
    }
    expect(consoleErrors.filter((e) => CSP_REFUSAL.test(e))).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
