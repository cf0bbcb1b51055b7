-- Outbound campaigns (decision 0039). The dialer reads them; leads, imports and suppression come
-- with their own migrations.
CREATE TABLE campaigns (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  queue_id uuid NOT NULL REFERENCES queues (id),
  trunk_id uuid NOT NULL REFERENCES trunks (id),
  -- Dial level: lines per available agent, as a range the dialer keeps within.
  pacing_min double precision NOT NULL CHECK (pacing_min >= 1 AND pacing_min <= 10),
  pacing_max double precision NOT NULL CHECK (pacing_max >= 1 AND pacing_max <= 10),
  recording_enabled boolean NOT NULL DEFAULT false,
  timezone text NOT NULL DEFAULT 'America/Sao_Paulo',
  caller_id text CHECK (caller_id ~ '^\+?[0-9]{3,20}$'),
  max_attempts integer NOT NULL DEFAULT 3 CHECK (max_attempts BETWEEN 1 AND 20),
  -- Calling windows per weekday in the campaign's time zone: {"mon": [{"start": "09:00", "end": "18:00"}], …}.
  schedule jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'DRAFT'
    CHECK (status IN ('DRAFT', 'READY', 'RUNNING', 'WAITING_SCHEDULE', 'PAUSED', 'DRAINING', 'STOPPED', 'COMPLETED')),
  status_changed_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (pacing_min <= pacing_max),
  UNIQUE (tenant_id, name)
);
CREATE TRIGGER campaigns_touch BEFORE UPDATE ON campaigns FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();
SELECT app_enable_tenant_rls('campaigns');
GRANT SELECT, INSERT, UPDATE ON campaigns TO callcenter_app, callcenter_platform;
-- The dialer's scan: campaigns it works on, over every tenant.
CREATE INDEX campaigns_dialable_idx ON campaigns (status) WHERE deleted_at IS NULL AND status IN ('RUNNING', 'WAITING_SCHEDULE');
