-- Reports (docs/reports.md): the queue entries the reports count, and the settings they are read by.

-- The service level and abandon settings of a queue, and the targets its charts draw.
ALTER TABLE queues
  ADD COLUMN service_level_seconds integer NOT NULL DEFAULT 20 CHECK (service_level_seconds BETWEEN 1 AND 3600),
  ADD COLUMN service_level_target numeric(4, 3) NOT NULL DEFAULT 0.8 CHECK (service_level_target BETWEEN 0 AND 1),
  ADD COLUMN abandon_rate_target numeric(4, 3) NOT NULL DEFAULT 0.05 CHECK (abandon_rate_target BETWEEN 0 AND 1),
  ADD COLUMN short_abandon_seconds integer NOT NULL DEFAULT 5 CHECK (short_abandon_seconds BETWEEN 0 AND 60);

-- Which of the industry's service-level formulas the tenant's reports use (metrics.ts).
ALTER TABLE tenants
  ADD COLUMN service_level_formula text NOT NULL DEFAULT 'EXCLUDE_SHORT_ABANDONS'
    CHECK (service_level_formula IN ('EXCLUDE_SHORT_ABANDONS', 'ALL_OFFERED', 'ANSWERED_ONLY'));
GRANT UPDATE (service_level_formula) ON tenants TO callcenter_app;

-- A dialer attempt made for a lead in CALLBACK (a callback being completed).
ALTER TABLE dial_attempts ADD COLUMN callback boolean NOT NULL DEFAULT false;

-- One entry of a call into a queue: mod_callcenter's member (CC-Member-UUID), from
-- member-queue-start to member-queue-end. A call moved on to a second queue has two.
CREATE TABLE queue_entries (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  call_id uuid NOT NULL REFERENCES calls (id),
  queue_id uuid NOT NULL REFERENCES queues (id),
  campaign_id uuid,
  joined_at timestamptz NOT NULL,
  -- The agent mod_callcenter bridged (bridge-agent-start) and when; when the bridge ended.
  agent_id uuid REFERENCES agents (id),
  answered_at timestamptz,
  talk_ended_at timestamptz,
  left_at timestamptz,
  cancel_reason text,
  -- Null while the caller is in the queue (or talking to its agent); set when the entry closes.
  outcome text CHECK (outcome IN ('ANSWERED', 'ABANDONED', 'FLOWED_OUT')),
  transferred_out boolean NOT NULL DEFAULT false,
  -- The answering agent's wrap-up after this entry, in milliseconds.
  wrap_up_ms bigint CHECK (wrap_up_ms >= 0),
  -- The queue's thresholds when the call was offered: a later change does not rewrite history.
  service_level_seconds integer NOT NULL,
  short_abandon_seconds integer NOT NULL,
  CHECK (outcome IS NULL OR left_at IS NOT NULL)
);
SELECT app_enable_tenant_rls('queue_entries');
GRANT SELECT, INSERT, UPDATE ON queue_entries TO callcenter_app, callcenter_platform;
CREATE INDEX queue_entries_call_idx ON queue_entries (call_id, joined_at);
CREATE INDEX queue_entries_queue_idx ON queue_entries (tenant_id, queue_id, joined_at);
CREATE INDEX queue_entries_agent_idx ON queue_entries (tenant_id, agent_id, answered_at DESC) WHERE agent_id IS NOT NULL;
CREATE INDEX queue_entries_open_idx ON queue_entries (tenant_id, joined_at) WHERE outcome IS NULL;
