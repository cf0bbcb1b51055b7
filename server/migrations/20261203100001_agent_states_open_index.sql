-- The agent report adds each agent's state still open up to now (agentStateTime: ended_at IS NULL,
-- of the tenant). Without an index of its own that read scanned every closed state of every tenant:
-- 4.3 million rows on a month of 10 million calls (bench/RESULTS.md, reports.bench.ts).
CREATE INDEX IF NOT EXISTS agent_state_events_open_idx ON agent_state_events (tenant_id, started_at) WHERE ended_at IS NULL;
