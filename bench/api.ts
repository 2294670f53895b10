import autocannon from 'autocannon';
import { type Child, startHello, startOurServer } from './lib/processes.ts';
import type { Row } from './lib/table.ts';

export const API_ENDPOINTS = [
  { name: 'channel/getChannel', path: '/api/v2/channel/getChannel?usertype=3' },
  { name: 'uc/lawyerInfo/home', path: '/api/v2/uc/lawyerInfo/home?usertype=3' },
  { name: 'content (page 1)', path: '/api/v2/content?page=1&usertype=3' },
] as const;

export type LoadResult = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

/** autocannon with 100 connections; latency in ms (p99 from its histogram). */
export async function load(url: string, seconds: number, connections = 100): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function benchApi(options: {
  seconds: number;
  warmup: number;
}): Promise<{ rows: Row[]; raw: unknown }> {
  const started: Child[] = [];
  try {
    const hello = await startHello();
    started.push(hello);
    const ours = await startOurServer();
    started.push(ours);

    await load(`${hello.url}/`, options.warmup);
    const floor = await load(`${hello.url}/`, options.seconds);
    console.log(`  hello-world: ${floor.rps.toFixed(0)} req/s, p99 ${floor.p99} ms`);
    const rows: Row[] = [];
    const raw: Record<string, LoadResult> = { 'hello-world': floor };
    for (const endpoint of API_ENDPOINTS) {
      await load(`${ours.url}${endpoint.path}`, options.warmup);
      const r = await load(`${ours.url}${endpoint.path}`, options.seconds);
      raw[endpoint.name] = r;
      const ratio = r.rps / floor.rps;
      const failures = r.non2xx + r.errors;
      console.log(
        `  ${endpoint.name}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ratio ${ratio.toFixed(2)}` +
          (failures ? `, ${failures} failed answers` : ''),
      );
      rows.push({
        section: 'API reads',
        item: `${endpoint.name} req/s (ours / hello)`,
        value: `${r.rps.toFixed(0)} / ${floor.rps.toFixed(0)}`,
        ratio: ratio.toFixed(2),
        target: '≥ 0.5',
        pass: ratio >= 0.5 && failures === 0,
        note: failures ? `${failures} non-2xx/errors` : undefined,
      });
      rows.push({
        section: 'API reads',
        item: `${endpoint.name} p99`,
        value: `${r.p99} ms (hello ${floor.p99} ms)`,
        target: '< 25 ms',
        pass: r.p99 < 25,
      });
    }
    return { rows, raw };
  } finally {
    for (const child of started.reverse()) await child.stop();
  }
}
