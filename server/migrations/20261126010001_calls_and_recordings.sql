-- Call records built from the switch's events (docs/calls.md defines every field and time).
-- A call's id is the switch's Unique-ID of its main leg; legs are its channels; call_events keep
-- the raw events (bounded) for the timeline; recordings are the stored audio of a call.
CREATE TABLE calls (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  direction text NOT NULL CHECK (direction IN ('INBOUND', 'OUTBOUND', 'INTERNAL')),
  caller_number text,
  caller_name text,
  -- What was dialed: the DID of an inbound call, the customer's number of an outbound one.
  called_number text,
  extension_id uuid REFERENCES extensions (id),
  trunk_id uuid REFERENCES trunks (id),
  queue_id uuid REFERENCES queues (id),
  agent_id uuid REFERENCES agents (id),
  -- The dialer's (svc_attempt_id, svc_campaign_id, svc_lead_id); their tables come with the dialer.
  attempt_id uuid,
  campaign_id uuid,
  lead_id uuid,
  created_at timestamptz NOT NULL,
  answer_at timestamptz,
  queued_at timestamptz,
  queue_left_at timestamptz,
  -- mod_callcenter's member-queue-end: CC-Cause (Terminated, Cancel) and CC-Cancel-Reason.
  queue_cause text,
  queue_cancel_reason text,
  bridged_at timestamptz,
  ended_at timestamptz,
  ring_time integer CHECK (ring_time >= 0),
  wait_time integer CHECK (wait_time >= 0),
  talk_time integer CHECK (talk_time >= 0),
  duration_seconds integer CHECK (duration_seconds >= 0),
  billable_seconds integer CHECK (billable_seconds >= 0),
  hangup_cause text,
  disposition_id uuid REFERENCES dispositions (id),
  disposition text,
  disposition_by uuid REFERENCES users (id),
  disposition_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER calls_touch BEFORE UPDATE ON calls FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();
SELECT app_enable_tenant_rls('calls');
GRANT SELECT, INSERT, UPDATE ON calls TO callcenter_app, callcenter_platform;
-- The list is newest first within a tenant; each filter has an index that keeps that order.
CREATE INDEX calls_tenant_created_idx ON calls (tenant_id, created_at DESC, id DESC);
CREATE INDEX calls_in_progress_idx ON calls (tenant_id, created_at DESC) WHERE ended_at IS NULL;
CREATE INDEX calls_agent_idx ON calls (tenant_id, agent_id, created_at DESC) WHERE agent_id IS NOT NULL;
CREATE INDEX calls_queue_idx ON calls (tenant_id, queue_id, created_at DESC) WHERE queue_id IS NOT NULL;
CREATE INDEX calls_campaign_idx ON calls (tenant_id, campaign_id, created_at DESC) WHERE campaign_id IS NOT NULL;
CREATE INDEX calls_trunk_idx ON calls (tenant_id, trunk_id, created_at DESC) WHERE trunk_id IS NOT NULL;
CREATE INDEX calls_extension_idx ON calls (tenant_id, extension_id, created_at DESC) WHERE extension_id IS NOT NULL;
CREATE INDEX calls_caller_idx ON calls (tenant_id, caller_number, created_at DESC);
CREATE INDEX calls_called_idx ON calls (tenant_id, called_number, created_at DESC);
CREATE INDEX calls_hangup_cause_idx ON calls (tenant_id, hangup_cause, created_at DESC);
CREATE INDEX calls_disposition_idx ON calls (tenant_id, disposition, created_at DESC) WHERE disposition IS NOT NULL;

-- One per channel of the call (the caller's, an agent's, a trunk's...).
CREATE TABLE call_legs (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  call_id uuid NOT NULL REFERENCES calls (id),
  -- The switch's Call-Direction of the channel: inbound (it called the switch) or outbound.
  direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
  channel_name text,
  caller_number text,
  destination_number text,
  extension_id uuid REFERENCES extensions (id),
  agent_id uuid REFERENCES agents (id),
  created_at timestamptz NOT NULL,
  answered_at timestamptz,
  bridged_at timestamptz,
  ended_at timestamptz,
  hangup_cause text
);
SELECT app_enable_tenant_rls('call_legs');
GRANT SELECT, INSERT, UPDATE ON call_legs TO callcenter_app, callcenter_platform;
CREATE INDEX call_legs_call_idx ON call_legs (call_id, created_at);

-- The raw events of a call, in the switch's order, for its timeline. `event_key` identifies one
-- event of the switch (so one seen twice after a reconnect is stored once); `headers` is bounded.
CREATE TABLE call_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  call_id uuid NOT NULL REFERENCES calls (id),
  leg_id uuid,
  name text NOT NULL,
  event_key text NOT NULL,
  occurred_at timestamptz NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}',
  UNIQUE (call_id, event_key)
);
SELECT app_enable_tenant_rls('call_events');
GRANT SELECT, INSERT ON call_events TO callcenter_app, callcenter_platform;
CREATE INDEX call_events_call_idx ON call_events (call_id, occurred_at);

-- The recorded audio of a call. The storage key and the switch-side path never leave the server.
CREATE TABLE recordings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  call_id uuid NOT NULL UNIQUE REFERENCES calls (id),
  -- RECORDING while the switch writes it; AVAILABLE once checked and stored; FAILED when the file
  -- was missing or not the expected format; DELETED after retention (the row stays).
  status text NOT NULL DEFAULT 'RECORDING' CHECK (status IN ('RECORDING', 'AVAILABLE', 'FAILED', 'DELETED')),
  switch_path text,
  storage_key text,
  size_bytes bigint CHECK (size_bytes >= 0),
  duration_seconds numeric(10, 3) CHECK (duration_seconds >= 0),
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  stored_at timestamptz,
  retention_until timestamptz,
  deleted_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER recordings_touch BEFORE UPDATE ON recordings FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();
SELECT app_enable_tenant_rls('recordings');
GRANT SELECT, INSERT, UPDATE ON recordings TO callcenter_app, callcenter_platform;
CREATE INDEX recordings_tenant_created_idx ON recordings (tenant_id, created_at DESC, id DESC);
CREATE INDEX recordings_retention_idx ON recordings (retention_until) WHERE status = 'AVAILABLE';
