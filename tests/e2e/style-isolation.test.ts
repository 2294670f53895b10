import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchBrowser, type RunningServer, startServer } from './harness.ts';
import {
  builtVisits,
  openRoute,
  type PageVisit,
  prepareSweepData,
  SWEEP_SERVER_ENV,
  type SweepData,
  settlePage,
  sweepContext,
  trackRequests,
} from './pages.ts';

/**
 * Styles cannot collide (issue 23, acceptance 2): every built page is opened in a new document
 * (only its own styles loaded), then in a new document after Home, and after a form page (个人信息,
 * whose form rows once shared class names with other pages); the boxes of its controls must be the
 * same each time. Logged in, at 390 px; the login popup (我的, logged out) too.
 *
 * Each way runs in its own browser context, side by side; differences go to
 * artifacts/e2e/style-isolation.md.
 */

type Box = { key: string; x: number; y: number; w: number; h: number };

/** Where the page is opened from: nowhere (a new document), or another page first. */
const WAYS = [
  { name: 'fresh', before: null },
  { name: 'after Home', before: 'Home' },
  { name: 'after 个人信息', before: 'UserInfo' },
] as const;
type Way = (typeof WAYS)[number]['name'];

let server: RunningServer;
let browser: Browser;
let data: SweepData;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(SWEEP_SERVER_ENV), launchBrowser()]);
  data = await prepareSweepData(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * The boxes of the page's controls and building blocks (and of an open popup's), in document order,
 * relative to the document: buttons, links, inputs, labels, list items, cards, form rows and
 * everything a test names by data-testid. Carousels and tickers move by themselves: left out.
 */
function controlBoxes(): Box[] {
  const roots = [
    ...[...document.querySelectorAll('[data-page]')].filter((el) => el.checkVisibility()),
    ...[...document.querySelectorAll('.adm-popup-body, .adm-center-popup-wrap')].filter((el) =>
      el.checkVisibility(),
    ),
  ];
  const selector = [
    'button',
    'a[href]',
    'input',
    'textarea',
    'select',
    'label',
    'h1',
    'h2',
    'h3',
    '[role=button]',
    '[data-testid]',
    '.adm-list-item',
    '.adm-card',
    '.adm-form-item',
    '.adm-nav-bar',
    '.adm-tab-bar-item',
  ].join(',');
  const boxes: Box[] = [];
  for (const root of roots) {
    for (const el of [root, ...root.querySelectorAll(selector)]) {
      if (!el.checkVisibility()) continue;
      if (el.closest('.adm-swiper, .adm-notice-bar, [data-moving]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const text = (el.textContent ?? '').replace(/\s+/g, '').slice(0, 12);
      const id = el.getAttribute('data-testid');
      boxes.push({
        key: `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${text ? ` "${text}"` : ''}`,
        x: Math.round(r.left + window.scrollX),
        y: Math.round(r.top + window.scrollY),
        w: Math.round(r.width),
        h: Math.round(r.height),
      });
    }
  }
  return boxes;
}

/** What differs between the boxes of the fresh page and of the same page opened another way. */
function compare(fresh: Box[], other: Box[]): string[] {
  const diffs: string[] = [];
  const n = Math.max(fresh.length, other.length);
  for (let i = 0; i < n && diffs.length < 8; i += 1) {
    const a = fresh[i];
    const b = other[i];
    if (!a || !b || a.key !== b.key) {
      diffs.push(`controls differ at #${i}: ${a?.key ?? '(none)'} / ${b?.key ?? '(none)'}`);
      break;
    }
    const moved = ['x', 'y', 'w', 'h'].filter((k) => Math.abs(a[k as 'x'] - b[k as 'x']) > 1);
    if (moved.length > 0) {
      diffs.push(`${a.key}: ${a.x},${a.y} ${a.w}×${a.h} → ${b.x},${b.y} ${b.w}×${b.h}`);
    }
  }
  return diffs;
}

/** A phone context (390×844) logged in as the main person, or logged out. */
async function phoneContext(loggedIn: boolean): Promise<{ context: BrowserContext; page: Page }> {
  return sweepContext(browser, { token: loggedIn ? data.token : null });
}

type Target = { visit: PageVisit; loggedIn: boolean };

/** Opens every target one way (each in a new document) and returns the boxes by route. */
async function boxesOneWay(targets: Target[], before: string | null): Promise<Map<string, Box[] | string>> {
  const result = new Map<string, Box[] | string>();
  for (const loggedIn of [true, false]) {
    const mine = targets.filter((t) => t.loggedIn === loggedIn);
    if (mine.length === 0) continue;
    const { context, page } = await phoneContext(loggedIn);
    const requests = trackRequests(page);
    try {
      for (const { visit } of mine) {
        const key = `${loggedIn ? '' : '(logged out) '}${visit.route}`;
        try {
          if (before) {
            await openRoute(page, server.url, before, { fresh: true });
            await settlePage(page, before, requests);
            await openRoute(page, server.url, visit.route);
          } else {
            await openRoute(page, server.url, visit.route, { fresh: true });
          }
          await settlePage(page, visit.name, requests);
          result.set(key, await page.evaluate(controlBoxes));
        } catch (err) {
          result.set(key, `did not show: ${(err as Error).message.split('\n')[0]}`);
        }
      }
    } finally {
      await context.close();
    }
  }
  return result;
}

describe('styles cannot collide: a page looks the same whatever was opened before it', () => {
  it('every built page: fresh, after Home, after 个人信息', { timeout: 300_000 }, async () => {
    const targets: Target[] = [
      // Visits as another person (PhoneWaiting, PayWaiting) are the width sweep's; here the main person's.
      ...builtVisits(data)
        .filter((visit) => !visit.user && !visit.immediate)
        .map((visit) => ({ visit, loggedIn: true })),
      ...builtVisits(data)
        .filter((visit) => visit.name === 'User')
        .map((visit) => ({ visit, loggedIn: false })),
    ];
    const ways = await Promise.all(WAYS.map((way) => boxesOneWay(targets, way.before)));
    const [fresh, ...others] = ways;
    const findings: Record<string, Partial<Record<Way, string[]>>> = {};
    for (const [route, freshBoxes] of fresh ?? new Map()) {
      others.forEach((other, i) => {
        const way = WAYS[i + 1]?.name as Way;
        const boxes = other.get(route);
        let diffs: string[];
        if (typeof freshBoxes === 'string') diffs = [`fresh: ${freshBoxes}`];
        else if (typeof boxes === 'string' || !boxes) diffs = [boxes ?? 'not opened'];
        else diffs = compare(freshBoxes, boxes);
        if (diffs.length > 0) findings[route] = { ...findings[route], [way]: diffs };
      });
    }
    mkdirSync(artifactsDir, { recursive: true });
    const lines = ['# Style isolation findings (boxes fresh → after another page)', ''];
    for (const [route, byWay] of Object.entries(findings)) {
      lines.push(`## #/${route}`, '');
      for (const [way, diffs] of Object.entries(byWay)) {
        lines.push(`- ${way}:`, ...(diffs ?? []).map((d) => `  - ${d}`));
      }
      lines.push('');
    }
    writeFileSync(join(artifactsDir, 'style-isolation.md'), `${lines.join('\n')}\n`);
    expect(Object.keys(findings), lines.join('\n')).toEqual([]);
  });
});
