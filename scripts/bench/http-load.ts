// The bench's HTTP load generator: a closed loop of `connections` keep-alive connections, each posting the same JSON
// body with a random header value from a list, for `seconds`. It shares the two cores with the server and PostgreSQL,
// so what it costs shows in the result: wrk (C, the usual HTTP benchmarking tool; ≈ 35 µs of CPU per request here,
// like pgbench's own client's ≈ 25 µs) when it is installed, otherwise undici in this process (≈ 120 µs per request).
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';

export interface LoadSpec {
  base: string;
  path: string;
  body: string;
  header: string;
  values: string[];
  connections: number;
  seconds: number;
  /** wrk's threads (1: one thread drives 50 connections at these rates with the fewest context switches). */
  threads?: number;
}

export interface LoadResult {
  tool: string;
  requests: number;
  perSecond: number;
  /** Milliseconds. */
  percentiles: Record<'p50' | 'p90' | 'p99' | 'p99.9' | 'max', number>;
  /** CPU the load generator itself used, milliseconds. */
  cpuMs: number;
}

/** CPU of this process's waited-for children (wrk), milliseconds, from /proc (clock ticks of 10 ms). */
function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[13]) + Number(f[14])) * 10;
  } catch {
    return 0;
  }
}

export function wrkAvailable(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

export async function runLoad(
  spec: LoadSpec,
  tool: 'wrk' | 'undici' = wrkAvailable() ? 'wrk' : 'undici',
): Promise<LoadResult> {
  return tool === 'wrk' ? runWrk(spec) : runUndici(spec);
}

async function runWrk(spec: LoadSpec): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  const valuesFile = join(dir, 'values.txt');
  writeFileSync(valuesFile, `${spec.values.join('\n')}\n`);
  const lua = join(dir, 'load.lua');
  // One Lua state per wrk thread: each reads the values, picks one per request, and the last reports the merged figures.
  writeFileSync(
    lua,
    `
local values = {}
for line in io.lines(${JSON.stringify(valuesFile)}) do values[#values + 1] = line end
math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
wrk.method = "POST"
wrk.body = ${JSON.stringify(spec.body)}
wrk.headers["Content-Type"] = "application/json"
request = function()
  wrk.headers[${JSON.stringify(spec.header)}] = values[math.random(#values)]
  return wrk.format()
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %d %d %d", summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout))
  for _, p in ipairs({ 50, 90, 99, 99.9 }) do io.write(string.format(" %d", latency:percentile(p))) end
  io.write(string.format(" %d\\n", latency.max))
end
`,
  );
  const cpu0 = childrenCpuMs();
  // run asynchronously: the caller's event loop keeps running during the load (the bets bench's ledger-feed consumer)
  const { stdout: out } = await promisify(execFile)(
    'wrk',
    [
      `-t${spec.threads ?? 1}`,
      `-c${spec.connections}`,
      `-d${spec.seconds}s`,
      '--timeout',
      '10s',
      '-s',
      lua,
      `${spec.base}${spec.path}`,
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const cpuMs = childrenCpuMs() - cpu0;
  const line = out.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`wrk printed no result:\n${out}`);
  const [requests, durationUs, connect, read, write, status, timeout, p50, p90, p99, p999, max] = line
    .split(' ')
    .slice(1)
    .map(Number) as number[];
  if (connect! + read! + write! + status! + timeout! > 0)
    throw new Error(
      `wrk saw errors (connect ${connect}, read ${read}, write ${write}, non-2xx ${status}, timeout ${timeout}):\n${out}`,
    );
  const ms = (us: number) => us / 1000;
  return {
    tool: 'wrk',
    requests: requests!,
    perSecond: requests! / (durationUs! / 1e6),
    percentiles: { p50: ms(p50!), p90: ms(p90!), p99: ms(p99!), 'p99.9': ms(p999!), max: ms(max!) },
    cpuMs,
  };
}

async function runUndici(spec: LoadSpec): Promise<LoadResult> {
  // one undici Pool, keep-alive, no URL parsing per call, no parsing of the answer beyond its status
  const agent = new Pool(spec.base, { connections: spec.connections, pipelining: 1 });
  const call = (value: string) =>
    agent
      .request({
        path: spec.path,
        method: 'POST',
        headers: { 'content-type': 'application/json', [spec.header]: value },
        body: spec.body,
      })
      .then(async (res) => {
        const text = await res.body.text();
        if (res.statusCode !== 200) throw new Error(`${spec.path} answered ${res.statusCode}: ${text}`);
      });
  const latencies: number[] = [];
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const end = Date.now() + spec.seconds * 1000;
  await Promise.all(
    Array.from({ length: spec.connections }, async () => {
      while (Date.now() < end) {
        const value = spec.values[Math.floor(Math.random() * spec.values.length)]!;
        const t0 = performance.now();
        await call(value);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  await agent.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.floor((latencies.length - 1) * q)]!;
  return {
    tool: 'undici',
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    percentiles: { p50: at(0.5), p90: at(0.9), p99: at(0.99), 'p99.9': at(0.999), max: at(1) },
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}
