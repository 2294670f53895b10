import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchBrowser, type RunningServer, startServer } from './harness.ts';
import {
  builtVisits,
  openRoute,
  overlayOpen,
  prepareSweepData,
  SWEEP_SERVER_ENV,
  type SweepData,
  settlePage,
  sweepContext,
  trackRequests,
  type VisitUser,
} from './pages.ts';

/**
 * Contrast (issue 23, acceptance 6): text ≥ 4.5:1 (large text 3:1) by axe-core's color-contrast
 * rule, and icon glyphs ≥ 3:1 (WCAG 1.4.11, which axe has no rule for: `iconContrast` below), on
 * every built page of the H5 (logged in and logged out, 390 px) and on the lawyer workbench (its
 * login screen, and the main screen of sandbox lawyer 17000010002 with an accepted consult).
 * Findings go to artifacts/e2e/contrast.md.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let server: RunningServer;
let browser: Browser;
let data: SweepData;
const findings: Record<string, string[]> = {};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(SWEEP_SERVER_ENV), launchBrowser()]);
  data = await prepareSweepData(server);
});
afterAll(async () => {
  mkdirSync(artifactsDir, { recursive: true });
  const lines = ['# Contrast findings', ''];
  for (const [where, list] of Object.entries(findings))
    lines.push(`## ${where}`, '', ...list.map((f) => `- ${f}`), '');
  writeFileSync(join(artifactsDir, 'contrast.md'), `${lines.join('\n')}\n`);
  await browser?.close();
  await server?.stop();
});

/** axe-core's colour-contrast violations on the page as it is now, one line per element. */
async function axeContrast(page: Page): Promise<string[]> {
  // The app's CSP refuses inline scripts; evaluating over DevTools is not subject to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = {
      violations: Array<{
        id: string;
        nodes: Array<{ target: unknown[]; html: string; any: Array<{ message: string }> }>;
      }>;
    };
    const w = window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<Result> } };
    const result = await w.axe.run(document, {
      runOnly: { type: 'rule', values: ['color-contrast'] },
      resultTypes: ['violations'],
    });
    return result.violations.flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id} ${JSON.stringify(n.target)} ${n.html.slice(0, 100)}: ${n.any[0]?.message ?? ''}`,
      ),
    );
  });
}

/**
 * Icon glyphs (non-text contrast, ≥ 3:1 against what is behind them): small SVG icons by their fill
 * (or stroke), and glyphs drawn as text that are hidden from screen readers (aria-hidden: the field
 * discs' characters, arrows), against the first opaque background colour behind them. A glyph over
 * a picture or a gradient cannot be measured this way and is left out.
 */
function iconContrast(): string[] {
  const parse = (c: string): [number, number, number, number] | null => {
    const m = /rgba?\(([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+%?))?\)/.exec(c);
    if (!m) return null;
    const a = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number.parseFloat(m[4]) / 100 : Number(m[4]);
    return [Number(m[1]), Number(m[2]), Number(m[3]), a];
  };
  const luminance = ([r, g, b]: number[]) => {
    const lin = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r ?? 0) + 0.7152 * lin(g ?? 0) + 0.0722 * lin(b ?? 0);
  };
  /** The colour behind an element: its and its ancestors' background colours, blended; null if a picture. */
  const overlaps = (a: DOMRect, b: DOMRect) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const behind = (el: Element): number[] | null => {
    const layers: Array<[number, number, number, number]> = [];
    const box = el.getBoundingClientRect();
    for (let e: Element | null = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.backgroundImage !== 'none') return null;
      // A picture under the glyph (an <img> beside it in this ancestor, e.g. a video cover).
      const pictures = [...e.querySelectorAll('img, video, canvas, picture')].filter((p) => !el.contains(p));
      if (pictures.some((p) => overlaps(p.getBoundingClientRect(), box))) return null;
      const c = parse(s.backgroundColor);
      if (c && c[3] > 0) {
        layers.push(c);
        if (c[3] >= 1) break;
      }
    }
    let rgb: [number, number, number] = [255, 255, 255];
    for (const [r, g, b, a] of layers.reverse()) {
      const [r0, g0, b0] = rgb;
      rgb = [r * a + r0 * (1 - a), g * a + g0 * (1 - a), b * a + b0 * (1 - a)];
    }
    return rgb;
  };
  const ratio = (fg: number[], bg: number[]) => {
    const [l1, l2] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
    return ((l1 ?? 0) + 0.05) / ((l2 ?? 0) + 0.05);
  };
  const describe = (el: Element) => {
    const cls = [...el.classList].slice(0, 2).join('.');
    const parent = el.parentElement;
    const pcls = parent ? [...parent.classList].slice(0, 2).join('.') : '';
    return `${parent?.tagName.toLowerCase() ?? ''}${pcls ? `.${pcls}` : ''} > ${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`;
  };
  const found: string[] = [];
  const check = (el: Element, colour: string, what: string) => {
    const fg = parse(colour);
    const bg = behind(el);
    if (!fg || fg[3] === 0 || !bg) return;
    const blended = [0, 1, 2].map((i) => (fg[i] ?? 0) * fg[3] + (bg[i] ?? 0) * (1 - fg[3]));
    const r = ratio(blended, bg);
    if (r < 3)
      found.push(
        `icon glyph ${r.toFixed(2)}:1 < 3:1 (${what} ${colour} on rgb(${bg.map(Math.round).join(', ')})): ${describe(el)}`,
      );
  };
  for (const svg of document.querySelectorAll('svg')) {
    const r = svg.getBoundingClientRect();
    if (
      r.width < 4 ||
      r.width > 48 ||
      r.height > 48 ||
      !svg.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    )
      continue;
    const shape = [...svg.querySelectorAll('path, circle, rect, polygon, polyline, ellipse, line')].find(
      (s) => {
        const st = getComputedStyle(s);
        // antd-mobile-icons draw an invisible square first (the icon's box).
        if (Number(st.opacity) === 0) return false;
        return (
          (st.fill !== 'none' && Number(st.fillOpacity) > 0) ||
          (st.stroke !== 'none' && Number(st.strokeOpacity) > 0)
        );
      },
    );
    if (!shape) continue;
    const st = getComputedStyle(shape);
    if (st.fill !== 'none' && !st.fill.startsWith('url')) check(svg, st.fill, 'fill');
    else if (st.stroke !== 'none' && !st.stroke.startsWith('url')) check(svg, st.stroke, 'stroke');
  }
  for (const el of document.querySelectorAll('[aria-hidden="true"]')) {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const text = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('')
      .trim();
    if (!text || text.length > 3) continue;
    check(el, getComputedStyle(el).color, 'glyph');
  }
  return [...new Set(found)];
}

async function contrastProblems(page: Page): Promise<string[]> {
  return [...(await axeContrast(page)), ...(await page.evaluate(iconContrast))];
}

/** Every built page in one context, by hash changes (a new document after an overlay or a switch of person). */
async function h5Pages(loggedIn: boolean): Promise<void> {
  const { context, page } = await sweepContext(browser, { token: loggedIn ? data.token : null });
  const tokens: Record<VisitUser, string> = {
    main: data.token,
    waiting: data.waiting.token,
    paying: data.paying.token,
  };
  let user: VisitUser = 'main';
  let fresh = false;
  const requests = trackRequests(page);
  try {
    for (const visit of builtVisits(data)) {
      const where = `H5 ${loggedIn ? 'logged in' : 'logged out'} #/${visit.route}`;
      try {
        const wanted: VisitUser = visit.user ?? 'main';
        if (loggedIn && wanted !== user) {
          await openRoute(page, server.url, 'ErrPage');
          await page.locator('[data-page="ErrPage"]').waitFor();
          await page.evaluate((t) => localStorage.setItem('token', t), tokens[wanted]);
          user = wanted;
          fresh = true;
        }
        await openRoute(page, server.url, visit.route, { fresh });
        await settlePage(page, visit.name, requests, { immediate: visit.immediate });
        const found = await contrastProblems(page);
        if (found.length > 0) findings[where] = found;
        fresh = await page.evaluate(overlayOpen);
      } catch (err) {
        findings[where] = [`did not show: ${(err as Error).message.split('\n')[0]}`];
        fresh = true;
      }
    }
  } finally {
    await context.close();
  }
}

const summary = (prefix: string) =>
  Object.entries(findings)
    .filter(([where]) => where.startsWith(prefix))
    .map(([where, list]) => `${where}\n  ${list.join('\n  ')}`)
    .join('\n');

describe('contrast: text ≥ 4.5:1 (axe color-contrast), icon glyphs ≥ 3:1', () => {
  it('every built page of the H5, logged in and logged out', { timeout: 240_000 }, async () => {
    await Promise.all([h5Pages(true), h5Pages(false)]);
    expect(summary('H5'), summary('H5')).toBe('');
  });

  it('the lawyer workbench: the login screen and the main screen', { timeout: 60_000 }, async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/workbench/`);
      await page.locator('[data-screen="login"]').waitFor();
      await page.waitForLoadState('networkidle');
      const login = await contrastProblems(page);
      if (login.length > 0) findings['workbench login screen'] = login;

      // The lawyer of SweepData.waiting: online, with the consult they accepted.
      await page.evaluate((t) => localStorage.setItem('ll.workbench.token', t), data.lawyerToken);
      await page.reload();
      await page.locator('[data-screen="workbench"]').waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const main = await contrastProblems(page);
      if (main.length > 0) findings['workbench main screen'] = main;
    } finally {
      await context.close();
    }
    expect(summary('workbench'), summary('workbench')).toBe('');
  });
});
