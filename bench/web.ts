import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { homeRouteBytes, webDist } from '../apps/web/test/bundle-size.ts';
import { median, removeDir, startOurServer } from './lib/processes.ts';
import type { Row } from './lib/table.ts';

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const FLOOR_PAGE = 'floor.html';

/** benchmarkIndex: Lighthouse's own reading of the host's speed (higher is faster; it scales simulated CPU work). */
type Lh = {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  transferKb: number;
  benchmarkIndex: number;
};

/**
 * The physical floor: a static page with the same first paint as the app (its slogan) and the
 * same bytes on the wire — the home route's HTML, JS and CSS inlined as an HTML comment, so they
 * are downloaded and compress alike but nothing runs.
 */
function writeFloorPage(dist: string, files: string[]): number {
  const payload = files
    .map((file) => readFileSync(join(webDist, file), 'utf8'))
    .join('\n')
    .replaceAll('--', '- -');
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>60秒连线专业律师</title>
<style>body{margin:0;font-family:sans-serif;background:#fff;color:#1677ff;display:flex;align-items:center;justify-content:center;height:100vh}h1{font-size:20px;letter-spacing:2px}</style>
</head><body><h1>60秒连线专业律师</h1>
<!-- ${payload} -->
</body></html>
`;
  const path = join(dist, FLOOR_PAGE);
  writeFileSync(path, html);
  compressBeside(path);
  return Buffer.byteLength(html);
}

/** Same as the build's precompression (vite.config.ts): .gz and .br beside the file. */
function compressBeside(path: string): void {
  const data = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(data, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  );
}

async function runLighthouse(url: string, port: number): Promise<Lh> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // The default: mobile form factor, simulated slow 4G (150 ms RTT, 1.6 Mbit/s) and 4× CPU slowdown.
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const lhr = result.lhr;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const runtimeError = lhr.runtimeError?.message;
  if (runtimeError) throw new Error(`lighthouse ${url}: ${runtimeError}`);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcp: audit('first-contentful-paint'),
    transferKb: audit('total-byte-weight') / 1024,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

export async function benchWeb(options: { lighthouseRuns: number }): Promise<{ rows: Row[]; raw: unknown }> {
  const bytes = homeRouteBytes();
  const jsKb = bytes.jsGzip / 1024;
  const cssKb = bytes.cssGzip / 1024;
  console.log(
    `  home route: ${bytes.jsFiles.length} JS files ${jsKb.toFixed(1)} KB gzip (${(bytes.jsRaw / 1024).toFixed(0)} KB raw), ` +
      `${bytes.cssFiles.length} CSS files ${cssKb.toFixed(1)} KB gzip`,
  );
  const rows: Row[] = [
    {
      section: 'Web',
      item: 'home route JS before interactive (gzip)',
      value: `${jsKb.toFixed(1)} KB`,
      ratio: (jsKb / 160).toFixed(2),
      target: '≤ 160 KB (ratio: ÷ budget)',
      pass: jsKb <= 160,
    },
    {
      section: 'Web',
      item: 'home route CSS (gzip)',
      value: `${cssKb.toFixed(1)} KB`,
      target: 'reported',
      pass: true,
    },
  ];

  // A copy of dist with the floor page beside the app, served by our server.
  const dist = mkdtempSync(join(tmpdir(), 'lawline-bench-dist-'));
  cpSync(webDist, dist, { recursive: true });
  const floorBytes = writeFloorPage(dist, ['index.html', ...bytes.jsFiles, ...bytes.cssFiles]);
  const server = await startOurServer({ webDist: dist });
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const appUrl = `${server.url}/h5/gzh/`;
    const floorUrl = `${server.url}/h5/gzh/${FLOOR_PAGE}`;
    const app: Lh[] = [];
    const floor: Lh[] = [];
    for (let i = 0; i < options.lighthouseRuns; i += 1) {
      app.push(await runLighthouse(appUrl, chrome.port));
      floor.push(await runLighthouse(floorUrl, chrome.port));
      const a = app[i] as Lh;
      const f = floor[i] as Lh;
      console.log(
        `  lighthouse run ${i + 1} (host benchmarkIndex ${a.benchmarkIndex.toFixed(0)}): app score ${a.score} LCP ${a.lcp.toFixed(0)} ms TBT ${a.tbt.toFixed(0)} ms CLS ${a.cls.toFixed(3)} ` +
          `(${a.transferKb.toFixed(0)} KB) | floor score ${f.score} LCP ${f.lcp.toFixed(0)} ms (${f.transferKb.toFixed(0)} KB)`,
      );
    }
    const m = (runs: Lh[], key: keyof Lh) => median(runs.map((r) => r[key]));
    const runsNote = `median of ${options.lighthouseRuns}`;
    rows.push(
      {
        section: 'Web',
        item: `Lighthouse score, app / floor page (${runsNote})`,
        value: `${m(app, 'score')} / ${m(floor, 'score')}`,
        ratio: (m(app, 'score') / m(floor, 'score')).toFixed(2),
        target: '≥ 95',
        pass: m(app, 'score') >= 95,
      },
      {
        section: 'Web',
        item: 'LCP, app / floor page',
        value: `${(m(app, 'lcp') / 1000).toFixed(2)} / ${(m(floor, 'lcp') / 1000).toFixed(2)} s`,
        ratio: (m(app, 'lcp') / m(floor, 'lcp')).toFixed(2),
        target: '≤ 2.0 s',
        pass: m(app, 'lcp') <= 2000,
      },
      {
        section: 'Web',
        item: 'TBT, app / floor page',
        value: `${m(app, 'tbt').toFixed(0)} / ${m(floor, 'tbt').toFixed(0)} ms`,
        target: 'reported',
        pass: true,
      },
      {
        section: 'Web',
        item: 'CLS, app / floor page',
        value: `${m(app, 'cls').toFixed(3)} / ${m(floor, 'cls').toFixed(3)}`,
        target: '≤ 0.05',
        pass: m(app, 'cls') <= 0.05,
      },
      {
        section: 'Web',
        item: 'bytes on the wire, app / floor page',
        value: `${m(app, 'transferKb').toFixed(0)} / ${m(floor, 'transferKb').toFixed(0)} KB`,
        ratio: (m(app, 'transferKb') / m(floor, 'transferKb')).toFixed(2),
        target: 'reported',
        pass: true,
      },
      {
        section: 'Web',
        item: "host speed, Lighthouse's benchmarkIndex (min–max of the runs)",
        value: `${Math.min(...app.map((r) => r.benchmarkIndex)).toFixed(0)}–${Math.max(...app.map((r) => r.benchmarkIndex)).toFixed(0)}`,
        target: "reported (simulated CPU work: the host's × 4)",
        pass: true,
      },
    );
    return { rows, raw: { bytes, floorBytes, lighthouse: { app, floor } } };
  } finally {
    chrome.kill();
    await server.stop();
    removeDir(server.dataDir);
    removeDir(dist);
  }
}
