import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchBrowser, type RunningServer, startServer } from './harness.ts';
import { auditLayout, auditPlaceholder, auditRouteKeys } from './layout-audit.ts';
import {
  isTabPage,
  openRoute,
  overlayOpen,
  type PageVisit,
  pageVisits,
  prepareSweepData,
  SWEEP_SERVER_ENV,
  type SweepData,
  settlePage,
  sweepContext,
  trackRequests,
  type VisitUser,
} from './pages.ts';

/**
 * Every phone width (issue 23, acceptance 3): every page of the contract's list (tests/e2e/pages.ts
 * gives each its parameters), logged out and logged in, at 320, 360 and 390 px: the checks of
 * layout-audit.ts, no console error and no failed request. Pages that still show 功能建设中 are
 * opened too: they must show no route key. One browser; one context per width and login state, each
 * moving from page to page by hash changes as the app does.
 *
 * Every problem found is written to artifacts/e2e/sweep.md (and .json), grouped by page.
 */

const WIDTHS = [320, 360, 390] as const;
const STATES = ['logged out', 'logged in'] as const;
type State = (typeof STATES)[number];

let server: RunningServer;
let browser: Browser;
let data: SweepData;
/** problems[route][`${state} ${width}`] */
const problems: Record<string, Record<string, string[]>> = {};
const timings: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(SWEEP_SERVER_ENV), launchBrowser()]);
  data = await prepareSweepData(server);
});

afterAll(async () => {
  writeReport();
  await browser?.close();
  await server?.stop();
});

function note(route: string, where: string, found: string[]): void {
  if (found.length === 0) return;
  const byWhere = problems[route] ?? {};
  problems[route] = byWhere;
  const list = byWhere[where] ?? [];
  byWhere[where] = list;
  for (const p of found) if (!list.includes(p)) list.push(p);
}

function writeReport(): void {
  mkdirSync(artifactsDir, { recursive: true });
  writeFileSync(join(artifactsDir, 'sweep.json'), `${JSON.stringify(problems, null, 2)}\n`);
  writeFileSync(join(artifactsDir, 'sweep-timings.txt'), `${timings.join('\n')}\n`);
  const lines = ['# Width sweep findings', ''];
  for (const [route, byWhere] of Object.entries(problems)) {
    lines.push(`## #/${route}`, '');
    // The same problem at several widths / states is listed once with where it happens.
    const where = new Map<string, string[]>();
    for (const [w, list] of Object.entries(byWhere))
      for (const p of list) where.set(p, [...(where.get(p) ?? []), w]);
    for (const [p, ws] of where) lines.push(`- ${p} — ${ws.join(', ')}`);
    lines.push('');
  }
  writeFileSync(join(artifactsDir, 'sweep.md'), `${lines.join('\n')}\n`);
}

/** Non-numeric route parameters and the page's name: texts that must never show. */
function routeKeys(visit: PageVisit): string[] {
  const params = visit.route
    .split(/[?#]/)[0]
    ?.split('/')
    .slice(1)
    .filter((p) => /^[A-Za-z][A-Za-z]+$/.test(p) && !/^(MC|SC|P|T)\d/.test(p));
  return [visit.name, ...(params ?? [])];
}

async function sweep(state: State, width: number): Promise<void> {
  // The main person's session unless a visit switched to another one (then it stays set).
  const { context, page } = await sweepContext(browser, {
    width,
    height: 740,
    scale: 2,
    token: state === 'logged in' ? data.token : null,
  });
  const tokens: Record<VisitUser, string> = {
    main: data.token,
    waiting: data.waiting.token,
    paying: data.paying.token,
  };
  let user: VisitUser = 'main';
  const where = `${state} ${width}`;
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console error: ${msg.text()} ${msg.location().url}`.trim());
  });
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
  page.on('requestfailed', (req) => {
    const failure = req.failure()?.errorText ?? '';
    // Requests the app aborts itself (a query cancelled as its page goes) did not fail.
    if (/ERR_ABORTED/.test(failure)) return;
    errors.push(`request failed: ${req.method()} ${req.url()} ${failure}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  const requests = trackRequests(page);
  // An overlay left open (the login popup of a page that needs a session) would cover the next page:
  // the next visit starts with a new document.
  let fresh = false;
  try {
    for (const visit of pageVisits(data)) {
      const found: string[] = [];
      try {
        const wanted: VisitUser = visit.user ?? 'main';
        if (state === 'logged in' && wanted !== user) {
          // Through a page that polls nothing, so no request goes out with the other person's token.
          await openRoute(page, server.url, 'ErrPage');
          await page.locator('[data-page="ErrPage"]').waitFor();
          await page.evaluate((t) => localStorage.setItem('token', t), tokens[wanted]);
          user = wanted;
          fresh = true;
        }
        errors.length = 0;
        const started = Date.now();
        await openRoute(page, server.url, visit.route, { fresh });
        await settlePage(page, visit.name, requests, { immediate: visit.immediate });
        found.push(...(await page.evaluate(auditLayout, { width, tabPage: isTabPage(visit.name) })));
        found.push(...(await page.evaluate(auditRouteKeys, { keys: routeKeys(visit) })));
        if (!visit.built) found.push(...(await page.evaluate(auditPlaceholder, visit.name)));
        fresh = await page.evaluate(overlayOpen);
        timings.push(`${where} ${visit.route} ${Date.now() - started} ms`);
      } catch (err) {
        found.push(`did not show: ${(err as Error).message.split('\n')[0]}`);
        fresh = true;
      }
      found.push(...errors.map((e) => e.replaceAll(server.url, '')));
      note(visit.route, where, found);
    }
  } finally {
    await context.close();
  }
}

function summary(state: State, width: number): string {
  const where = `${state} ${width}`;
  return Object.entries(problems)
    .filter(([, byWhere]) => byWhere[where])
    .map(([route, byWhere]) => `#/${route}\n  ${(byWhere[where] ?? []).join('\n  ')}`)
    .join('\n');
}

describe('every page at every phone width (320, 360, 390 px)', () => {
  for (const state of STATES) {
    it.concurrent.each(WIDTHS)(
      `${state}, %i px: no sideways scroll, nothing off screen or cut, tap targets, tab bar, no error`,
      async (width) => {
        await sweep(state, width);
        expect(summary(state, width), summary(state, width)).toBe('');
      },
      240_000,
    );
  }
});
