import { describe, expect, it } from 'vitest';
import { homeRouteBytes, readManifest, routeChunks } from './bundle-size.ts';

/**
 * Bundle budgets (issue 7): a heavy dependency must not slip in unnoticed. Reads the production
 * build, so it runs after `npm run build` (`npm test` builds first).
 */
const HOME_JS_BUDGET = 160 * 1024;
const ROUTE_CHUNK_BUDGET = 50 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('bundle budgets (gzip)', () => {
  it('finds the production build', () => {
    // Throws "The web app is not built … run `npm run build` first" when dist is missing.
    expect(() => readManifest()).not.toThrow();
  });

  it(`the home route loads at most ${kb(HOME_JS_BUDGET)} of JS before it is interactive`, () => {
    const home = homeRouteBytes();
    const list = home.jsFiles.map((f) => `  ${f}`).join('\n');
    expect(
      home.jsGzip,
      `home route JS is ${kb(home.jsGzip)} gzip, over the ${kb(HOME_JS_BUDGET)} budget. Files:\n${list}\n` +
        'Lazy-load what the first screen does not need, or import antd-mobile per component.',
    ).toBeLessThanOrEqual(HOME_JS_BUDGET);
  });

  it(`no route chunk is over ${kb(ROUTE_CHUNK_BUDGET)}`, () => {
    const over = routeChunks().filter((chunk) => chunk.gzip > ROUTE_CHUNK_BUDGET);
    expect(
      over.map((c) => `${c.src} → ${c.file}: ${kb(c.gzip)}`),
      `route chunks over the ${kb(ROUTE_CHUNK_BUDGET)} budget`,
    ).toEqual([]);
  });
});
