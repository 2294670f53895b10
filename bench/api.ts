import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { type Child, startHello, startOurServer } from './lib/processes.ts';
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
 * answer (the article list is 6 KB, a third of it Chinese, which autocannon decodes into a string
 * per answer) costs the load generator as much as the server.
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
    rps: result.requests.average,
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
    const floor = await load(`${hello.url}/`, options.seconds, hello.pid);
    console.log(`  hello-world: ${floor.rps.toFixed(0)} req/s, p99 ${floor.p99} ms`);
    const rows: Row[] = [];
    const raw: Record<string, LoadResult> = { 'hello-world': floor };
    for (const endpoint of API_ENDPOINTS) {
      await load(`${ours.url}${endpoint.path}`, options.warmup);
      const r = await load(`${ours.url}${endpoint.path}`, options.seconds, ours.pid);
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
    rows.push({
      section: 'API reads',
      item: 'CPU µs per request, server / load generator',
      value: [
        `hello ${us(floor.serverCpuUs)}/${us(floor.clientCpuUs)}`,
        ...API_ENDPOINTS.map((e) => {
          const r = raw[e.name] as LoadResult;
          return `${e.name.split(' ')[0]?.split('/').at(-1)} ${us(r.serverCpuUs)}/${us(r.clientCpuUs)}`;
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
