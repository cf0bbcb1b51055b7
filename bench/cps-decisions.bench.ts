// CPS decisions against Redis: the dialer's four-level token buckets (GLOBAL, TENANT, TRUNK,
// CAMPAIGN) over 1,000 tenants × 3 campaigns (2 trunks each), asked by BENCH_PROCESSES load
// processes (each its own RedisCoordination, BENCH_IN_FLIGHT callers) on one Redis, closed loop.
// Modes, interleaved in every repetition:
//   baseline  a script that only returns, same keys and arguments, same client settings (d)
//   single    takeTokens: one token (one call's decision) per script run
//   many      takeTokensMany: what a dialer's tick asks for a campaign, up to its capacity, at once
//   probed    takeTokens between two clock probes, for the audit only (not a throughput figure)
// Then the audit: every grant counted per bucket per Redis second must stay within the bucket's
// capacity (see auditExact / auditBracketed for what is proved and how).
// `node --import tsx bench/cps-decisions.bench.ts` (BENCH_SECONDS, BENCH_REPETITIONS,
// BENCH_IN_FLIGHT, BENCH_PROCESSES, BENCH_TENANTS, BENCH_GLOBAL_CPS, BENCH_MODES=baseline,single,many;
// ≈ 2 min).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { file, redisUrl, setting } from './bench-env.ts';
import { cpuShares, cpuSnapshot } from './cpu.ts';
import { campaignBuckets, campaignCount, type CpsModel, type WorkerReport } from './cps-decisions-model.ts';

type Mode = 'baseline' | 'single' | 'many' | 'probed';

const seconds = setting('BENCH_SECONDS', 5);
const repetitions = setting('BENCH_REPETITIONS', 5);
const concurrency = setting('BENCH_IN_FLIGHT', 64);
const processes = setting('BENCH_PROCESSES', 2);
const modes = (process.env.BENCH_MODES ?? 'baseline,single,many,probed').split(',') as Mode[];
const model: CpsModel = {
  tenants: setting('BENCH_TENANTS', 1000),
  campaignsPerTenant: 3,
  trunksPerTenant: 2,
  globalCapacity: setting('BENCH_GLOBAL_CPS', 10_000),
};

const admin = new Redis(redisUrl);
const redisPid = Number(/process_id:(\d+)/.exec(await admin.info('server'))?.[1]);
const loadAverage = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

interface Measured {
  report: WorkerReport;
  cpu: string;
  load: string;
}

/** Every load process started, ready, released at once, and their reports merged. */
async function measure(mode: Mode, prefix: string, repetition: number): Promise<Measured> {
  const children = Array.from({ length: processes }, (_, i) => {
    const settings = { mode, redisUrl, prefix, model, concurrency, seconds, seed: repetition * 1000 + i + 1 };
    return spawn(process.execPath, ['--import', 'tsx', file('bench/cps-decisions-worker.ts'), JSON.stringify(settings)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
  });
  const lines = children.map((child) => createInterface({ input: child.stdout! })[Symbol.asyncIterator]());
  for (const line of lines) if ((await line.next()).value !== 'ready') throw new Error('a load process did not start');
  const pids = Object.fromEntries(children.map((child, i) => [`load ${i + 1}`, child.pid!]));
  const before = await cpuSnapshot({ ...pids, redis: redisPid });
  const wall = performance.now();
  for (const child of children) child.stdin!.write('go\n');
  const reports = await Promise.all(lines.map(async (line) => JSON.parse((await line.next()).value as string) as WorkerReport));
  const after = await cpuSnapshot({ ...pids, redis: redisPid });
  for (const child of children) child.stdin!.end('bye\n');
  await Promise.all(children.filter((child) => child.exitCode === null).map((child) => once(child, 'exit')));
  const cpu = cpuShares(before, after, (performance.now() - wall) / 1000);
  return { report: merge(reports), cpu, load: await loadAverage() };
}

function merge(reports: WorkerReport[]): WorkerReport {
  const merged: WorkerReport = { calls: 0, decisions: 0, granted: 0, failures: 0, refusedBy: {}, seconds: 0, ledger: {} };
  for (const r of reports) {
    merged.calls += r.calls;
    merged.decisions += r.decisions;
    merged.granted += r.granted;
    merged.failures += r.failures;
    merged.seconds = Math.max(merged.seconds, r.seconds);
    for (const [k, n] of Object.entries(r.refusedBy)) merged.refusedBy[k] = (merged.refusedBy[k] ?? 0) + n;
    for (const [k, n] of Object.entries(r.ledger)) merged.ledger[k] = (merged.ledger[k] ?? 0) + n;
  }
  return merged;
}

const capacities = new Map<string, number>();
const bucketsOf = Array.from({ length: campaignCount(model) }, (_, campaign) =>
  campaignBuckets(model, campaign).map((spec) => {
    const id = `${spec.level}:${spec.key}`;
    capacities.set(id, spec.capacity);
    return id;
  }),
);

interface Audit {
  /** (bucket, second) pairs with at least one grant. */
  windows: number;
  /** Pairs whose grants reached the capacity exactly: the limit was hit, not merely approached. */
  full: number;
  /** Pairs proved over capacity. */
  over: number;
  /** Pairs that could be over only if grants of uncertain second all fell in them (bracketed only). */
  unproved: number;
  /** Grants whose window second is known only to lie between two seconds (bracketed only). */
  uncertainGrants: number;
}

/** takeTokensMany answers the window second of its grant: counts per bucket per second are exact. */
function auditExact(ledger: Record<string, number>): Audit {
  const counts = new Map<string, number>();
  for (const [key, n] of Object.entries(ledger)) {
    const [campaign, second] = key.split(':');
    for (const bucket of bucketsOf[Number(campaign)]!) counts.set(`${bucket}|${second}`, (counts.get(`${bucket}|${second}`) ?? 0) + n);
  }
  let full = 0;
  let over = 0;
  for (const [key, n] of counts) {
    const capacity = capacities.get(key.split('|')[0]!)!;
    if (n > capacity) over += 1;
    if (n === capacity) full += 1;
  }
  return { windows: counts.size, full, over, unproved: 0, uncertainGrants: 0 };
}

/**
 * takeTokens answers only allowed or not: its window second lies between the second the call was
 * sent and the second it was answered (one clock: Redis runs on this machine). A grant bracketed in
 * one second counts there for sure; one whose bracket spans a boundary counts in every second it
 * may belong to. Proved within capacity when even those upper bounds are; proved over when the
 * sure grants alone are; anything between is reported as unproved.
 */
function auditBracketed(ledger: Record<string, number>): Audit {
  const sure = new Map<string, number>();
  const possible = new Map<string, number>();
  let uncertainGrants = 0;
  for (const [key, n] of Object.entries(ledger)) {
    const [campaign, first, last] = key.split(':').map(Number) as [number, number, number];
    if (first !== last) uncertainGrants += n;
    for (const bucket of bucketsOf[campaign]!) {
      if (first === last) sure.set(`${bucket}|${first}`, (sure.get(`${bucket}|${first}`) ?? 0) + n);
      for (let s = first; s <= last; s++) possible.set(`${bucket}|${s}`, (possible.get(`${bucket}|${s}`) ?? 0) + n);
    }
  }
  let full = 0;
  let over = 0;
  let unproved = 0;
  for (const [key, upper] of possible) {
    const capacity = capacities.get(key.split('|')[0]!)!;
    const lower = sure.get(key) ?? 0;
    if (lower > capacity) over += 1;
    else if (upper > capacity) unproved += 1;
    if (lower === capacity) full += 1;
  }
  return { windows: possible.size, full, over, unproved, uncertainGrants };
}

/** Deletes a run's keys (SCAN, never KEYS: the Redis is shared). */
async function deletePrefix(prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length > 0) await admin.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const spread3 = (values: number[], digits = 2) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const show = (v: number) => (digits === 0 ? fmt(v) : v.toFixed(digits));
  return `${show(sorted[0]!)} / ${show(median)} / ${show(sorted.at(-1)!)}`;
};

process.stdout.write(
  `CPS decisions: ${model.tenants} tenants × ${model.campaignsPerTenant} campaigns (${model.trunksPerTenant} trunks each), ` +
    `GLOBAL ${model.globalCapacity}/s, ${processes} processes × ${concurrency} in flight, ${repetitions} × ${seconds} s; ` +
    `load average before: ${await loadAverage()}\n\n`,
);

const perSecond: Record<Mode, number[]> = { baseline: [], single: [], many: [], probed: [] };
const ratios: Record<Mode, number[]> = { baseline: [], single: [], many: [], probed: [] };
let everOver = 0;
const unprovedBy: Partial<Record<Mode, number>> = {};
let everFailed = 0;
for (let repetition = 1; repetition <= repetitions; repetition++) {
  const rates: Partial<Record<Mode, number>> = {};
  for (const mode of modes) {
    const prefix = `cps-bench:${randomUUID()}:`;
    const { report, cpu, load } = await measure(mode, prefix, repetition);
    await deletePrefix(prefix);
    const rate = report.decisions / report.seconds;
    rates[mode] = rate;
    perSecond[mode].push(rate);
    everFailed += report.failures;
    let line = `#${repetition} ${mode.padEnd(8)} ${fmt(rate).padStart(7)} decisions/s (${fmt(report.calls / report.seconds)} calls/s, ${fmt(report.granted / report.seconds)} grants/s, failures ${report.failures})`;
    if (mode !== 'baseline') {
      const audit = mode === 'many' ? auditExact(report.ledger) : auditBracketed(report.ledger);
      everOver += audit.over;
      unprovedBy[mode] = (unprovedBy[mode] ?? 0) + audit.unproved;
      const refused = Object.entries(report.refusedBy).map(([level, n]) => `${level} ${fmt(n)}`).join(', ');
      line +=
        `\n   refused by ${refused || 'none'}; audit: ${fmt(audit.windows)} bucket-seconds with grants, ${fmt(audit.full)} filled to capacity, ` +
        `${audit.over} over` +
        (mode === 'many' ? '' : `, ${audit.unproved} unproved (${fmt(audit.uncertainGrants)} grants with a bracket across a second boundary)`);
    }
    process.stdout.write(`${line}\n   cpu: ${cpu}; load average ${load}\n`);
  }
  for (const mode of modes) if (rates.baseline && rates[mode]) ratios[mode].push(rates[mode] / rates.baseline);
}

process.stdout.write(`\nmin / median / max over ${repetitions} repetitions\n`);
for (const mode of modes) {
  const ratio =
    mode === 'probed'
      ? ' (audit only: three commands per decision)'
      : mode === 'baseline' || !modes.includes('baseline')
        ? ''
        : `, ratio to baseline ${spread3(ratios[mode])}`;
  process.stdout.write(`${mode.padEnd(8)} decisions/s ${spread3(perSecond[mode], 0)}${ratio}\n`);
}
process.stdout.write(
  `never over: ${everOver === 0 ? 'no bucket-second over capacity' : `${everOver} bucket-seconds OVER CAPACITY`}` +
    `${Object.entries(unprovedBy).map(([mode, n]) => `, ${mode}: ${n} unproved`).join('')}` +
    `${everFailed ? `, ${everFailed} calls failed (their outcome is unknown)` : ''}; load average after: ${await loadAverage()}\n`,
);
await admin.quit();
if (everOver > 0) process.exitCode = 1;
