// GET /calls on a tenant with 1,000,000 calls: p50 / p95 latency of each filter (and no filter, and a
// deep page) through the platform as `npm start` runs it, each beside d: the same statements (the
// page and its capped count, compiled from calls.repo.ts) sent by a bare `pg` client as the
// application role under row-level security, in one transaction, in the same run. Then the
// EXPLAIN (ANALYZE, BUFFERS) of both statements for each case, to show the indexes used.
//
// Sequential requests (latency, not throughput): each case is warmed up, then measured
// BENCH_SAMPLES times (200) on each side, the two sides interleaved in blocks of 20.
// Environment: BENCH_CALLS (1000000), BENCH_SAMPLES (200), BENCH_PLANS=<file> (full plans written
// there), BENCH_CASES=<text> (only the cases whose name contains it, e.g. `phone`),
// BENCH_DATABASE_ADMIN_URL, BENCH_REDIS_URL.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { rm, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { CamelCasePlugin, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import pg from 'pg';
import { admin, adminUrl, benchTenant, databaseUrlOf, file, redisUrl, setting, sql } from './bench-env.ts';
import { parseCallFilters, type CallFilters } from '../server/src/modules/calls/calls.filters.ts';
import { callCountQuery, callPageQuery, countLimit } from '../server/src/modules/calls/calls.repo.ts';
import type { Tx } from '../server/src/platform/db/database.ts';
import { APP_ROLE, urlForRole } from '../server/src/platform/db/roles.ts';
import type { Database } from '../server/src/platform/db/schema.ts';
import { TEST_ENCRYPTION_KEY, testRolePasswords } from '../server/test/env.ts';

const CALLS = setting('BENCH_CALLS', 1_000_000);
const SAMPLES = setting('BENCH_SAMPLES', 200);
const BLOCK = 20;
const database = `callcenter_bench_calls_${process.pid}`;
const databaseUrl = databaseUrlOf(database);



const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

function startPlatform() {
  const dataDir = file(`bench/.data-calls-${process.pid}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: file('server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      PLATFORM_ADMIN_EMAIL: admin.email,
      PLATFORM_ADMIN_PASSWORD: admin.password,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`platform exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('platform listening')) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  return { child, url, dataDir };
}

// The reference rows of a busy tenant, then the calls in one statement: about a year, 60 % inbound
// (80 % of them through one of 8 queues), 30 % outbound (90 % of a campaign), 10 % internal;
// 200,000 customers written in four forms; realistic hangup causes; dispositions on most answered
// calls that reached an agent.
const SEED = `
INSERT INTO extensions (tenant_id, number, sip_password_sealed)
  SELECT $1, (2000 + n)::text, 'bench' FROM generate_series(0, 99) n;
INSERT INTO users (email, password_hash) SELECT 'bench-agent-' || n || '@example.test', 'x' FROM generate_series(0, 59) n;
INSERT INTO tenant_memberships (tenant_id, user_id, role) SELECT $1, id, 'agent' FROM users WHERE email LIKE 'bench-agent-%';
INSERT INTO agents (tenant_id, user_id, extension_id, name)
  SELECT $1, u.id, e.id, 'Agent ' || e.number
  FROM (SELECT id, row_number() OVER (ORDER BY email) AS i FROM users WHERE email LIKE 'bench-agent-%') u
  JOIN (SELECT id, number, row_number() OVER (ORDER BY number) AS i FROM extensions WHERE tenant_id = $1) e USING (i);
INSERT INTO queues (tenant_id, name) SELECT $1, 'queue-' || n FROM generate_series(1, 8) n;
INSERT INTO trunks (tenant_id, name, host) SELECT $1, 'trunk-' || n, 'sip' || n || '.example.test' FROM generate_series(1, 5) n;
INSERT INTO dispositions (tenant_id, code, name) SELECT $1, 'D' || n, 'Disposition ' || n FROM generate_series(1, 10) n;
`;

const CALLS_INSERT = `
WITH ref AS (
  SELECT
    (SELECT array_agg(id ORDER BY number) FROM extensions WHERE tenant_id = $1) AS ext,
    (SELECT array_agg(a.id ORDER BY e.number) FROM agents a JOIN extensions e ON e.id = a.extension_id WHERE a.tenant_id = $1) AS ag,
    (SELECT array_agg(id ORDER BY name) FROM queues WHERE tenant_id = $1) AS q,
    (SELECT array_agg(id ORDER BY name) FROM trunks WHERE tenant_id = $1) AS tr,
    (SELECT array_agg(id ORDER BY code) FROM dispositions WHERE tenant_id = $1) AS disp_id,
    (SELECT array_agg(code ORDER BY code) FROM dispositions WHERE tenant_id = $1) AS disp_code,
    $2::uuid[] AS camp
), raw AS (
  SELECT n, random() AS r_dir, random() AS r_who, random() AS r_form, random() AS r_cause, random() AS r_disp,
         random() AS r_time, random() AS r_len, floor(random() * 200000)::int AS customer, floor(random() * 100)::int AS ext_i,
         floor(random() * 60)::int AS agent_i, floor(random() * 8)::int AS queue_i, floor(random() * 5)::int AS trunk_i,
         floor(random() * 4)::int AS camp_i, floor(random() * 10)::int AS disp_i
  FROM generate_series(1, $3::int) n
), g AS (
  SELECT raw.*,
    CASE WHEN r_dir < 0.6 THEN 'INBOUND' WHEN r_dir < 0.9 THEN 'OUTBOUND' ELSE 'INTERNAL' END AS direction,
    '11' || (900000000 + customer)::text AS customer_key,
    CASE WHEN r_cause < 0.70 THEN 'NORMAL_CLEARING' WHEN r_cause < 0.80 THEN 'NO_ANSWER' WHEN r_cause < 0.86 THEN 'USER_BUSY'
         WHEN r_cause < 0.94 THEN 'ORIGINATOR_CANCEL' WHEN r_cause < 0.96 THEN 'CALL_REJECTED' WHEN r_cause < 0.98 THEN 'NO_USER_RESPONSE'
         WHEN r_cause < 0.99 THEN 'NORMAL_TEMPORARY_FAILURE' ELSE 'UNALLOCATED_NUMBER' END AS cause,
    now() - r_time * interval '365 days' AS at
  FROM raw
), h AS (
  SELECT g.*,
    CASE WHEN r_form < 0.4 THEN '+55' || customer_key WHEN r_form < 0.7 THEN customer_key WHEN r_form < 0.85 THEN '0' || customer_key
         ELSE '55' || customer_key END AS customer_written,
    (direction = 'INBOUND' AND r_who < 0.8) AS queued,
    (direction = 'OUTBOUND' AND r_who < 0.9) AS dialed,
    (cause = 'NORMAL_CLEARING') AS answered
  FROM g
)
INSERT INTO calls (id, tenant_id, direction, caller_number, called_number, extension_id, trunk_id, queue_id, agent_id, campaign_id,
                   created_at, answer_at, ended_at, talk_time, duration_seconds, billable_seconds, hangup_cause, disposition_id, disposition)
SELECT gen_random_uuid(), $1, h.direction,
  CASE h.direction WHEN 'INBOUND' THEN customer_written WHEN 'OUTBOUND' THEN '551130000000' ELSE (2000 + ext_i)::text END,
  CASE h.direction WHEN 'INBOUND' THEN '5511300000' || (trunk_i + 10)::text WHEN 'OUTBOUND' THEN '55' || customer_key ELSE (2000 + (ext_i + 7) % 100)::text END,
  CASE WHEN h.direction = 'INTERNAL' THEN ref.ext[ext_i + 1] WHEN (queued OR dialed) AND answered THEN ref.ext[agent_i + 1] END,
  CASE WHEN h.direction <> 'INTERNAL' THEN ref.tr[trunk_i + 1] END,
  CASE WHEN queued THEN ref.q[queue_i + 1] END,
  CASE WHEN (queued OR dialed) AND answered THEN ref.ag[agent_i + 1] END,
  CASE WHEN dialed THEN ref.camp[camp_i + 1] END,
  at,
  CASE WHEN answered THEN at + interval '8 seconds' END,
  at + (10 + r_len * 600) * interval '1 second',
  CASE WHEN answered THEN (2 + r_len * 590)::int END,
  (10 + r_len * 600)::int,
  CASE WHEN answered THEN (2 + r_len * 590)::int ELSE 0 END,
  cause,
  CASE WHEN (queued OR dialed) AND answered AND r_disp < 0.8 THEN ref.disp_id[disp_i + 1] END,
  CASE WHEN (queued OR dialed) AND answered AND r_disp < 0.8 THEN ref.disp_code[disp_i + 1] END
FROM h, ref`;

// Compiles the repository's statements without a connection (the app runs these very builders).
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new CamelCasePlugin()],
});

await sql(adminUrl, `CREATE DATABASE ${database}`);
const platform = startPlatform();
let appClient: pg.Client | undefined;
try {
  const base = await platform.url;
  const { tenantId, authorization } = await benchTenant(base);

  const campaigns = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const started = performance.now();
  const seeder = new pg.Client({ connectionString: databaseUrl });
  seeder.on('error', () => undefined);
  await seeder.connect();
  await seeder.query(`SELECT setseed(0.42)`);
  for (const statement of SEED.split(';').map((text) => text.trim()).filter(Boolean)) await seeder.query(statement, statement.includes('$1') ? [tenantId] : []);
  // A bulk load, not the platform's write path: foreign-key triggers off (the rows are consistent
  // by construction) and the secondary indexes built once afterwards instead of row by row.
  const indexes = (await seeder.query(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'calls' AND indexname <> 'calls_pkey'`))
    .rows as { indexname: string; indexdef: string }[];
  for (const { indexname } of indexes) await seeder.query(`DROP INDEX ${indexname}`);
  await seeder.query(`SET session_replication_role = replica`);
  await seeder.query(CALLS_INSERT, [tenantId, campaigns, CALLS]);
  await seeder.query(`SET session_replication_role = DEFAULT`);
  await seeder.query(`SET maintenance_work_mem = '256MB'`);
  for (const { indexdef } of indexes) await seeder.query(indexdef);
  await seeder.query('VACUUM (ANALYZE) calls');
  await seeder.end();
  process.stdout.write(`\n${CALLS.toLocaleString('en')} calls inserted and vacuumed in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);

  const pick = async (text: string) => (await sql(databaseUrl, text, [tenantId])).rows[0] as Record<string, string>;
  const agentId = (await pick(`SELECT a.id FROM agents a JOIN extensions e ON e.id = a.extension_id WHERE a.tenant_id = $1 ORDER BY e.number OFFSET 3 LIMIT 1`)).id!;
  const queueId = (await pick(`SELECT id FROM queues WHERE tenant_id = $1 ORDER BY name OFFSET 2 LIMIT 1`)).id!;
  const trunkId = (await pick(`SELECT id FROM trunks WHERE tenant_id = $1 ORDER BY name LIMIT 1`)).id!;
  const extension = await pick(`SELECT id, number FROM extensions WHERE tenant_id = $1 AND number = '2005'`);
  const week = { from: new Date(Date.now() - 100 * 86_400_000).toISOString(), to: new Date(Date.now() - 93 * 86_400_000).toISOString() };

  // Each case: the query string, and the same filters as the service resolves them.
  const cases: { name: string; query: Record<string, string>; resolved?: Partial<CallFilters> }[] = [
    { name: 'no filter', query: {} },
    { name: 'deep page (page 1000 × 50)', query: { page: '1000' } },
    { name: 'from/to (one week)', query: week },
    { name: 'extension', query: { extension: extension.number! }, resolved: { extensionIds: [extension.id!] } },
    { name: 'agentId', query: { agentId } },
    { name: 'queueId', query: { queueId } },
    { name: 'campaignId', query: { campaignId: campaigns[1]! } },
    { name: 'trunkId', query: { trunkId } },
    { name: 'phone (a customer)', query: { phone: '+55 (11) 90001-2345' } },
    { name: 'phone (a DID, 1 in 8 calls)', query: { phone: '(11) 3000-0010' } },
    { name: 'hangupCause (6 %)', query: { hangupCause: 'USER_BUSY' } },
    { name: 'hangupCause (1 %)', query: { hangupCause: 'UNALLOCATED_NUMBER' } },
    { name: 'disposition', query: { disposition: 'D3' } },
    { name: 'agentId + from/to', query: { agentId, ...week } },
  ];

  appClient = new pg.Client({ connectionString: urlForRole(databaseUrl, APP_ROLE, testRolePasswords(TEST_ENCRYPTION_KEY)[APP_ROLE]!) });
  appClient.on('error', () => undefined);
  await appClient.connect();
  const client = appClient;
  const plans: string[] = [];
  const rows: string[] = [];
  process.stdout.write(`\n${SAMPLES} sequential samples per side, interleaved in blocks of ${BLOCK}\n`);
  process.stdout.write(`${'case'.padEnd(30)} ${'total'.padStart(14)}   GET /calls p50 / p95       d p50 / p95        p95 ratio\n`);
  const only = process.env.BENCH_CASES;
  for (const testCase of cases.filter((item) => only === undefined || item.name.includes(only))) {
    const page = Number(testCase.query.page ?? 1);
    const pageRequest = { page, pageSize: 50 };
    const { page: _page, ...filterQuery } = testCase.query;
    const filters: CallFilters = { ...parseCallFilters(filterQuery), ...testCase.resolved };
    const pageQuery = callPageQuery(compiler as unknown as Tx, filters, pageRequest).compile();
    const countQuery = callCountQuery(filters, countLimit(pageRequest)).compile(compiler);
    const url = `${base}/calls?${new URLSearchParams(testCase.query).toString()}`;

    const served = async () => {
      const response = await fetch(url, { headers: { authorization } });
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { items: unknown[]; total: number; totalExact: boolean };
    };
    // d: what the service sends to the database for the page, in one transaction as the app role.
    const bare = async () => {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
      const items = await client.query(pageQuery.sql, pageQuery.parameters as unknown[]);
      const count = await client.query(countQuery.sql, countQuery.parameters as unknown[]);
      await client.query('COMMIT');
      return { items: items.rowCount, count: Number((count.rows[0] as { n: string }).n) };
    };
    const answer = await served();
    const direct = await bare();
    if (answer.items.length !== direct.items) throw new Error(`${testCase.name}: ${answer.items.length} items served, ${direct.items} bare`);
    for (let i = 0; i < 10; i += 1) await Promise.all([served(), bare()].map((p) => p.then(() => undefined)));

    const httpMs: number[] = [];
    const bareMs: number[] = [];
    while (httpMs.length < SAMPLES) {
      for (let i = 0; i < BLOCK; i += 1) {
        const start = performance.now();
        await served();
        httpMs.push(performance.now() - start);
      }
      for (let i = 0; i < BLOCK; i += 1) {
        const start = performance.now();
        await bare();
        bareMs.push(performance.now() - start);
      }
    }
    const total = `${answer.total.toLocaleString('en')}${answer.totalExact ? '' : '+'}`;
    const line =
      `${testCase.name.padEnd(30)} ${total.padStart(14)}   ${percentile(httpMs, 50).toFixed(1).padStart(6)} / ${percentile(httpMs, 95).toFixed(1).padStart(6)} ms` +
      `   ${percentile(bareMs, 50).toFixed(1).padStart(6)} / ${percentile(bareMs, 95).toFixed(1).padStart(6)} ms   ${(percentile(httpMs, 95) / percentile(bareMs, 95)).toFixed(2)}`;
    rows.push(line);
    process.stdout.write(`${line}\n`);

    await client.query('BEGIN');
    await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
    for (const [label, query] of [['page', pageQuery], ['count', countQuery]] as const) {
      const explained = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query.sql}`, query.parameters as unknown[]);
      plans.push(`### ${testCase.name}: ${label}\n${explained.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')}\n`);
    }
    await client.query('ROLLBACK');
  }
  const plansFile = process.env.BENCH_PLANS;
  if (plansFile) await writeFile(plansFile, plans.join('\n'));
  else process.stdout.write(`\n${plans.join('\n')}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await appClient?.end();
  platform.child.kill('SIGTERM');
  if (platform.child.exitCode === null) await once(platform.child, 'exit');
  await sql(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await rm(platform.dataDir, { recursive: true, force: true });
}
