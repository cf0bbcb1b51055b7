CREATE TABLE queues (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  name text NOT NULL,
  strategy text NOT NULL DEFAULT 'ROUND_ROBIN'
    CHECK (strategy IN ('RING_ALL', 'LONGEST_IDLE_AGENT', 'ROUND_ROBIN', 'TOP_DOWN', 'AGENT_WITH_LEAST_TALK_TIME',
                        'AGENT_WITH_FEWEST_CALLS', 'SEQUENTIALLY_BY_AGENT_ORDER', 'RANDOM', 'RING_PROGRESSIVELY')),
  music_on_hold text NOT NULL DEFAULT 'local_stream://moh',
  announce_sound text,
  announce_frequency integer CHECK (announce_frequency >= 0),
  max_wait_time integer NOT NULL DEFAULT 0 CHECK (max_wait_time >= 0),
  tier_rules_apply boolean NOT NULL DEFAULT false,
  tier_rule_wait_second integer NOT NULL DEFAULT 300 CHECK (tier_rule_wait_second >= 0),
  tier_rule_wait_multiply_level boolean NOT NULL DEFAULT true,
  tier_rule_no_agent_no_wait boolean NOT NULL DEFAULT false,
  discard_abandoned_after integer NOT NULL DEFAULT 60 CHECK (discard_abandoned_after >= 0),
  skip_agents_with_external_calls boolean NOT NULL DEFAULT true,
  recording_enabled boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, name)
);
CREATE TRIGGER queues_touch BEFORE UPDATE ON queues FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();
SELECT app_enable_tenant_rls('queues');
GRANT SELECT, INSERT, UPDATE ON queues TO callcenter_app, callcenter_platform;

-- The switch-facing state of an agent is driven by the switch and by login/pause/resume/logout;
-- never written directly through the API.
CREATE TABLE agents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  user_id uuid NOT NULL REFERENCES users (id),
  extension_id uuid NOT NULL REFERENCES extensions (id),
  name text,
  state text NOT NULL DEFAULT 'LOGGED_OUT'
    CHECK (state IN ('LOGGED_OUT', 'AVAILABLE', 'PAUSED', 'RESERVED', 'RINGING', 'IN_CALL', 'WRAP_UP', 'ON_EXTERNAL_CALL')),
  state_changed_at timestamptz NOT NULL DEFAULT now(),
  wrap_up_seconds integer NOT NULL DEFAULT 10 CHECK (wrap_up_seconds BETWEEN 0 AND 3600),
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, user_id),
  UNIQUE (extension_id)
);
CREATE TRIGGER agents_touch BEFORE UPDATE ON agents FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();
SELECT app_enable_tenant_rls('agents');
GRANT SELECT, INSERT, UPDATE ON agents TO callcenter_app, callcenter_platform;

CREATE TABLE queue_tiers (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  queue_id uuid NOT NULL REFERENCES queues (id),
  agent_id uuid NOT NULL REFERENCES agents (id),
  level integer NOT NULL DEFAULT 1 CHECK (level BETWEEN 1 AND 99),
  position integer NOT NULL DEFAULT 1 CHECK (position BETWEEN 1 AND 999),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (queue_id, agent_id)
);
SELECT app_enable_tenant_rls('queue_tiers');
GRANT SELECT, INSERT, UPDATE, DELETE ON queue_tiers TO callcenter_app, callcenter_platform;

CREATE TABLE pause_reasons (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  code text NOT NULL CHECK (code ~ '^[A-Za-z0-9_-]{1,40}$'),
  name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, code)
);
CREATE TRIGGER pause_reasons_touch BEFORE UPDATE ON pause_reasons FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();
SELECT app_enable_tenant_rls('pause_reasons');
GRANT SELECT, INSERT, UPDATE ON pause_reasons TO callcenter_app, callcenter_platform;

CREATE TABLE dispositions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  code text NOT NULL CHECK (code ~ '^[A-Za-z0-9_-]{1,40}$'),
  name text NOT NULL,
  action text NOT NULL DEFAULT 'NONE' CHECK (action IN ('NONE', 'CALLBACK', 'DO_NOT_CALL', 'SUCCESS')),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, code)
);
CREATE TRIGGER dispositions_touch BEFORE UPDATE ON dispositions FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();
SELECT app_enable_tenant_rls('dispositions');
GRANT SELECT, INSERT, UPDATE ON dispositions TO callcenter_app, callcenter_platform;

-- One login-to-logout cycle; its transitions and pauses, each with a start and an end.
CREATE TABLE agent_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  agent_id uuid NOT NULL REFERENCES agents (id),
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
CREATE UNIQUE INDEX agent_sessions_one_open ON agent_sessions (agent_id) WHERE ended_at IS NULL;
SELECT app_enable_tenant_rls('agent_sessions');
GRANT SELECT, INSERT, UPDATE ON agent_sessions TO callcenter_app, callcenter_platform;

CREATE TABLE agent_state_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  agent_id uuid NOT NULL REFERENCES agents (id),
  session_id uuid REFERENCES agent_sessions (id),
  from_state text NOT NULL,
  to_state text NOT NULL,
  cause text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
CREATE INDEX agent_state_events_agent_idx ON agent_state_events (agent_id, started_at DESC);
SELECT app_enable_tenant_rls('agent_state_events');
GRANT SELECT, INSERT, UPDATE ON agent_state_events TO callcenter_app, callcenter_platform;

CREATE TABLE agent_pause_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  agent_id uuid NOT NULL REFERENCES agents (id),
  session_id uuid REFERENCES agent_sessions (id),
  pause_reason_id uuid NOT NULL REFERENCES pause_reasons (id),
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
CREATE UNIQUE INDEX agent_pause_events_one_open ON agent_pause_events (agent_id) WHERE ended_at IS NULL;
SELECT app_enable_tenant_rls('agent_pause_events');
GRANT SELECT, INSERT, UPDATE ON agent_pause_events TO callcenter_app, callcenter_platform;
