// The dialer's state per campaign and its per-minute samples (the console's charts, the reports).
import { sql } from 'kysely';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import { INITIAL_STATISTICS } from '../../modules/dialer/campaign-statistics.ts';

export interface DialerStateChange {
  dialLevel: number;
  mode: 'PROGRESSIVE' | 'PREDICTIVE';
  lastDecision: Record<string, unknown>;
  leadsWaitingWindow: number;
}

export interface SampleChange {
  minute: Date;
  dialLevel: number;
  answerRate: number | null;
  abandonRate: number | null;
  callsInFlight: number;
  agentsAvailable: number;
  agentsBusy: number;
  attempts: number;
}

export interface TickedCampaign {
  tenantId: string;
  campaignId: string;
  /** Null: unchanged since the last write (the tick writes what changed only, decision 0051). */
  state: DialerStateChange | null;
  sample: SampleChange | null;
}

/**
 * Every owned campaign's state and minute sample of one tick, in two statements on the platform
 * path (one transaction per campaign as its tenant cost a commit each: seconds for thousands of
 * campaigns). The rows are the dialer's own, keyed by campaign ids and tenant ids read from the
 * database by this tick's snapshot, never from a request; what saveDialerState and recordSample
 * write, nothing more. States and samples each in its own transaction, side by side: neither holds
 * a row of the other's table, so neither can wait on the attempts' steps (which update a state, then
 * a sample) while holding what those wait for.
 * Each column goes in as one array parameter (`unnest`): a multi-row VALUES list of 3,000 samples
 * (once a minute, every campaign's) was 24,000 parameters to build, send and parse, ~350 ms a tick.
 */
export async function saveTicks(db: DatabaseHandles, ticks: TickedCampaign[]): Promise<void> {
  const states = ticks.flatMap(({ tenantId, campaignId, state }) => (state ? [{ tenantId, campaignId, state }] : []));
  const samples = ticks.flatMap(({ tenantId, campaignId, sample }) => (sample ? [{ tenantId, campaignId, sample }] : []));
  const column = <T, V>(rows: T[], value: (row: T) => V): V[] => rows.map(value);
  const saveStates = async () => {
    if (states.length === 0) return;
    await db.withPlatform((tx) =>
      sql`
        INSERT INTO campaign_dialer_state (campaign_id, tenant_id, statistics, dial_level, mode, last_decision, leads_waiting_window, updated_at)
        SELECT campaign_id, tenant_id, ${JSON.stringify(INITIAL_STATISTICS)}::jsonb, dial_level, mode, last_decision::jsonb, leads_waiting_window, now()
        FROM unnest(${column(states, (row) => row.campaignId)}::uuid[], ${column(states, (row) => row.tenantId)}::uuid[],
          ${column(states, (row) => row.state.dialLevel)}::float8[], ${column(states, (row) => row.state.mode)}::text[],
          ${column(states, (row) => JSON.stringify(row.state.lastDecision))}::text[], ${column(states, (row) => row.state.leadsWaitingWindow)}::int[])
          AS changed (campaign_id, tenant_id, dial_level, mode, last_decision, leads_waiting_window)
        ON CONFLICT (campaign_id) DO UPDATE SET dial_level = excluded.dial_level, mode = excluded.mode,
          last_decision = excluded.last_decision, leads_waiting_window = excluded.leads_waiting_window, updated_at = excluded.updated_at`.execute(tx),
    );
  };
  const saveSamples = async () => {
    if (samples.length === 0) return;
    await db.withPlatform((tx) =>
      sql`
        INSERT INTO campaign_dialer_samples (campaign_id, tenant_id, minute, dial_level, answer_rate, abandon_rate, calls_in_flight, agents_available, agents_busy, attempts)
        SELECT * FROM unnest(${column(samples, (row) => row.campaignId)}::uuid[], ${column(samples, (row) => row.tenantId)}::uuid[],
          ${column(samples, (row) => row.sample.minute.toISOString())}::timestamptz[], ${column(samples, (row) => row.sample.dialLevel)}::float8[],
          ${column(samples, (row) => row.sample.answerRate)}::float8[], ${column(samples, (row) => row.sample.abandonRate)}::float8[],
          ${column(samples, (row) => row.sample.callsInFlight)}::int[], ${column(samples, (row) => row.sample.agentsAvailable)}::int[],
          ${column(samples, (row) => row.sample.agentsBusy)}::int[], ${column(samples, (row) => row.sample.attempts)}::int[])
        ON CONFLICT (campaign_id, minute) DO UPDATE SET dial_level = excluded.dial_level, answer_rate = excluded.answer_rate,
          abandon_rate = excluded.abandon_rate, calls_in_flight = excluded.calls_in_flight, agents_available = excluded.agents_available,
          agents_busy = excluded.agents_busy, attempts = campaign_dialer_samples.attempts + excluded.attempts`.execute(tx),
    );
  };
  await Promise.all([saveStates(), saveSamples()]);
}

/**
 * Adds an answer or an abandon to the minute's sample. An answer can come before the minute's first
 * tick: the row is then started with the campaign's current dial level.
 */
export async function countInSample(tx: Tx, tenantId: string, campaignId: string, minute: Date, column: 'answered' | 'abandoned'): Promise<void> {
  await sql`
    INSERT INTO campaign_dialer_samples (campaign_id, tenant_id, minute, dial_level, ${sql.ref(column)})
    VALUES (${campaignId}, ${tenantId}, ${minute},
      coalesce((SELECT dial_level FROM campaign_dialer_state WHERE campaign_id = ${campaignId}), 1), 1)
    ON CONFLICT (campaign_id, minute) DO UPDATE SET ${sql.ref(column)} = campaign_dialer_samples.${sql.ref(column)} + 1`.execute(tx);
}

/** Samples older than the charts look back. */
export const pruneSamples = (db: DatabaseHandles, before: Date) =>
  db.withPlatform((tx) => tx.deleteFrom('campaignDialerSamples').where('minute', '<', before).execute());
