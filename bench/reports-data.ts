// A month of one tenant's traffic written straight into the tables for the reports bench, in
// set-based statements (INSERT … SELECT FROM generate_series). Every value is a hash of the row's
// number (hashint8extended), not random(): the calls, their queue entries and their dial attempts
// are written by separate statements (two connections at once, one per core) and still agree, and a
// regeneration gives the same rows. Loaded as a bulk load, not through the platform's write path:
// triggers off (session_replication_role = replica: the rollup triggers and the foreign-key checks;
// the rows are consistent by construction), secondary indexes dropped and built once afterwards when
// the load is large, then app_reports_rebuild(tenant) sums the rollups from the raw rows.
import pg from 'pg';

/** What one generated tenant is made of. */
export interface TrafficSpec {
  tenantId: string;
  calls: number;
  /** The generation instant: the month is the 30 local days up to it (today's calls stop 30 min before it). */
  until: Date;
  timezone: string;
}

export const AGENTS = 50;
export const INBOUND_QUEUES = 4;
export const CAMPAIGNS = 3;
const DISPOSITIONS = 10;
// Agents take about 0.63 calls per call offered; at most one cycle (offer, call, wrap-up) a minute.
const AGENT_CYCLES_PER_CALL = 0.63;
const MAX_CYCLES_PER_SHIFT = 720;
const SHIFT_HOURS = 12;
const DAYS = 30;

// Session helpers: a uniform number in [0, 1) from a row number and a stream, and a row's id.
const HELPERS = [
  `CREATE OR REPLACE FUNCTION pg_temp.r(n bigint, k bigint) RETURNS float8 LANGUAGE sql IMMUTABLE
     AS $$ SELECT (hashint8extended(n, k) & 2147483647)::float8 / 2147483648 $$`,
  `CREATE OR REPLACE FUNCTION pg_temp.uid(t uuid, kind text, n bigint) RETURNS uuid LANGUAGE sql IMMUTABLE
     AS $$ SELECT md5(t::text || kind || n)::uuid $$`,
];

/** The reference rows: 50 agents (users, memberships, extensions), 7 queues, 2 trunks, 3 paused campaigns, 10 dispositions, 2 pause reasons. */
const REFERENCE = [
  `INSERT INTO users (email, password_hash) SELECT 'rb-' || $1::text || '-agent-' || n || '@example.test', 'x' FROM generate_series(0, ${AGENTS - 1}) n`,
  `INSERT INTO tenant_memberships (tenant_id, user_id, role) SELECT $1::uuid, id, 'agent' FROM users WHERE email LIKE 'rb-' || $1::text || '-agent-%'`,
  `INSERT INTO extensions (id, tenant_id, number, sip_password_sealed) SELECT pg_temp.uid($1::uuid, 'ext', n), $1::uuid, (2000 + n)::text, 'bench' FROM generate_series(0, ${AGENTS - 1}) n`,
  `INSERT INTO agents (id, tenant_id, user_id, extension_id, name)
     SELECT pg_temp.uid($1::uuid, 'agent', e.i), $1::uuid, u.id, e.id, 'Agent ' || e.number
     FROM (SELECT id, row_number() OVER (ORDER BY email) - 1 AS i FROM users WHERE email LIKE 'rb-' || $1::text || '-agent-%') u
     JOIN (SELECT id, number, (number::int - 2000) AS i FROM extensions WHERE tenant_id = $1::uuid) e USING (i)`,
  `INSERT INTO queues (id, tenant_id, name) SELECT pg_temp.uid($1, 'queue', n), $1,
     CASE WHEN n < ${INBOUND_QUEUES} THEN 'inbound-' || n ELSE 'campaign-' || (n - ${INBOUND_QUEUES}) END
     FROM generate_series(0, ${INBOUND_QUEUES + CAMPAIGNS - 1}) n`,
  `INSERT INTO trunks (id, tenant_id, name, host) SELECT pg_temp.uid($1, 'trunk', n), $1, 'trunk-' || n, 'sip' || n || '.example.test' FROM generate_series(0, 1) n`,
  `INSERT INTO campaigns (id, tenant_id, name, queue_id, trunk_id, pacing_min, pacing_max, status)
     SELECT pg_temp.uid($1, 'campaign', n), $1, 'campaign-' || n, pg_temp.uid($1, 'queue', ${INBOUND_QUEUES} + n), pg_temp.uid($1, 'trunk', 1), 1, 3, 'PAUSED'
     FROM generate_series(0, ${CAMPAIGNS - 1}) n`,
  `INSERT INTO dispositions (id, tenant_id, code, name, action) SELECT pg_temp.uid($1, 'disposition', n), $1, 'D' || n, 'Disposition ' || n,
     (ARRAY['SUCCESS', 'NONE', 'CALLBACK', 'DO_NOT_CALL'])[1 + n % 4] FROM generate_series(0, ${DISPOSITIONS - 1}) n`,
  `INSERT INTO pause_reasons (id, tenant_id, code, name) SELECT pg_temp.uid($1, 'pause', n), $1, (ARRAY['BREAK', 'LUNCH'])[n + 1], (ARRAY['Break', 'Lunch'])[n + 1]
     FROM generate_series(0, 1) n`,
];

// One row per call number n ($2 calls): its kind, instant and outcome, as every table reads them.
// $1 tenant, $3 the generation instant, $4 the zone. 60 % inbound through a queue, 30 % dialer
// attempts, 10 % internal; calls between 07:00 and 21:00 local (peak at 14:00), on each of the 30
// local days up to today (today's only before the generation instant, so none is in the future).
const TRAFFIC = `
  SELECT t.*,
    CASE WHEN kind = 'IN' THEN (CASE WHEN u_out < 0.85 THEN 'ANSWERED' WHEN u_out < 0.97 THEN 'ABANDONED' ELSE 'FLOWED_OUT' END)
         ELSE (CASE WHEN u_out < 0.35 THEN 'CONNECTED' WHEN u_out < 0.40 THEN 'ABANDONED' WHEN u_out < 0.75 THEN 'NO_ANSWER'
                    WHEN u_out < 0.90 THEN 'BUSY' ELSE 'FAILED' END) END AS outcome
  FROM (
    SELECT n,
      CASE WHEN pg_temp.r(n, 1) < 0.6 THEN 'IN' WHEN pg_temp.r(n, 1) < 0.9 THEN 'OUT' ELSE 'INT' END AS kind,
      CASE WHEN s.at0 >= $3::timestamptz - interval '30 minutes' THEN s.at0 - interval '7 days' ELSE s.at0 END AS at,
      pg_temp.r(n, 6) AS u_out,
      floor(pg_temp.r(n, 5) * ${INBOUND_QUEUES})::int AS queue_i,
      floor(pg_temp.r(n, 5) * ${CAMPAIGNS})::int AS campaign_i,
      floor(pg_temp.r(n, 8) * 20)::int AS agent_j,
      pg_temp.r(n, 7) AS u_wait,
      (20 + 580 * pg_temp.r(n, 9) ^ 2) * interval '1 second' AS talk,
      (1 + floor(pg_temp.r(n, 13) * 20)) * interval '1 second' AS ring,
      pg_temp.r(n, 10) AS u_wrap,
      pg_temp.r(n, 11) < 0.03 AS transferred,
      CASE WHEN pg_temp.r(n, 12) < 0.8 THEN floor(pg_temp.r(n, 14) * ${DISPOSITIONS})::int END AS disposition_i
    FROM generate_series(1, $2::bigint) n
    CROSS JOIN LATERAL (
      SELECT ((date_trunc('day', $3::timestamptz AT TIME ZONE $4) - interval '${DAYS - 1} days') AT TIME ZONE $4)
        + floor(pg_temp.r(n, 2) * ${DAYS}) * interval '1 day'
        + (25200 + 50400 * (pg_temp.r(n, 3) + pg_temp.r(n, 4)) / 2) * interval '1 second' AS at0
    ) s
    OFFSET 0
  ) t`;

// Per call, the instants the tables share: the entry into a queue (3 s of IVR for an inbound call;
// the answer of a dialer call), its agent's answer, the end.
const TIMED = `
  SELECT x.*,
    CASE WHEN kind = 'IN' THEN at + interval '3 seconds' ELSE at + ring END AS joined_at,
    CASE WHEN kind = 'IN' AND outcome = 'ANSWERED' THEN (1 + 45 * u_wait ^ 3) * interval '1 second'
         WHEN kind = 'IN' AND outcome = 'ABANDONED' THEN (1 + 90 * u_wait ^ 2) * interval '1 second'
         WHEN kind = 'IN' THEN interval '60 seconds'
         WHEN outcome = 'CONNECTED' THEN (1 + 2 * u_wait) * interval '1 second'
         ELSE interval '2 seconds' END AS wait,
    pg_temp.uid($1, 'agent', CASE WHEN kind = 'IN' THEN (queue_i * 8 + agent_j) % 40 ELSE 30 + agent_j END) AS agent_id,
    CASE WHEN kind = 'IN' THEN pg_temp.uid($1, 'queue', queue_i) ELSE pg_temp.uid($1, 'queue', ${INBOUND_QUEUES} + campaign_i) END AS queue_id,
    (kind = 'IN' AND outcome = 'ANSWERED') OR (kind = 'OUT' AND outcome = 'CONNECTED') AS agent_answered,
    (kind = 'IN') OR (kind = 'OUT' AND outcome IN ('CONNECTED', 'ABANDONED')) AS queued
  FROM (${TRAFFIC}) x
  OFFSET 0`;

const CALLS = `
  INSERT INTO calls (id, tenant_id, direction, caller_number, called_number, extension_id, trunk_id, queue_id, agent_id, attempt_id,
    campaign_id, lead_id, created_at, answer_at, queued_at, queue_left_at, bridged_at, ended_at, talk_time, duration_seconds,
    billable_seconds, hangup_cause, disposition_id, disposition, disposition_at)
  SELECT pg_temp.uid($1, 'call', n), $1,
    CASE kind WHEN 'IN' THEN 'INBOUND' WHEN 'OUT' THEN 'OUTBOUND' ELSE 'INTERNAL' END,
    CASE kind WHEN 'IN' THEN '+5511' || (900000000 + n % 400000) WHEN 'OUT' THEN '+551130000000' ELSE (2000 + agent_j)::text END,
    CASE kind WHEN 'IN' THEN '+55113000000' || queue_i WHEN 'OUT' THEN '+5511' || (950000000 + campaign_i * 10000000 + n % 1000000)
              ELSE (2020 + agent_j)::text END,
    CASE WHEN kind = 'INT' THEN pg_temp.uid($1, 'ext', agent_j) END,
    CASE WHEN kind <> 'INT' THEN pg_temp.uid($1, 'trunk', (kind = 'OUT')::int) END,
    CASE WHEN queued THEN queue_id END,
    CASE WHEN agent_answered THEN agent_id END,
    CASE WHEN kind = 'OUT' THEN pg_temp.uid($1, 'attempt', n) END,
    CASE WHEN kind = 'OUT' THEN pg_temp.uid($1, 'campaign', campaign_i) END,
    CASE WHEN kind = 'OUT' THEN pg_temp.uid($1, 'lead', n % $5::bigint) END,
    at,
    CASE WHEN kind = 'IN' OR outcome IN ('CONNECTED', 'ABANDONED') OR (kind = 'INT' AND u_out < 0.6) THEN joined_at - interval '3 seconds' * (kind = 'IN')::int END,
    CASE WHEN queued THEN joined_at END,
    CASE WHEN queued THEN joined_at + wait END,
    CASE WHEN agent_answered THEN joined_at + wait END,
    CASE WHEN agent_answered THEN joined_at + wait + talk ELSE joined_at + wait END,
    CASE WHEN agent_answered THEN extract(epoch FROM talk)::int END,
    extract(epoch FROM joined_at + wait + CASE WHEN agent_answered THEN talk ELSE interval '0' END - at)::int,
    CASE WHEN kind = 'IN' OR outcome IN ('CONNECTED', 'ABANDONED') THEN extract(epoch FROM joined_at + wait
      + CASE WHEN agent_answered THEN talk ELSE interval '0' END - at)::int ELSE 0 END,
    CASE WHEN kind <> 'OUT' OR outcome IN ('CONNECTED', 'ABANDONED') THEN 'NORMAL_CLEARING'
         WHEN outcome = 'NO_ANSWER' THEN 'NO_ANSWER' WHEN outcome = 'BUSY' THEN 'USER_BUSY' ELSE 'NORMAL_TEMPORARY_FAILURE' END,
    CASE WHEN agent_answered AND disposition_i IS NOT NULL THEN pg_temp.uid($1, 'disposition', disposition_i) END,
    CASE WHEN agent_answered AND disposition_i IS NOT NULL THEN 'D' || disposition_i END,
    CASE WHEN agent_answered AND disposition_i IS NOT NULL THEN joined_at + wait + talk + interval '5 seconds' END
  FROM (${TIMED}) c`;

const QUEUE_ENTRIES = `
  INSERT INTO queue_entries (id, tenant_id, call_id, queue_id, campaign_id, joined_at, agent_id, answered_at, talk_ended_at, left_at,
    outcome, transferred_out, wrap_up_ms, service_level_seconds, short_abandon_seconds)
  SELECT pg_temp.uid($1, 'entry', n), $1, pg_temp.uid($1, 'call', n), queue_id,
    CASE WHEN kind = 'OUT' THEN pg_temp.uid($1, 'campaign', campaign_i) END,
    joined_at,
    CASE WHEN agent_answered THEN agent_id END,
    CASE WHEN agent_answered THEN joined_at + wait END,
    CASE WHEN agent_answered THEN joined_at + wait + talk END,
    CASE WHEN agent_answered THEN joined_at + wait + talk ELSE joined_at + wait END,
    CASE WHEN agent_answered THEN 'ANSWERED' WHEN outcome = 'FLOWED_OUT' THEN 'FLOWED_OUT' ELSE 'ABANDONED' END,
    agent_answered AND transferred,
    CASE WHEN agent_answered AND u_wrap < 0.9 THEN (3000 + 27000 * u_wrap)::bigint END,
    20, 5
  FROM (${TIMED}) c WHERE queued`;

const DIAL_ATTEMPTS = `
  INSERT INTO dial_attempts (id, tenant_id, campaign_id, lead_id, call_id, phone, simulated, owner, status, outcome, hangup_cause,
    created_at, answered_at, connected_at, ended_at, callback)
  SELECT pg_temp.uid($1, 'attempt', n), $1, pg_temp.uid($1, 'campaign', campaign_i), pg_temp.uid($1, 'lead', n % $5::bigint),
    pg_temp.uid($1, 'call', n), '+5511' || (950000000 + (n % $5::bigint)), false, 'bench',
    'ENDED', outcome,
    CASE WHEN outcome IN ('CONNECTED', 'ABANDONED') THEN 'NORMAL_CLEARING' WHEN outcome = 'NO_ANSWER' THEN 'NO_ANSWER'
         WHEN outcome = 'BUSY' THEN 'USER_BUSY' ELSE 'NORMAL_TEMPORARY_FAILURE' END,
    at,
    CASE WHEN outcome IN ('CONNECTED', 'ABANDONED') THEN joined_at END,
    CASE WHEN outcome = 'CONNECTED' THEN joined_at + wait END,
    CASE WHEN outcome = 'CONNECTED' THEN joined_at + wait + talk WHEN outcome = 'ABANDONED' THEN joined_at + wait
         WHEN outcome = 'NO_ANSWER' THEN at + interval '30 seconds' ELSE at + interval '3 seconds' END,
    pg_temp.r(n, 15) < 0.05
  FROM (${TIMED}) c WHERE kind = 'OUT'`;

// The leads the attempts dial ($5 of them, spread over the campaigns by their number).
const LEADS = `
  INSERT INTO leads (id, tenant_id, campaign_id, phone, phones, status, attempts)
  SELECT pg_temp.uid($1, 'lead', k), $1, pg_temp.uid($1, 'campaign', k % ${CAMPAIGNS}), '+5511' || (950000000 + k), ARRAY['+5511' || (950000000 + k)],
    CASE WHEN pg_temp.r(k, 20) < 0.3 THEN 'COMPLETED' WHEN pg_temp.r(k, 20) < 0.5 THEN 'EXHAUSTED' WHEN pg_temp.r(k, 20) < 0.9 THEN 'READY'
         WHEN pg_temp.r(k, 20) < 0.95 THEN 'CALLBACK' ELSE 'DO_NOT_CALL' END,
    1 + floor(pg_temp.r(k, 21) * 3)::int
  FROM generate_series(0, $2::bigint - 1) k`;

// Agents: a 12-hour shift a day (starts staggered by half an hour from 07:00 local) of call cycles
// (AVAILABLE, RINGING, IN_CALL, WRAP_UP; one offer in 20 missed: RINGING then AVAILABLE), then a
// 30-minute pause, then LOGGED_OUT until the next shift (the last one still open). $2 the
// generation instant, $3 the zone, $4 (states only) cycles per shift; days before today only.
const SHIFTS = `
  SELECT a, d, pg_temp.uid($1, 'agent', a) AS agent_id, pg_temp.uid($1, 'session', a * 100 + d) AS session_id,
    ((date_trunc('day', $2::timestamptz AT TIME ZONE $3) - interval '${DAYS - 1} days' + d * interval '1 day'
      + interval '7 hours' + (a % 4) * interval '30 minutes') AT TIME ZONE $3) AS shift_start,
    (d = ${DAYS - 2}) AS last
  FROM generate_series(0, ${AGENTS - 1}) a, generate_series(0, ${DAYS - 2}) d`;

const SESSIONS = `
  INSERT INTO agent_sessions (id, tenant_id, agent_id, started_at, ended_at)
  SELECT session_id, $1, agent_id, shift_start, shift_start + interval '${SHIFT_HOURS} hours 30 minutes' FROM (${SHIFTS}) s`;

const STATES = `
  INSERT INTO agent_state_events (tenant_id, agent_id, session_id, from_state, to_state, cause, started_at, ended_at)
  SELECT $1, agent_id, session_id, from_state, to_state, 'bench', started_at, ended_at FROM (
    SELECT s.agent_id, s.session_id, e.from_state, e.to_state, e.started_at, e.ended_at
    FROM (${SHIFTS}) s
    CROSS JOIN LATERAL (SELECT interval '${SHIFT_HOURS} hours' / $4::int AS len) l
    CROSS JOIN generate_series(0, $4::int - 1) c
    CROSS JOIN LATERAL (SELECT pg_temp.r(s.a * 1000000 + s.d * 1000 + c, 30) < 0.05 AS missed,
                               s.shift_start + c * l.len AS c0) m
    CROSS JOIN LATERAL (VALUES
      (CASE WHEN c = 0 THEN 'LOGGED_OUT' ELSE 'WRAP_UP' END, 'AVAILABLE', m.c0, m.c0 + l.len * 0.3),
      ('AVAILABLE', 'RINGING', m.c0 + l.len * 0.3, m.c0 + l.len * 0.35),
      ('RINGING', CASE WHEN m.missed THEN 'AVAILABLE' ELSE 'IN_CALL' END, m.c0 + l.len * 0.35, m.c0 + l.len * CASE WHEN m.missed THEN 1 ELSE 0.9 END),
      ('IN_CALL', 'WRAP_UP', m.c0 + l.len * 0.9, m.c0 + l.len)
    ) e (from_state, to_state, started_at, ended_at)
    WHERE NOT (m.missed AND e.from_state = 'IN_CALL')
    UNION ALL
    SELECT agent_id, session_id, 'WRAP_UP', 'PAUSED', shift_start + interval '${SHIFT_HOURS} hours',
      shift_start + interval '${SHIFT_HOURS} hours 30 minutes' FROM (${SHIFTS}) s
    UNION ALL
    SELECT agent_id, session_id, 'PAUSED', 'LOGGED_OUT', shift_start + interval '${SHIFT_HOURS} hours 30 minutes',
      CASE WHEN NOT last THEN shift_start + interval '1 day' END FROM (${SHIFTS}) s
  ) x`;

const PAUSES = `
  INSERT INTO agent_pause_events (tenant_id, agent_id, session_id, pause_reason_id, started_at, ended_at)
  SELECT $1, agent_id, session_id, pg_temp.uid($1, 'pause', d % 2), shift_start + interval '${SHIFT_HOURS} hours',
    shift_start + interval '${SHIFT_HOURS} hours 30 minutes' FROM (${SHIFTS}) s`;

// The dialer's minute samples while its campaigns dial (08:00–20:00 local).
const SAMPLES = `
  INSERT INTO campaign_dialer_samples (campaign_id, tenant_id, minute, dial_level, calls_in_flight, attempts, answered)
  SELECT pg_temp.uid($1, 'campaign', c), $1, m, 1 + pg_temp.r(extract(epoch FROM m)::bigint, c), 3, 5, 2
  FROM generate_series(0, ${CAMPAIGNS - 1}) c,
    generate_series((date_trunc('day', $2::timestamptz AT TIME ZONE $3) - interval '${DAYS - 1} days') AT TIME ZONE $3, $2::timestamptz, interval '1 minute') m
  WHERE extract(hour FROM m AT TIME ZONE $3) BETWEEN 8 AND 19`;

/** The tables a load writes, whose secondary indexes a large load drops and builds again. */
const LOADED_TABLES = ['calls', 'queue_entries', 'dial_attempts', 'leads', 'agent_state_events'];

export const leadsOf = (calls: number) => Math.max(1000, Math.round(calls * 0.1));
export const cyclesPerShift = (calls: number) =>
  Math.max(1, Math.min(MAX_CYCLES_PER_SHIFT, Math.round((calls * AGENT_CYCLES_PER_CALL) / (AGENTS * DAYS))));

async function session(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  await client.query(`SET session_replication_role = replica`);
  await client.query(`SET maintenance_work_mem = '512MB'`);
  await client.query(`SET work_mem = '64MB'`);
  for (const helper of HELPERS) await client.query(helper);
  return client;
}

/**
 * Writes the tenants' traffic (they exist, with no rows of their own yet) and their rollups.
 * `log` gets a line per step with its seconds.
 */
export async function generateTraffic(ownerUrl: string, specs: TrafficSpec[], log: (line: string) => void): Promise<void> {
  const [a, b] = [await session(ownerUrl), await session(ownerUrl)];
  const timed = async (label: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    log(`${label}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  };
  try {
    const large = specs.reduce((total, spec) => total + spec.calls, 0) >= Number(process.env.BENCH_REPORTS_BULK ?? 1_000_000);
    const indexes = large
      ? ((
          await a.query(
            `SELECT i.indexname, i.indexdef, i.tablename FROM pg_indexes i
             WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
               AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
            [LOADED_TABLES],
          )
        ).rows as { indexname: string; indexdef: string; tablename: string }[])
      : [];
    for (const { indexname } of indexes) await a.query(`DROP INDEX ${indexname}`);
    for (const spec of specs) {
      const { tenantId, calls, until, timezone } = spec;
      const leads = leadsOf(calls);
      const traffic = [tenantId, calls, until, timezone, leads];
      for (const statement of REFERENCE) await a.query(statement, [tenantId]);
      // Two connections at once: the calls on one, everything else on the other.
      await Promise.all([
        timed(`${calls} calls`, () => a.query(CALLS, traffic)),
        timed('queue entries, dial attempts, leads, agents, dialer samples', async () => {
          await b.query(QUEUE_ENTRIES, traffic.slice(0, 4));
          await b.query(DIAL_ATTEMPTS, traffic);
          await b.query(LEADS, [tenantId, leads]);
          const shifts = [tenantId, until, timezone];
          await b.query(SESSIONS, shifts);
          await b.query(STATES, [...shifts, cyclesPerShift(calls)]);
          await b.query(PAUSES, shifts);
          await b.query(SAMPLES, [tenantId, until, timezone]);
        }),
      ]);
    }
    // The indexes again, the calls' on one connection and the others' on the other.
    const build = async (client: pg.Client, which: typeof indexes) => {
      for (const { indexdef } of which) await client.query(indexdef);
    };
    await timed(`${indexes.length} indexes built`, () =>
      Promise.all([build(a, indexes.filter((index) => index.tablename === 'calls')), build(b, indexes.filter((index) => index.tablename !== 'calls'))]),
    );
    await timed('rollups rebuilt (app_reports_rebuild)', () => Promise.all(specs.map((spec, i) => [a, b][i % 2]!.query(`SELECT app_reports_rebuild($1)`, [spec.tenantId]))));
    await timed('VACUUM (ANALYZE)', async () => {
      for (const table of [...LOADED_TABLES, 'agent_sessions', 'agent_pause_events', 'campaign_dialer_samples']) await a.query(`VACUUM (ANALYZE) ${table}`);
      for (const table of ['report_queue_intervals', 'report_agent_intervals', 'report_agent_pause_intervals', 'report_campaign_intervals',
        'report_call_intervals', 'report_disposition_intervals', 'report_lead_counts', 'report_storage',
        'report_queue_campaign_intervals', 'report_campaign_disposition_intervals', 'report_agent_call_intervals',
        'report_campaign_disposition_hours']) await a.query(`VACUUM (ANALYZE) ${table}`);
    });
  } finally {
    await a.end();
    await b.end();
  }
}
