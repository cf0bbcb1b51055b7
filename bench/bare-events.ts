// The baseline of the switch-events bench: the rows the platform writes for each event of the
// captured call (calls.repo.ts: the call, its legs, one call_events row per event, the same
// UPDATEs of the call and its legs), written by a bare `pg` Pool (max 10, as the platform's tenant
// pool) as the application role, one transaction per event carrying the tenant as the platform's
// do. No lookups (the platform's locate, tenant and id reads): the floor of what the rows cost.
// `concurrency` calls at a time, each call's events in order. Prints one JSON line.
// With <batch> (calls per transaction, decision 0040), the batched baseline: `concurrency` calls
// in flight split into lanes of `batch` calls of one tenant; a lane writes the next event of each of
// its calls in ONE transaction (BEGIN and the tenant setting in one round trip, the same statements
// per event, one COMMIT), as the platform's batches do, then the next events; a finished call is
// replaced by a new one.
// Usage: bare-events.ts <app role url> <tenants json> <concurrency> <seconds> [batch]
import pg from 'pg';
import { measure } from './load.ts';
import { captureCall, emissionsOf, tenantCall, type TenantNames } from './switch-events-flow.ts';
import { dispatchKey } from '../server/src/services/event-consumer/event-consumer.ts';

type Tenant = TenantNames & { tenantId: string };
const [url, tenantsJson, concurrency, seconds, batch] = process.argv.slice(2);
if (!url || !tenantsJson || !concurrency || !seconds) throw new Error('usage: bare-events.ts <url> <tenants json> <concurrency> <seconds>');
const tenants = JSON.parse(tenantsJson) as Tenant[];
const pool = new pg.Pool({ connectionString: url, max: 10 });
const capture = captureCall();
const keys = capture.map((event) => dispatchKey(event));
const mainAnswer = emissionsOf(capture).find((emission) => emission.type === 'CALL_ANSWERED')!.index;
const mainHangup = emissionsOf(capture).find((emission) => emission.type === 'CALL_ENDED')!.index;

const INSERT_CALL = `INSERT INTO calls (id, tenant_id, direction, caller_number, caller_name, called_number, created_at)
  VALUES ($1, $2, 'INBOUND', $3, $4, $5, now()) ON CONFLICT (id) DO NOTHING RETURNING *`;
const INSERT_LEG = `INSERT INTO call_legs (id, tenant_id, call_id, direction, channel_name, caller_number, destination_number, created_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, now()) ON CONFLICT (id) DO NOTHING RETURNING id`;
const INSERT_EVENT = `INSERT INTO call_events (tenant_id, call_id, leg_id, name, event_key, occurred_at, headers)
  VALUES ($1, $2, $3, $4, $5, now(), $6) ON CONFLICT (call_id, event_key) DO NOTHING RETURNING id`;
const MARK_LEG = `UPDATE call_legs SET answered_at = coalesce(answered_at, $2), bridged_at = coalesce(bridged_at, $3),
  ended_at = coalesce(ended_at, $4), hangup_cause = coalesce(hangup_cause, $5), agent_id = coalesce($6, agent_id) WHERE id = $1`;
const ANSWER = `UPDATE calls SET answer_at = $2 WHERE id = $1 AND answer_at IS NULL AND ended_at IS NULL RETURNING answer_at`;
const BRIDGE = `UPDATE calls SET bridged_at = coalesce(bridged_at, $2) WHERE id = $1 AND ended_at IS NULL`;
const QUEUE = `UPDATE calls SET queue_id = coalesce($2, queue_id), queued_at = coalesce(queued_at, $3) WHERE id = $1 AND ended_at IS NULL`;
const ASSIGN = `UPDATE calls SET agent_id = coalesce($2, agent_id), queue_id = coalesce(queue_id, $3) WHERE id = $1 AND ended_at IS NULL`;
const LEAVE = `UPDATE calls SET queue_left_at = $2, queue_cause = $3 WHERE id = $1 AND queue_left_at IS NULL RETURNING queue_id, queued_at`;
const END = `UPDATE calls SET ended_at = $2, hangup_cause = $3, ring_time = 0, wait_time = 0, talk_time = 0, duration_seconds = 0,
  billable_seconds = 0 WHERE id = $1 AND ended_at IS NULL RETURNING *`;

/** The statements of one event, in one transaction as the tenant. */
async function writeEvent(client: pg.PoolClient, tenant: Tenant, callId: string, index: number, headers: Record<string, string>): Promise<void> {
  await client.query('BEGIN');
  await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenant.tenantId]);
  await eventStatements(client, tenant, callId, index, headers);
  await client.query('COMMIT');
}

/** The statements of one event, inside a transaction as the tenant. */
async function eventStatements(client: pg.PoolClient, tenant: Tenant, callId: string, index: number, headers: Record<string, string>): Promise<void> {
  const legId = headers['Unique-ID'] ?? null;
  const now = new Date();
  const key = keys[index]!;
  if (key === 'CHANNEL_CREATE') {
    if (legId === callId) await client.query(INSERT_CALL, [callId, tenant.tenantId, headers['Caller-Caller-ID-Number'], headers['Caller-Caller-ID-Name'], headers['Caller-Destination-Number']]);
    const direction = headers['Call-Direction'] === 'outbound' ? 'outbound' : 'inbound';
    await client.query(INSERT_LEG, [legId, tenant.tenantId, callId, direction, headers['Channel-Name'], headers['Caller-Caller-ID-Number'], headers['Caller-Destination-Number']]);
  }
  await client.query(INSERT_EVENT, [tenant.tenantId, callId, legId, key, `bare:${callId}:${index}`, JSON.stringify(headers)]);
  if (key === 'CHANNEL_ANSWER') {
    await client.query(MARK_LEG, [legId, now, null, null, null, null]);
    if (index === mainAnswer) await client.query(ANSWER, [callId, now]);
  } else if (key === 'CHANNEL_BRIDGE') {
    await client.query(MARK_LEG, [legId, null, now, null, null, null]);
    await client.query(MARK_LEG, [headers['Bridge-B-Unique-ID'], null, now, null, null, null]);
    await client.query(BRIDGE, [callId, now]);
  } else if (key === 'CHANNEL_HANGUP_COMPLETE') {
    await client.query(MARK_LEG, [legId, null, null, now, headers['Hangup-Cause'], null]);
    if (index === mainHangup) {
      await client.query('SELECT * FROM calls WHERE id = $1 FOR UPDATE', [callId]);
      await client.query('SELECT * FROM call_legs WHERE call_id = $1 ORDER BY created_at', [callId]);
      await client.query(END, [callId, now, headers['Hangup-Cause']]);
    }
  } else if (key === 'callcenter::info/member-queue-start') {
    await client.query(QUEUE, [callId, tenant.queueId, now]);
  } else if (key === 'callcenter::info/agent-offering') {
    await client.query(ASSIGN, [callId, tenant.agentId, tenant.queueId]);
  } else if (key === 'callcenter::info/bridge-agent-start') {
    await client.query(ASSIGN, [callId, tenant.agentId, tenant.queueId]);
    await client.query(MARK_LEG, [headers['CC-Agent-UUID'], null, null, null, null, tenant.agentId]);
  } else if (key === 'callcenter::info/member-queue-end') {
    await client.query(LEAVE, [callId, now, headers['CC-Cause'] ?? 'Terminated']);
  }
}

let made = 0;
let events = 0;
/** One whole call, event after event, each on a client of the pool. */
async function oneCall(): Promise<boolean> {
  const tenant = tenants[made++ % tenants.length]!;
  const call = tenantCall(capture, tenant, 0);
  for (const [index, event] of call.events.entries()) {
    const client = await pool.connect();
    try {
      await writeEvent(client, tenant, call.callId, index, Object.fromEntries(event.headers));
      events += 1;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }
  return true;
}

/** A lane of the batched baseline: `size` calls of one tenant, the next event of each in one transaction. */
async function lane(tenant: Tenant, size: number, deadline: number): Promise<void> {
  const fresh = () => ({ call: tenantCall(capture, tenant, 0), next: 0 });
  let calls = Array.from({ length: size }, fresh);
  while (performance.now() < deadline) {
    const client = await pool.connect();
    try {
      await client.query(`BEGIN; SELECT set_config('app.tenant_id', '${tenant.tenantId}', true)`);
      for (const { call, next } of calls) await eventStatements(client, tenant, call.callId, next, Object.fromEntries(call.events[next]!.headers));
      await client.query('COMMIT');
      events += calls.length;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
    calls = calls.map((call) => (call.next + 1 < capture.length ? { ...call, next: call.next + 1 } : fresh()));
  }
}

async function batched(size: number): Promise<{ failures: number; seconds: number }> {
  const lanes = Math.max(1, Math.round(Number(concurrency) / size));
  const started = performance.now();
  const deadline = started + Number(seconds) * 1000;
  const results = await Promise.allSettled(Array.from({ length: lanes }, (_, index) => lane(tenants[index % tenants.length]!, size, deadline)));
  return { failures: results.filter((result) => result.status === 'rejected').length, seconds: (performance.now() - started) / 1000 };
}

const result = batch
  ? await batched(Number(batch))
  : await measure('bare pg events', oneCall, { concurrency: Number(concurrency), seconds: Number(seconds), quiet: true });
await pool.end();
process.stdout.write(`${JSON.stringify({ ...result, events, eventsPerSecond: events / result.seconds })}\n`);
