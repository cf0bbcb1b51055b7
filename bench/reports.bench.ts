// The reports at any size: every report (queues, agents, campaigns for a day by hour, a week and a
// month by day; the dashboard; the usage page) through HTTP on the platform as `npm start` runs it,
// as a tenant admin, on a tenant with a month of 100,000 calls and on one with 10,000,000, in one
// database (reports-setup.ts: generated once by reports-data.ts, kept between runs). Each case
// beside d: the report's main rollup read, the repository's statement compiled from its own code,
// sent by a bare `pg` client as the application role under row-level security in one round trip
// (reports-statements.ts). Sequential requests (latency): warmed up, then BENCH_SAMPLES a side,
// interleaved in blocks of 10. Then each statement's EXPLAIN (ANALYZE, BUFFERS).
// Goals: the 10M-call tenant's p95 within 1.5× of the 100k-call tenant's (same report, same
// period); every report's p95 ≤ 2× its d's p95.
//
// Environment: BENCH_SMALL_CALLS (100000), BENCH_LARGE_CALLS (10000000), BENCH_SAMPLES (30),
// BENCH_REPORTS_DATABASE (callcenter_bench_reports), BENCH_REPORTS_FRESH=1 (drop it and generate
// again), BENCH_REPORTS_ONLY=generate (stop after the data), BENCH_CASES=<text> (only the cases
// whose "report period" contains it, e.g. `month`), BENCH_PLANS=<file> (every plan written there;
// otherwise the large tenant's are printed), BENCH_CPU_PROF=<dir> (the platform writes a --cpu-prof
// profile there when it stops), BENCH_DATABASE_ADMIN_URL, BENCH_REDIS_URL.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { root, setting, startPlatform } from './bench-env.ts';
import { casesOf, type ReportCase } from './reports-statements.ts';
import { ensureDatabase, login, reportsDatabaseUrl, reportsTenants, type ReportsTenant } from './reports-setup.ts';
import { APP_ROLE, urlForRole } from '../server/src/platform/db/roles.ts';
import { TEST_ENCRYPTION_KEY, testRolePasswords } from '../server/test/env.ts';

const SIZES = [setting('BENCH_SMALL_CALLS', 100_000), setting('BENCH_LARGE_CALLS', 10_000_000)];
const SAMPLES = setting('BENCH_SAMPLES', 30);
const BLOCK = 10;
const out = (line: string) => process.stdout.write(`${line}\n`);
const loadavg = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

interface Measured {
  tenant: ReportsTenant;
  testCase: ReportCase;
  http: { p50: number; p95: number };
  d: { p50: number; p95: number };
  databaseMs: number;
  load: string;
}

/** Latencies of `served` and `bare`, warmed up, interleaved in blocks. */
async function sample(served: () => Promise<void>, bare: () => Promise<void>) {
  for (let i = 0; i < 3; i += 1) {
    await served();
    await bare();
  }
  const httpMs: number[] = [];
  const bareMs: number[] = [];
  const time = async (work: () => Promise<void>, into: number[]) => {
    const start = performance.now();
    await work();
    into.push(performance.now() - start);
  };
  while (httpMs.length < SAMPLES) {
    for (let i = 0; i < BLOCK; i += 1) await time(served, httpMs);
    for (let i = 0; i < BLOCK; i += 1) await time(bare, bareMs);
  }
  const summary = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95) });
  return { http: summary(httpMs), d: summary(bareMs) };
}

await ensureDatabase();
const platform = startPlatform({
  checkout: fileURLToPath(root).replace(/\/$/, ''),
  databaseUrl: reportsDatabaseUrl,
  jwtSecret: randomBytes(32).toString('base64url'),
  profileDir: process.env.BENCH_CPU_PROF,
});
let client: pg.Client | undefined;
try {
  const base = await platform.url;
  const tenants = await reportsTenants(base, SIZES, out);
  if (process.env.BENCH_REPORTS_ONLY !== 'generate') await measure(base, tenants);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await client?.end();
  await platform.stop();
}

async function measure(base: string, tenants: ReportsTenant[]) {
  client = new pg.Client({ connectionString: urlForRole(reportsDatabaseUrl, APP_ROLE, testRolePasswords(TEST_ENCRYPTION_KEY)[APP_ROLE]!) });
  client.on('error', () => undefined);
  await client.connect();
  const app = client;
  const results: Measured[] = [];
  const plans: string[] = [];
  const only = process.env.BENCH_CASES;
  out(`\n${SAMPLES} sequential samples a side, interleaved in blocks of ${BLOCK}; load average ${await loadavg()}`);
  out(`${'tenant'.padEnd(18)} ${'report'.padEnd(10)} ${'period'.padEnd(6)}   HTTP p50 / p95 (ms)     d p50 / p95 (ms)   p95 / d   EXPLAIN ms   load`);
  for (const tenant of tenants) {
    for (const testCase of await casesOf(tenant.until, tenant.timezone, new Date())) {
      if (only !== undefined && !`${testCase.report} ${testCase.period}`.includes(only)) continue;
      // A fresh token per case: a long run outlives an access token.
      const authorization = await login(base, tenant.code);
      const served = async () => {
        const response = await fetch(`${base}${testCase.path}`, { headers: { authorization } });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${testCase.path}: ${response.status} ${body}`);
      };
      const asTenant = `SELECT set_config('app.tenant_id', '${tenant.tenantId}', true); `;
      const bare = async () => {
        await app.query(asTenant + testCase.statement);
      };
      const load = await loadavg();
      const { http, d } = await sample(served, bare);
      await app.query('BEGIN');
      await app.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenant.tenantId]);
      const explained = (await app.query(`EXPLAIN (ANALYZE, BUFFERS) ${testCase.statement}`)).rows.map((row: Record<string, string>) => row['QUERY PLAN']!);
      await app.query('ROLLBACK');
      const databaseMs = Number(/Execution Time: ([\d.]+)/.exec(explained.at(-1) ?? '')?.[1] ?? NaN);
      plans.push(`### ${tenant.code} ${testCase.report} ${testCase.period}: ${testCase.statementName}\n${explained.join('\n')}\n`);
      results.push({ tenant, testCase, http, d, databaseMs, load });
      const ms = (value: number) => value.toFixed(1).padStart(7);
      out(
        `${tenant.code.padEnd(18)} ${testCase.report.padEnd(10)} ${testCase.period.padEnd(6)}   ${ms(http.p50)} / ${ms(http.p95)}     ${ms(d.p50)} / ${ms(d.p95)}   ` +
          `${(http.p95 / d.p95).toFixed(2).padStart(7)}   ${databaseMs.toFixed(1).padStart(10)}   ${load}`,
      );
    }
  }

  // The two goals as ratios: the large tenant against the small, and each report against its d.
  const [small, large] = tenants;
  out(`\n${'report'.padEnd(10)} ${'period'.padEnd(6)}   p95 ${small!.code} / ${large!.code} (ms)   large / small (goal ≤ 1.5)   p95 / d small, large (goal ≤ 2)`);
  for (const result of results.filter((item) => item.tenant === small)) {
    const other = results.find((item) => item.tenant === large && item.testCase.report === result.testCase.report && item.testCase.period === result.testCase.period);
    if (!other) continue;
    const ratio = other.http.p95 / result.http.p95;
    const toD = [result, other].map((item) => item.http.p95 / item.d.p95);
    out(
      `${result.testCase.report.padEnd(10)} ${result.testCase.period.padEnd(6)}   ${result.http.p95.toFixed(1).padStart(8)} / ${other.http.p95.toFixed(1).padEnd(8)}` +
        `                ${ratio.toFixed(2).padStart(5)} ${ratio <= 1.5 ? 'met' : 'NOT met'}              ${toD.map((value) => value.toFixed(2)).join(', ')} ${toD.every((value) => value <= 2) ? 'met' : 'NOT met'}`,
    );
  }
  const plansFile = process.env.BENCH_PLANS;
  if (plansFile) await writeFile(plansFile, plans.join('\n'));
  else out(`\n${plans.filter((plan) => plan.startsWith(`### ${large!.code}`)).join('\n')}`);
}
