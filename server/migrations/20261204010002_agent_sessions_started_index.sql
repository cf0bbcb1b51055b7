-- The agent report's first login and last logout per day read a tenant's sessions by when they
-- started (agentDays); without this index that read walked every tenant's sessions.
CREATE INDEX IF NOT EXISTS agent_sessions_tenant_started_idx ON agent_sessions (tenant_id, started_at);
