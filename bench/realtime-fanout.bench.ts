// Realtime fan-out: delivery latency of tenant events to 2,000 Socket.IO clients over 200 tenants
// (10 per tenant), on one platform instance and on two behind one Redis, each against a bare
// Socket.IO baseline measured in the same run. Target (issue): delivery p99 < 100 ms.
//
// Processes, so that no side shares another's event loop: the platform as `npm start` runs it
// (production mode, scratch database, Redis coordination; a second instance on another port for the
// two-instance case), one load process holding every client (bench/fanout-clients.ts: socket.io-client,
// websocket transport as the console's, each client its own connection with its tenant admin's
// token), and one publisher (bench/fanout-publisher.ts: the platform's own realtimePublisher on the
// Redis coordination layer, a schema-valid QUEUE_MEMBER_COUNT round-robin over the tenants at a
// fixed rate, stamped by the publisher's `at`). Latency is publish → receive on one machine's
// clock; every client must receive each of its tenant's events once and no other tenant's
// (checked and reported: a delivery error fails the bench).
// The baseline d (bench/bare-fanout-server.ts) is a bare `socket.io` server with the same room per
// tenant and the same emit, fed by the same Redis channel, without authentication or platform; for
// two instances, two of them. Clients of a tenant alternate between the instances, so every event
// is delivered by both, as the platform does it behind a load balancer.
// Order per repetition: baseline then platform, one instance then two. The instance B starts only
// for the two-instance case (before its baseline), so one instance really runs alone; while a
// baseline runs, the idle platform instances hear the channel too (an emit to an empty room each).
//
// Environment: BENCH_TENANTS (200), BENCH_CLIENTS_PER_TENANT (10), BENCH_RATE (events/s, 500),
// BENCH_SECONDS (15, plus BENCH_WARMUP 2 s unmeasured), BENCH_REPETITIONS (2), BENCH_INSTANCES (1,2),
// BENCH_CPU_PROF=<dir> (the platform instances write --cpu-prof profiles there when they stop),
// BENCH_DATABASE_ADMIN_URL, BENCH_REDIS_URL.
// The channel is the platform's (cc:events on that Redis): anything else publishing on it meanwhile
// reaches the servers too (other tenants: not delivered to these clients).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { adminUrl, type BenchTenant, benchTenants, databaseUrlOf, file, type PlatformProcess, root, setting, sql, startPlatform } from './bench-env.ts';
import type { ClientSpec, FromLoad, LoadReport, ToLoad } from './fanout-shared.ts';

const TENANTS = setting('BENCH_TENANTS', 200);
const CLIENTS_PER_TENANT = setting('BENCH_CLIENTS_PER_TENANT', 10);
const RATE = setting('BENCH_RATE', 500);
const SECONDS = setting('BENCH_SECONDS', 15);
const WARMUP = setting('BENCH_WARMUP', 2);
const REPETITIONS = setting('BENCH_REPETITIONS', 2);
/** Which cases: instance counts, comma-separated. */
const INSTANCES = (process.env.BENCH_INSTANCES ?? '1,2').split(',').map(Number);
const TARGET_P99_MS = 100;
// After the last publish: time for the last deliveries to land before the count is taken.
const SETTLE_MS = 2_000;
const database = `callcenter_bench_${process.pid}`;
const databaseUrl = databaseUrlOf(database);
const jwtSecret = randomBytes(32).toString('base64url');
const tsx = ['--import', 'tsx'];

interface Server {
  url: string;
  pid: number;
}

interface Phase extends LoadReport {
  connectSeconds: number;
  published: number;
  /** CPU seconds the server processes, and the load process, used per second of publishing. */
  serverCpu: number;
  loadCpu: number;
  /** p99 of publish → the publisher's own subscription: the Redis hop alone. */
  redisP99: number;
}

/** utime + stime of a process, in seconds (Linux; clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const spread = (values: number[], digits: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
  return [sorted[0]!, median, sorted.at(-1)!].map((value) => value.toFixed(digits)).join(' / ');
};

/** Every child but the platforms, so that an interrupted run ends them too. */
const children = new Set<ChildProcess>();
function track<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim();

/** The next message of the load process, failing if it reports a failure or dies. */
async function nextMessage(load: ChildProcess): Promise<FromLoad> {
  const [message] = (await Promise.race([once(load, 'message'), once(load, 'exit').then(() => [{ kind: 'failed', message: 'load process exited' }])])) as [FromLoad];
  if (message.kind === 'failed') throw new Error(message.message);
  return message;
}

/** The publisher to its end; its one JSON line. */
async function publish(tenants: BenchTenant[]): Promise<{ measured: number; redisP99: number }> {
  const child = track(spawn(process.execPath, [...tsx, file('bench/fanout-publisher.ts'), tenants.map((t) => t.tenantId).join(','), String(RATE), String(WARMUP), String(SECONDS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  }));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`publisher exited with ${code}`);
  return JSON.parse(output.trim().split('\n').at(-1)!) as { measured: number; redisP99: number };
}

/** Measured events each tenant was sent: event i went to tenant i mod n. */
function expectedPerTenant(tenants: BenchTenant[], measured: number): Record<string, number> {
  const base = Math.floor(measured / tenants.length);
  return Object.fromEntries(tenants.map((tenant, index) => [tenant.tenantId, base + (index < measured % tenants.length ? 1 : 0)]));
}

/** Clients of a tenant alternate between the servers; `auth` is what each server's handshake wants. */
function clientsFor(tenants: BenchTenant[], servers: Server[], auth: (tenant: BenchTenant) => Record<string, string>): ClientSpec[] {
  return tenants.flatMap((tenant) =>
    Array.from({ length: CLIENTS_PER_TENANT }, (_, index) => ({ url: servers[index % servers.length]!.url, tenantId: tenant.tenantId, auth: auth(tenant) })),
  );
}

/** One measurement: connect every client, publish, count and time what arrived. */
async function measure(tenants: BenchTenant[], servers: Server[], clients: ClientSpec[]): Promise<Phase> {
  const load = track(fork(file('bench/fanout-clients.ts'), [], { execArgv: tsx, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  try {
    load.send({ kind: 'connect', clients } satisfies ToLoad);
    const connected = await nextMessage(load);
    const serversCpu = () => servers.reduce((sum, server) => sum + cpuSeconds(server.pid), 0);
    const [serverBefore, loadBefore, started] = [serversCpu(), cpuSeconds(load.pid!), performance.now()];
    const { measured, redisP99 } = await publish(tenants);
    const elapsed = (performance.now() - started) / 1000;
    const [serverCpu, loadCpu] = [(serversCpu() - serverBefore) / elapsed, (cpuSeconds(load.pid!) - loadBefore) / elapsed];
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    load.send({ kind: 'report', expected: expectedPerTenant(tenants, measured) } satisfies ToLoad);
    const report = (await nextMessage(load)) as LoadReport;
    return { ...report, connectSeconds: connected.kind === 'connected' ? connected.seconds : NaN, published: measured, serverCpu, loadCpu, redisP99 };
  } finally {
    // Done, it exits by itself; after a failure it would wait for a report forever.
    if (load.exitCode === null) {
      load.kill();
      await once(load, 'exit');
    }
  }
}

/** n bare Socket.IO servers, for as long as `use` runs. */
async function withBareServers<T>(count: number, use: (servers: Server[]) => Promise<T>): Promise<T> {
  const bare = Array.from({ length: count }, () => track(spawn(process.execPath, [...tsx, file('bench/bare-fanout-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] })));
  try {
    const servers = await Promise.all(
      bare.map(async (child) => {
        const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
        return { url: (JSON.parse(line) as { url: string }).url, pid: child.pid! };
      }),
    );
    return await use(servers);
  } finally {
    for (const child of bare) {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
  }
}

const row = (name: string, phase: Phase) =>
  `${name.padEnd(34)} p50 ${phase.p50.toFixed(0).padStart(4)}  p95 ${phase.p95.toFixed(0).padStart(4)}  p99 ${phase.p99.toFixed(0).padStart(4)}  max ${phase.max.toFixed(0).padStart(5)} ms` +
  `   ${phase.deliveries} delivered, ${phase.missing} missing, ${phase.duplicates} twice, ${phase.foreign} foreign, ${phase.disconnects} dropped` +
  `   Redis hop p99 ${phase.redisP99.toFixed(0)} ms   CPU server ${(phase.serverCpu * 100).toFixed(0)} % clients ${(phase.loadCpu * 100).toFixed(0)} %   connect ${phase.connectSeconds.toFixed(1)} s\n` +
  `${''.padEnd(34)} p99 per second: ${phase.p99BySecond.map((value) => value.toFixed(0)).join(' ')}\n`;

/** Any delivery error is a failure of the bench, not a number to read past. */
function assertDelivered(name: string, phase: Phase): void {
  const expected = phase.published * CLIENTS_PER_TENANT;
  if (phase.missing || phase.duplicates || phase.foreign || phase.disconnects || phase.deliveries !== expected) {
    throw new Error(`${name}: ${phase.deliveries} of ${expected} deliveries, ${phase.missing} missing, ${phase.duplicates} twice, ${phase.foreign} foreign, ${phase.disconnects} dropped`);
  }
}

await sql(adminUrl, `CREATE DATABASE ${database}`);
const checkout = fileURLToPath(root).replace(/\/$/, '');
const platforms: PlatformProcess[] = [startPlatform({ checkout, databaseUrl, jwtSecret, profileDir: process.env.BENCH_CPU_PROF })];
const cleanUp = async () => {
  for (const child of children) child.kill('SIGTERM');
  for (const platform of platforms) await platform.stop();
  await sql(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
};
// Interrupted (Ctrl-C, a timeout), it would otherwise leave its platforms running on a dropped-to-be database.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
try {
  const base = await platforms[0]!.url;
  const started = performance.now();
  const tenants = await benchTenants(base, TENANTS);
  process.stdout.write(`${TENANTS} tenants and their admins' tokens created in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  process.stdout.write(
    `${TENANTS * CLIENTS_PER_TENANT} clients (${CLIENTS_PER_TENANT} per tenant), ${RATE} events/s for ${SECONDS} s after ${WARMUP} s of warm-up, ` +
      `${REPETITIONS} repetition(s); load average ${loadavg()}\n`,
  );
  const byToken = (tenant: BenchTenant) => ({ token: tenant.authorization.replace(/^Bearer /, '') });
  const byTenant = (tenant: BenchTenant) => ({ tenantId: tenant.tenantId });
  const results: Record<string, { served: number[]; d: number[]; ratio: number[] }> = {};
  for (let repetition = 1; repetition <= REPETITIONS; repetition += 1) {
    for (const count of INSTANCES) {
      const name = count === 1 ? 'one instance' : `${count} instances`;
      while (platforms.length < count) platforms.push(startPlatform({ checkout, databaseUrl, jwtSecret, profileDir: process.env.BENCH_CPU_PROF }));
      const instances = await Promise.all(platforms.slice(0, count).map(async (platform) => ({ url: await platform.url, pid: platform.child.pid! })));
      const d = await withBareServers(count, (servers) => measure(tenants, servers, clientsFor(tenants, servers, byTenant)));
      process.stdout.write(row(`#${repetition} ${name}: bare socket.io`, d));
      const served = await measure(tenants, instances, clientsFor(tenants, instances, byToken));
      process.stdout.write(row(`#${repetition} ${name}: platform`, served));
      assertDelivered(`${name} bare`, d);
      assertDelivered(`${name} platform`, served);
      const result = (results[name] ??= { served: [], d: [], ratio: [] });
      result.served.push(served.p99);
      result.d.push(d.p99);
      result.ratio.push(served.p99 / d.p99);
      process.stdout.write(
        `#${repetition} ${name}: platform p99 ${served.p99.toFixed(0)} ms (target < ${TARGET_P99_MS}: ${served.p99 < TARGET_P99_MS ? 'reached' : 'MISSED'}), ` +
          `ratio to d ${(served.p99 / d.p99).toFixed(2)}; load average ${loadavg()}\n`,
      );
    }
  }
  process.stdout.write(`\nmin / median / max over ${REPETITIONS} repetition(s); load average ${loadavg()}\n`);
  for (const [name, result] of Object.entries(results)) {
    process.stdout.write(`${name.padEnd(14)} platform p99 ${spread(result.served, 0)} ms   d p99 ${spread(result.d, 0)} ms   ratio ${spread(result.ratio, 2)}\n`);
  }
} finally {
  await cleanUp();
}
