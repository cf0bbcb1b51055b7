// One predictive-dialer tick over BENCH_TENANTS (1,000) ACTIVE tenants × 3 RUNNING campaigns (goal
// < 250 ms, never over any limit). A scratch database seeded in bulk: per tenant a plan with
// max_cps and max_concurrent_calls, a trunk with a CPS limit, one queue whose 8 agents are in a mix
// of states (2 AVAILABLE, 3 IN_CALL, 1 WRAP_UP, 1 PAUSED, 1 LOGGED_OUT), 3 campaigns with a CPS
// limit and BENCH_LEADS (200) READY leads each, trusted statistics (PREDICTIVE pacing) for ~90 % of
// them and an attempt already in flight for ~⅓. The engine is the platform's DialerEngine on Redis
// (its own key prefix), in simulation mode with every outcome a NO_ANSWER ringing out at the 30 s
// ring timeout: nothing reaches a switch (the ESL stand-in is never called); from 30 s on, the
// attempts' ends (lead moved, statistics, call record) run in the same process as in production.
// Measured: the first tick (takes the 3,000 campaign locks, places the first calls), then
// BENCH_TICKS steady ticks started every 2 s as the service runs them; each followed by the
// baseline d: the reads every tick must make (the same repository statements: dialable campaigns,
// snapshots, agents and the shared ones, attempts in flight, calls per tenant), on the same pools. Then the audit:
// attempts per tenant, trunk, campaign and in all per second against max_cps, the trunk's and
// campaign's cps_limit and the global CPS; calls in flight per tenant against max_concurrent_calls.
// `node --import tsx bench/dialer-tick.bench.ts` (BENCH_TENANTS, BENCH_LEADS, BENCH_TICKS,
// BENCH_GLOBAL_CPS, BENCH_CAMPAIGN_STATUS=WAITING_SCHEDULE for the floor: no call placed,
// BENCH_KEEP_DATABASE to keep the database for EXPLAIN; a profile: `node --cpu-prof --cpu-prof-dir
// <dir> --import tsx ...`; ≈ 2–3 min).
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import pino from 'pino';
import { Redis } from 'ioredis';
import { adminUrl, databaseUrlOf, redisUrl, setting, sql } from './bench-env.ts';
import type { Coordination } from '../server/src/platform/coordination/coordination.ts';
import { RedisCoordination } from '../server/src/platform/coordination/redis.ts';
import { openDatabase } from '../server/src/platform/db/database.ts';
import { migrate, setRolePasswords } from '../server/src/platform/db/migrate.ts';
import { APP_ROLE, PLATFORM_ROLE, urlForRole } from '../server/src/platform/db/roles.ts';
import { realtimePublisher } from '../server/src/platform/realtime/events.ts';
import { DialerEngine, type DialerDeps } from '../server/src/services/dialer/dialer.service.ts';
import * as repo from '../server/src/services/dialer/dialer.repo.ts';
import { TEST_ENCRYPTION_KEY, testRolePasswords } from '../server/test/env.ts';

const TENANTS = setting('BENCH_TENANTS', 1000);
const LEADS = setting('BENCH_LEADS', 200);
const TICKS = setting('BENCH_TICKS', 15);
const GLOBAL_CPS = setting('BENCH_GLOBAL_CPS', 200);
const TICK_MS = 2_000;
/** RUNNING, or WAITING_SCHEDULE for the floor: every step of a tick but placing calls. */
const STATUS = process.env.BENCH_CAMPAIGN_STATUS ?? 'RUNNING';
const PLAN = { maxCps: 5, maxConcurrentCalls: 40 };
const TRUNK_CPS = 4;
const CAMPAIGN_CPS = 3;
const OWNER = 'bench-dialer';
/** Wednesday 2026-11-25 10:00 in São Paulo: inside the campaigns' 08:00–20:00 and every state's hours. */
const WEDNESDAY_MORNING = new Date('2026-11-25T13:00:00Z');
const SCHEDULE = JSON.stringify(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, [{ start: '08:00', end: '20:00' }]])));
const TRUSTED = JSON.stringify({
  outcomes: 600,
  answered: 180,
  talks: 120,
  answerProbability: 0.3,
  averageAnswerDelay: 8,
  averageTalkTime: 90,
  talkTimeVariance: 3600,
  abandonRate: 0.01,
  answerByRingAge: [0.3, 0.28, 0.2, 0.12, 0.06, 0.02, 0.01, 0],
});

const database = `callcenter_bench_dialer_${process.pid}`;
const databaseUrl = databaseUrlOf(database);
const prefix = `bench-dialer-${process.pid}:`;

const SEED = [
  `INSERT INTO plans (id, name, max_cps, max_concurrent_calls) VALUES ('bench', 'Bench', ${PLAN.maxCps}, ${PLAN.maxConcurrentCalls})`,
  `INSERT INTO tenants (code, name, plan_id, telephony_domain)
     SELECT 'bt-' || n, 'Bench ' || n, 'bench', 'bt-' || n || '.bench.test' FROM generate_series(1, ${TENANTS}) n`,
  `INSERT INTO trunks (tenant_id, name, host, cps_limit) SELECT id, 'carrier', 'sip.carrier.test', ${TRUNK_CPS} FROM tenants`,
  `INSERT INTO queues (tenant_id, name) SELECT id, 'fila' FROM tenants`,
  `INSERT INTO users (email, password_hash) SELECT 'a' || a || '-' || t.code || '@bench.test', 'x' FROM tenants t, generate_series(1, 8) a`,
  `INSERT INTO extensions (tenant_id, number, sip_password_sealed) SELECT t.id, (1000 + a)::text, 'x' FROM tenants t, generate_series(1, 8) a`,
  `INSERT INTO agents (tenant_id, user_id, extension_id, name, state, state_changed_at)
     SELECT e.tenant_id, u.id, e.id, 'Agent ' || e.number,
       (ARRAY['AVAILABLE', 'AVAILABLE', 'IN_CALL', 'IN_CALL', 'IN_CALL', 'WRAP_UP', 'PAUSED', 'LOGGED_OUT'])[e.number::int - 1000],
       now() - random() * interval '240 seconds'
     FROM extensions e JOIN tenants t ON t.id = e.tenant_id
     JOIN users u ON u.email = 'a' || (e.number::int - 1000) || '-' || t.code || '@bench.test'`,
  `INSERT INTO queue_tiers (tenant_id, queue_id, agent_id) SELECT a.tenant_id, q.id, a.id FROM agents a JOIN queues q ON q.tenant_id = a.tenant_id`,
  `INSERT INTO campaigns (tenant_id, name, queue_id, trunk_id, pacing_min, pacing_max, schedule, status, cps_limit, caller_id)
     SELECT t.id, 'campanha-' || c, q.id, tr.id, 1, 3, '${SCHEDULE}'::jsonb, '${STATUS}', ${CAMPAIGN_CPS}, '551130000000'
     FROM tenants t JOIN queues q ON q.tenant_id = t.id JOIN trunks tr ON tr.tenant_id = t.id, generate_series(1, 3) c`,
  // Eight area codes of eight states, all callable on Wednesday at 10:00 in São Paulo.
  `INSERT INTO leads (tenant_id, campaign_id, phone, created_at)
     SELECT c.tenant_id, c.id, '+55' || (ARRAY['11', '21', '31', '41', '51', '61', '71', '81'])[n % 8 + 1] || '9' || lpad(n::text, 8, '0'),
       now() - interval '1 day' + n * interval '1 millisecond'
     FROM campaigns c, generate_series(1, ${LEADS}) n`,
  `INSERT INTO campaign_dialer_state (campaign_id, tenant_id, statistics, dial_level, mode)
     SELECT id, tenant_id, '${TRUSTED}'::jsonb, 1.5 + random(), 'PREDICTIVE' FROM campaigns WHERE random() < 0.9`,
  `INSERT INTO dial_attempts (tenant_id, campaign_id, lead_id, call_id, phone, simulated, owner, created_at)
     SELECT DISTINCT ON (l.campaign_id) l.tenant_id, l.campaign_id, l.id, gen_random_uuid(), l.phone, true, 'bench-earlier', now() - random() * interval '20 seconds'
     FROM leads l JOIN campaigns c ON c.id = l.campaign_id
     WHERE hashtext(c.id::text) % 3 = 0 ORDER BY l.campaign_id, l.created_at`,
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const summary = (values: number[]) =>
  `${percentile(values, 0).toFixed(0)} / ${percentile(values, 50).toFixed(0)} / ${percentile(values, 95).toFixed(0)} / ${percentile(values, 100).toFixed(0)} ms`;
const loadAverage = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const out = (line: string) => process.stdout.write(`${line}\n`);

await sql(adminUrl, `CREATE DATABASE ${database}`);
const coordination = new RedisCoordination({ url: redisUrl, keyPrefix: prefix });
const passwords = testRolePasswords(TEST_ENCRYPTION_KEY);
let db: ReturnType<typeof openDatabase> | undefined;
let engine: DialerEngine | undefined;
try {
  await migrate(databaseUrl);
  await setRolePasswords(databaseUrl, passwords);
  const seeded = performance.now();
  const seeder = new pg.Client({ connectionString: databaseUrl });
  await seeder.connect();
  // A bulk load, not the platform's write path: foreign-key triggers off (consistent by construction).
  await seeder.query('SET session_replication_role = replica');
  for (const statement of SEED) await seeder.query(statement);
  await seeder.query('SET session_replication_role = DEFAULT');
  await seeder.query('VACUUM ANALYZE');
  const counts = (await seeder.query(`SELECT (SELECT count(*) FROM campaigns) AS campaigns, (SELECT count(*) FROM leads) AS leads,
      (SELECT count(*) FROM campaign_dialer_state) AS trusted, (SELECT count(*) FROM dial_attempts) AS in_flight`)).rows[0] as Record<string, string>;
  await seeder.end();
  out(`seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s: ${TENANTS} tenants, ${counts.campaigns} campaigns, ${counts.leads} leads, ${counts.trusted} with trusted statistics, ${counts.in_flight} attempts in flight`);

  // The service's pool size (DATABASE_POOL_SIZE's default).
  db = openDatabase({ app: urlForRole(databaseUrl, APP_ROLE, passwords[APP_ROLE]!), platform: urlForRole(databaseUrl, PLATFORM_ROLE, passwords[PLATFORM_ROLE]!) }, 10);
  const handles = db;
  const notDialed = () => Promise.reject(new Error('the bench has no switch'));
  const esl: DialerDeps['esl'] = { api: notDialed, bgapi: notDialed, on: () => undefined, off: () => undefined, connected: true } as unknown as DialerDeps['esl'];
  // Where a tick's time goes: the time spent inside each database path and coordination call (the
  // tick runs its campaigns one after the other, so these add up to most of its wall time).
  const spent = new Map<string, { ms: number; calls: number }>();
  const timedCalls = <T extends object>(target: T, label: string): T =>
    new Proxy(target, {
      get(object, name, receiver) {
        const value = Reflect.get(object, name, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const start = performance.now();
          const result = (value as (...a: unknown[]) => unknown).apply(object, args);
          if (!(result instanceof Promise)) return result;
          const key = `${label}.${String(name)}`;
          return result.finally(() => {
            const entry = spent.get(key) ?? { ms: 0, calls: 0 };
            entry.ms += performance.now() - start;
            entry.calls += 1;
            spent.set(key, entry);
          });
        };
      },
    });
  engine = new DialerEngine({
    db: timedCalls(handles, 'db'),
    coordination: timedCalls(coordination as Coordination, 'redis'),
    esl,
    realtime: timedCalls(realtimePublisher(coordination), 'realtime'),
    log: pino({ level: 'silent' }),
    options: {
      simulation: true,
      realOutbound: false,
      tickMs: 3_600_000,
      globalCps: GLOBAL_CPS,
      callingClock: () => WEDNESDAY_MORNING,
      simulationModel: {
        weights: { ANSWER: 0, BUSY: 0, NO_ANSWER: 1, FAILED: 0 },
        ringSeconds: { ANSWER: [1, 1], BUSY: [1, 1], FAILED: [1, 1], NO_ANSWER: [60, 60] },
        meanTalkSeconds: 60,
      },
      owner: OWNER,
    },
  });
  const dialer = engine;

  const readMs = new Map<string, number[]>();
  const read = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const value = await work();
    readMs.set(name, [...(readMs.get(name) ?? []), performance.now() - start]);
    return value;
  };
  const baseline = async () => {
    const dialable = await read('listDialableCampaigns', () => repo.listDialableCampaigns(handles));
    // As the tick: every read at once, the agents those of every running campaign's queue.
    const ids = dialable.map((campaign) => campaign.id);
    const queueIds = [...new Set(dialable.map((campaign) => campaign.queueId))];
    const [snapshots] = await Promise.all([
      read('campaignSnapshots', () => repo.campaignSnapshots(handles, ids)),
      read('queueAgents', () => repo.queueAgents(handles, queueIds)),
      read('attemptsInFlight', () => repo.attemptsInFlight(handles, ids)),
      read('callsInProgressByTenant', () => repo.callsInProgressByTenant(handles, [...new Set(dialable.map((campaign) => campaign.tenantId))])),
    ]);
    return snapshots.length;
  };
  const timed = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
    const start = performance.now();
    const value = await work();
    return [performance.now() - start, value];
  };

  out(`load before: ${await loadAverage()}`);
  // Warm the pools and the plans' caches once (not measured).
  await baseline();
  const [firstMs, first] = await timed(() => dialer.tick());
  out(`first tick: ${firstMs.toFixed(0)} ms, ${first.length} campaigns, ${dialer.ownedCampaigns().length} owned, ${first.reduce((sum, c) => sum + c.placed, 0)} calls placed, ` +
    `${first.filter((c) => c.decision?.mode === 'PREDICTIVE').length} predictive`);
  const tickMs: number[] = [];
  const baseMs: number[] = [];
  /** The engine's own phase clock (phase-clock.ts), per steady tick. */
  const phaseMs = new Map<string, number[]>();
  let placed = 0;
  let startedAt = performance.now();
  const breakdown = (ticks: number) =>
    [...spent.entries()]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([key, { ms, calls }]) => `  ${key.padEnd(28)} ${(ms / ticks).toFixed(0).padStart(6)} ms/tick  ${(calls / ticks).toFixed(0).padStart(6)} calls/tick`)
      .join('\n');
  out(`first tick's time by call:\n${breakdown(1)}`);
  spent.clear();
  for (let i = 0; i < TICKS; i += 1) {
    await sleep(Math.max(0, startedAt + TICK_MS - performance.now()));
    startedAt = performance.now();
    const [ms, result] = await timed(() => dialer.tick());
    if (result.length !== first.length) throw new Error(`tick ${i}: ${result.length} campaigns`);
    tickMs.push(ms);
    for (const [phase, spentMs] of Object.entries(dialer.lastTickPhases ?? {})) phaseMs.set(phase, [...(phaseMs.get(phase) ?? []), spentMs]);
    placed += result.reduce((sum, c) => sum + c.placed, 0);
    const [base, campaigns] = await timed(baseline);
    if (campaigns !== first.length) throw new Error(`baseline ${i}: ${campaigns} campaigns`);
    baseMs.push(base);
  }
  out(`load after: ${await loadAverage()}`);
  out(`steady ticks' time by call (summed, per tick):\n${breakdown(TICKS)}`);
  out(`steady ticks (${TICKS}, one every 2 s) min / median / p95 / max: ${summary(tickMs)}; ${placed} calls placed`);
  out(`d (the tick's reads)        min / median / p95 / max: ${summary(baseMs)}`);
  for (const [name, values] of readMs) out(`  ${name.padEnd(26)} median ${percentile(values, 50).toFixed(0)} ms`);
  out(`each steady tick, ms (the slowest phase): ${tickMs.map((ms, i) => `${ms.toFixed(0)} (${slowestPhase(phaseMs, i)})`).join(', ')}`);
  out(`steady ticks by phase (engine's clock), median / max:`);
  for (const [phase, values] of phaseMs) out(`  ${phase.padEnd(26)} ${percentile(values, 50).toFixed(0).padStart(5)} / ${Math.max(...values).toFixed(0).padStart(5)} ms`);
  out(`ratio tick / d: median ${(percentile(tickMs, 50) / percentile(baseMs, 50)).toFixed(2)}, p95 ${(percentile(tickMs, 95) / percentile(baseMs, 95)).toFixed(2)}`);
  await dialer.stop();
  engine = undefined;

  // The audit: every attempt of this run per second (their created_at is their CPS token's second).
  const audit = async (label: string, key: string, limit: string) => {
    const { rows } = await sql(
      databaseUrl,
      `SELECT count(*) AS windows, count(*) FILTER (WHERE n = lim) AS full, count(*) FILTER (WHERE n > lim) AS over, max(n) AS peak FROM (
         SELECT ${key} AS k, date_trunc('second', a.created_at) AS s, count(*) AS n, min(${limit}) AS lim
         FROM dial_attempts a JOIN campaigns c ON c.id = a.campaign_id JOIN tenants t ON t.id = a.tenant_id
         JOIN plans p ON p.id = t.plan_id JOIN trunks tr ON tr.id = c.trunk_id
         WHERE a.owner = $1 GROUP BY 1, 2) w`,
      [OWNER],
    );
    const row = rows[0] as Record<string, string>;
    out(`${label.padEnd(28)} ${row.windows} seconds with attempts, ${row.full} at the limit, peak ${row.peak}, over: ${row.over}`);
    return Number(row.over);
  };
  let over = 0;
  over += await audit(`tenant (max_cps ${PLAN.maxCps})`, 'a.tenant_id', 'p.max_cps');
  over += await audit(`trunk (cps_limit ${TRUNK_CPS})`, 'c.trunk_id', 'tr.cps_limit');
  over += await audit(`campaign (cps_limit ${CAMPAIGN_CPS})`, 'a.campaign_id', 'c.cps_limit');
  over += await audit(`global (${GLOBAL_CPS}/s)`, `'global'`, String(GLOBAL_CPS));
  const concurrent = (
    await sql(
      databaseUrl,
      `SELECT count(*) FILTER (WHERE n > p.max_concurrent_calls) AS over, max(n) AS peak FROM (
         SELECT tenant_id, count(*) AS n FROM dial_attempts WHERE ended_at IS NULL GROUP BY 1) a
       JOIN tenants t ON t.id = a.tenant_id JOIN plans p ON p.id = t.plan_id`,
    )
  ).rows[0] as Record<string, string>;
  out(`${`in flight per tenant (max ${PLAN.maxConcurrentCalls})`.padEnd(28)} peak ${concurrent.peak}, over: ${concurrent.over}`);
  over += Number(concurrent.over);
  out(over === 0 ? 'never over any limit' : `OVER A LIMIT ${over} times`);
  if (over > 0) process.exitCode = 1;
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await engine?.stop().catch(() => undefined);
  await db?.close();
  await coordination.close();
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
  if (process.env.BENCH_KEEP_DATABASE) out(`kept ${database}`);
  else await sql(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}

/** The phase that took longest in steady tick `index`, with its time. */
function slowestPhase(phaseMs: Map<string, number[]>, index: number): string {
  let slowest = ['', -1] as [string, number];
  for (const [phase, values] of phaseMs) if ((values[index] ?? -1) > slowest[1]) slowest = [phase, values[index]!];
  return `${slowest[0]} ${slowest[1].toFixed(0)}`;
}
