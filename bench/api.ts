import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { type Child, median, startHello, startOurServer } from './lib/processes.ts';
import type { Row } from './lib/table.ts';

export const API_ENDPOINTS = [
  { name: 'channel/getChannel', path: '/api/v2/channel/getChannel?usertype=3' },
  { name: 'uc/lawyerInfo/home', path: '/api/v2/uc/lawyerInfo/home?usertype=3' },
  { name: 'content (page 1)', path: '/api/v2/content?page=1&usertype=3' },
] as const;

export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU microseconds per answered request: the server's main thread and this process (autocannon). */
  serverCpuUs: number | null;
  clientCpuUs: number;
};

/** CPU ms a process's main thread has used (Linux /proc), or null where there is none. */
function threadCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in clock ticks of 10 ms
  } catch {
    return null;
  }
}

/**
 * autocannon with 100 connections; latency in ms (p99 from its histogram). Also the CPU each side
 * spent per request: on these 2 cores server and load generator share the machine, so a large
 * answer (autocannon decodes every answer into a string, and non-ASCII text decodes slowly) costs
 * the load generator about as much as the server.
 */
export async function load(
  url: string,
  seconds: number,
  serverPid?: number,
  connections = 100,
): Promise<LoadResult> {
  const serverBefore = serverPid ? threadCpuMs(serverPid) : null;
  const clientBefore = process.cpuUsage();
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  const client = process.cpuUsage(clientBefore);
  const serverAfter = serverPid ? threadCpuMs(serverPid) : null;
  const answered = Math.max(1, result.requests.total);
  return {
    // Over the whole run, not the mean of whole-second samples (short rounds would lose the tail).
    rps: result.requests.total / Math.max(0.001, result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serverCpuUs:
      serverBefore !== null && serverAfter !== null ? ((serverAfter - serverBefore) * 1000) / answered : null,
    clientCpuUs: (client.user + client.system) / answered,
  };
}

const us = (value: number | null) => (value === null ? '?' : value.toFixed(0));

/** Several runs of one target folded into one figure: medians, and CPU over all of them. */
function fold(runs: LoadResult[]): LoadResult {
  const cpu = (pick: (r: LoadResult) => number | null) => {
    const values = runs.map(pick);
    return values.every((v) => v !== null) ? median(values as number[]) : null;
  };
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    serverCpuUs: cpu((r) => r.serverCpuUs),
    clientCpuUs: cpu((r) => r.clientCpuUs) ?? 0,
  };
}

/**
 * Each endpoint is measured right after a hello-world run, round after round (the endpoints'
 * order turning each round), and its ratio is the median of those pairs' ratios: this shared
 * 2-core machine swings by ±30 % within seconds (hello-world alone: 19k–32k req/s in
 * consecutive 3 s runs), and pairing puts both sides of a ratio under the same conditions.
 */
export async function benchApi(options: {
  rounds: number;
  seconds: number;
  warmup: number;
}): Promise<{ rows: Row[]; raw: unknown }> {
  const started: Child[] = [];
  try {
    const hello = await startHello();
    started.push(hello);
    const ours = await startOurServer();
    started.push(ours);
    const helloUrl = `${hello.url}/`;
    const endpoints = API_ENDPOINTS.map((e) => ({ name: e.name, url: `${ours.url}${e.path}` }));
    await load(helloUrl, options.warmup);
    for (const endpoint of endpoints) await load(endpoint.url, options.warmup);

    const helloRuns: LoadResult[] = [];
    const runs = new Map<string, LoadResult[]>(endpoints.map((e) => [e.name, []]));
    const ratios = new Map<string, number[]>(endpoints.map((e) => [e.name, []]));
    for (let round = 0; round < options.rounds; round++) {
      const line: string[] = [];
      for (let i = 0; i < endpoints.length; i++) {
        const endpoint = endpoints[(round + i) % endpoints.length];
        if (!endpoint) continue;
        const floorRun = await load(helloUrl, options.seconds, hello.pid);
        const r = await load(endpoint.url, options.seconds, ours.pid);
        helloRuns.push(floorRun);
        runs.get(endpoint.name)?.push(r);
        ratios.get(endpoint.name)?.push(r.rps / Math.max(1, floorRun.rps));
        line.push(`${endpoint.name} ${r.rps.toFixed(0)}/${floorRun.rps.toFixed(0)}`);
      }
      console.log(`  round ${round + 1}: ${line.join(', ')} req/s (ours/hello)`);
    }

    const floor = fold(helloRuns);
    const rows: Row[] = [];
    const raw: Record<string, unknown> = { rounds: options.rounds, 'hello-world': floor };
    const folded = new Map<string, LoadResult>();
    for (const endpoint of API_ENDPOINTS) {
      const r = fold(runs.get(endpoint.name) ?? []);
      folded.set(endpoint.name, r);
      const roundRatios = ratios.get(endpoint.name) ?? [];
      const ratio = median(roundRatios);
      raw[endpoint.name] = { ...r, roundRatios };
      const failures = r.non2xx + r.errors;
      console.log(
        `  ${endpoint.name}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ratio ${ratio.toFixed(2)}` +
          ` (rounds ${roundRatios.map((x) => x.toFixed(2)).join(', ')})` +
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
    rows.push({
      section: 'API reads',
      item: 'CPU µs per request, server / load generator',
      value: [
        `hello ${us(floor.serverCpuUs)}/${us(floor.clientCpuUs)}`,
        ...API_ENDPOINTS.map((e) => {
          const r = folded.get(e.name);
          return `${e.name.split(' ')[0]?.split('/').at(-1)} ${us(r?.serverCpuUs ?? null)}/${us(r?.clientCpuUs ?? null)}`;
        }),
      ].join(', '),
      target: 'reported',
      pass: true,
    });
    return { rows, raw };
  } finally {
    for (const child of started.reverse()) await child.stop();
  }
}
