// The authenticated, RLS-scoped read path in requests per second, each against its baseline d
// measured in the same run: GET /users and GET /extensions (50 rows each) against the same SELECT
// in a bare `pg` Pool loop. Three processes, so no side shares the event loop of another: the
// platform as `npm start` runs it (PostgreSQL, Redis coordination, request logs on), autocannon
// generating the HTTP load, and the bare loop. Repeated, interleaved; ratios as min / median / max.
// Also measured, to show what the database itself costs: d_rls, the endpoint's own statement as
// the application role under row-level security, in the same bare loop, in one round trip.
// And f, the goal's yardstick (≥ 0.8×): a bare Fastify server in a fourth process doing the same
// work the simplest correct way (bench/baseline-f.ts), loaded by the same autocannon.
//
// Environment: BENCH_SECONDS (5), BENCH_CONNECTIONS (16), BENCH_REPETITIONS (3), BENCH_BEFORE_ROOT,
// BENCH_CPU_PROF=<dir> (the platform writes a --cpu-prof profile there when it stops),
// BENCH_DATABASE_ADMIN_URL, BENCH_REDIS_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { adminUrl, benchTenant, databaseUrlOf, file, json, lastLine, root, setting, sql, startPlatform, stopChild } from './bench-env.ts';
import { LIST_EXTENSIONS } from '../server/src/modules/extensions/extensions.repo.ts';
import { LIST_MEMBERS } from '../server/src/modules/users/users.repo.ts';
import { APP_ROLE, urlForRole } from '../server/src/platform/db/roles.ts';
import { TEST_ENCRYPTION_KEY, testRolePasswords } from '../server/test/env.ts';

const SECONDS = setting('BENCH_SECONDS', 5);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 16);
const REPETITIONS = setting('BENCH_REPETITIONS', 3);
const database = `callcenter_bench_${process.pid}`;
const databaseUrl = databaseUrlOf(database);



/** autocannon in its own process: requests per second over the run; fails on any non-2xx. */
async function http(url: string, authorization: string, seconds = SECONDS): Promise<number> {
  const line = await lastLine(process.execPath, [
    file('node_modules/autocannon/autocannon.js'),
    ...['--json', '-c', String(CONNECTIONS), '-d', String(seconds), '-H', `authorization=${authorization}`, url],
  ]);
  const result = JSON.parse(line) as { requests: { total: number }; duration: number; non2xx: number; errors: number };
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.total / result.duration;
}

/** The same SELECT in a bare `pg` Pool loop (max 10, same concurrency) in its own process. */
async function bare(text: string, values: unknown[], url = databaseUrl): Promise<number> {
  const line = await lastLine(process.execPath, [
    ...['--import', 'tsx', file('bench/bare-query.ts')],
    ...[url, String(CONNECTIONS), String(SECONDS), text, JSON.stringify(values)],
  ]);
  const result = JSON.parse(line) as { perSecond: number; failures: number };
  if (result.failures > 0) throw new Error(`bare query: ${result.failures} failures`);
  return result.perSecond;
}

/** The baseline f in its own process; resolves with its base URL once it listens. */
async function startBaselineF(url: string, secret: string): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', file('bench/baseline-f.ts'), url, secret], { stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout! })) {
    return { base: (JSON.parse(line) as { url: string }).url, child };
  }
  throw new Error('baseline f exited before listening');
}

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `${sorted[0]!.toFixed(2)} / ${median.toFixed(2)} / ${sorted.at(-1)!.toFixed(2)}`;
};

const jwtSecret = randomBytes(32).toString('base64url');
const profileDir = process.env.BENCH_CPU_PROF;
const startAt = (checkout: string, profile?: string) => startPlatform({ checkout, databaseUrl, jwtSecret, profileDir: profile });

await sql(adminUrl, `CREATE DATABASE ${database}`);
const platforms = [startAt(fileURLToPath(root).replace(/\/$/, ''), profileDir)];
// BENCH_BEFORE_ROOT: another checkout (e.g. the commit before a change, with node_modules) served
// side by side on the same database, so before and after are measured against the same d.
const beforeRoot = process.env.BENCH_BEFORE_ROOT;
let baselineF: ChildProcess | undefined;
try {
  const base = await platforms[0]!.url;
  if (beforeRoot) platforms.push(startAt(beforeRoot));
  const beforeBase = beforeRoot ? await platforms[1]!.url : undefined;

  // A tenant with 50 members and 50 extensions to read.
  const { tenantId, authorization } = await benchTenant(base);
  await sql(databaseUrl, `UPDATE plans SET max_extensions = NULL WHERE id = 'trial'`);
  for (let i = 0; i < 49; i += 1) {
    await json(`${base}/users`, { method: 'POST', headers: { authorization }, body: JSON.stringify({ email: `member-${i}@example.test`, role: 'agent' }) });
  }
  for (let i = 0; i < 50; i += 1) {
    await json(`${base}/extensions`, { method: 'POST', headers: { authorization }, body: JSON.stringify({ number: String(1000 + i) }) });
  }

  const targets = [
    {
      path: '/users',
      sql: `SELECT u.id, u.email, u.name, u.status, m.role, u.must_change_password, m.created_at
            FROM tenant_memberships m JOIN users u ON u.id = m.user_id WHERE m.tenant_id = $1 ORDER BY u.email`,
      rls: LIST_MEMBERS,
    },
    { path: '/extensions', sql: `SELECT * FROM extensions WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY number`, rls: LIST_EXTENSIONS },
  ];
  const appUrl = urlForRole(databaseUrl, APP_ROLE, testRolePasswords(TEST_ENCRYPTION_KEY)[APP_ROLE]!);
  const asTenant = (statement: string) => `SELECT set_config('app.tenant_id', '${tenantId}', true); ${statement}`;
  const f = await startBaselineF(appUrl, jwtSecret);
  baselineF = f.child;
  for (const target of targets) await http(`${base}${target.path}`, authorization, 2); // warm-up
  for (const target of targets) await http(`${f.base}${target.path}`, authorization, 2);
  process.stdout.write(`\n${SECONDS} s per measurement, ${CONNECTIONS} connections, ${REPETITIONS} repetitions\n`);
  const ratios = new Map(targets.map((target) => [target.path, { served: [] as number[], toF: [] as number[], before: [] as number[], rls: [] as number[] }]));
  const rate = (value: number) => `${value.toFixed(0).padStart(6)} req/s`;
  for (let repetition = 1; repetition <= REPETITIONS; repetition += 1) {
    for (const target of targets) {
      const d = await bare(target.sql, [tenantId]);
      const served = await http(`${base}${target.path}`, authorization);
      const fRate = await http(`${f.base}${target.path}`, authorization);
      const before = beforeBase ? await http(`${beforeBase}${target.path}`, authorization) : undefined;
      const rls = await bare(asTenant(target.rls), [], appUrl);
      const row = ratios.get(target.path)!;
      row.served.push(served / d);
      row.toF.push(served / fRate);
      if (before !== undefined) row.before.push(before / d);
      row.rls.push(rls / d);
      process.stdout.write(
        `#${repetition} GET ${target.path.padEnd(12)} ${rate(served)}   d ${rate(d)}   d_rls ${rate(rls)}   ratio ${(served / d).toFixed(2)}   f ${rate(fRate)}   to f ${(served / fRate).toFixed(2)}` +
          (before === undefined ? '\n' : `   before ${rate(before)}   ratio ${(before / d).toFixed(2)}\n`),
      );
    }
  }
  process.stdout.write('\nratio to d and to f (min / median / max; goal to f ≥ 0.80)\n');
  for (const [path, { served, toF, before, rls }] of ratios) {
    process.stdout.write(
      `GET ${path.padEnd(12)} ${spread(served)}   to f: ${spread(toF)}` + (before.length ? `   before: ${spread(before)}` : '') + `   (d_rls / d: ${spread(rls)})\n`,
    );
  }
} finally {
  if (baselineF) await stopChild(baselineF);
  for (const platform of platforms) await platform.stop();
  await sql(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}
