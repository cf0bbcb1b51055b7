-- The predictive dialer (decision 0047): the settings it reads on campaigns, trunks and tenants, its
-- attempts, each campaign's statistics and dial level, and per-minute samples for the charts.

-- Per campaign: its own CPS (the CAMPAIGN bucket; null: no campaign limit), the abandon rate to hold
-- under and after how long an answered customer with no agent counts as abandoned, retry delays in
-- minutes overriding the defaults ({"BUSY": 15, "NO_ANSWER": 60, "FAILED": 30, "ABANDONED": 60}),
-- and the state calling-hour policies the tenant enabled (ids of calling-hours.ts STATE_POLICIES).
ALTER TABLE campaigns
  ADD COLUMN cps_limit integer CHECK (cps_limit BETWEEN 1 AND 1000),
  ADD COLUMN abandon_target double precision NOT NULL DEFAULT 0.03 CHECK (abandon_target > 0 AND abandon_target <= 0.2),
  ADD COLUMN abandon_after_seconds integer NOT NULL DEFAULT 2 CHECK (abandon_after_seconds BETWEEN 1 AND 30),
  ADD COLUMN retry_minutes jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(retry_minutes) = 'object'),
  ADD COLUMN calling_policies text[] NOT NULL DEFAULT '{}';
-- The TRUNK bucket: calls per second the carrier accepts on this trunk (null: no trunk limit).
ALTER TABLE trunks ADD COLUMN cps_limit integer CHECK (cps_limit BETWEEN 1 AND 1000);
-- The short-call guard's threshold: the share of today's connected calls lasting 6 s or less from
-- which pacing lowers and the console warns (Anatel's ceiling is 85%).
ALTER TABLE tenants ADD COLUMN short_call_threshold double precision NOT NULL DEFAULT 0.6
  CHECK (short_call_threshold >= 0.1 AND short_call_threshold < 0.85);

-- One dial of one lead. Written before the originate, so a lead is never dialed twice at once (the
-- partial unique index), also by two dialer processes. call_id is the origination uuid and the id
-- of the call record. owner is the dialer process that placed it (orphan reconciliation).
CREATE TABLE dial_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  campaign_id uuid NOT NULL REFERENCES campaigns (id),
  lead_id uuid NOT NULL REFERENCES leads (id),
  call_id uuid NOT NULL UNIQUE,
  phone text NOT NULL,
  simulated boolean NOT NULL,
  owner text NOT NULL CHECK (length(owner) <= 100),
  status text NOT NULL DEFAULT 'DIALING' CHECK (status IN ('DIALING', 'ANSWERED', 'ENDED')),
  outcome text CHECK (outcome IN ('CONNECTED', 'ABANDONED', 'BUSY', 'NO_ANSWER', 'FAILED')),
  hangup_cause text CHECK (length(hangup_cause) <= 64),
  created_at timestamptz NOT NULL DEFAULT now(),
  answered_at timestamptz,
  connected_at timestamptz,
  ended_at timestamptz,
  CHECK ((status = 'ENDED') = (ended_at IS NOT NULL)),
  CHECK (status <> 'ENDED' OR outcome IS NOT NULL)
);
SELECT app_enable_tenant_rls('dial_attempts');
GRANT SELECT, INSERT, UPDATE ON dial_attempts TO callcenter_app, callcenter_platform;
CREATE UNIQUE INDEX dial_attempts_lead_in_flight_idx ON dial_attempts (lead_id) WHERE ended_at IS NULL;
CREATE INDEX dial_attempts_in_flight_idx ON dial_attempts (campaign_id) WHERE ended_at IS NULL;
CREATE INDEX dial_attempts_campaign_idx ON dial_attempts (campaign_id, created_at DESC);

-- What the dialer learned about a campaign (campaign-statistics.ts, as JSON) and where its
-- feedback holds the dial level; the last pacing decision and compliance figures for the console.
CREATE TABLE campaign_dialer_state (
  campaign_id uuid PRIMARY KEY REFERENCES campaigns (id),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  statistics jsonb NOT NULL,
  dial_level double precision NOT NULL CHECK (dial_level >= 1 AND dial_level <= 10),
  mode text NOT NULL CHECK (mode IN ('PROGRESSIVE', 'PREDICTIVE')),
  last_decision jsonb NOT NULL DEFAULT '{}'::jsonb,
  leads_waiting_window integer NOT NULL DEFAULT 0 CHECK (leads_waiting_window >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
SELECT app_enable_tenant_rls('campaign_dialer_state');
GRANT SELECT, INSERT, UPDATE ON campaign_dialer_state TO callcenter_app, callcenter_platform;

-- One row per campaign and minute while it dials: the console's charts over the last hour. Counts
-- add up within the minute; levels and rates are the minute's last value. Kept 7 days.
CREATE TABLE campaign_dialer_samples (
  campaign_id uuid NOT NULL REFERENCES campaigns (id),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  minute timestamptz NOT NULL,
  dial_level double precision NOT NULL,
  answer_rate double precision,
  abandon_rate double precision,
  calls_in_flight integer NOT NULL DEFAULT 0,
  agents_available integer NOT NULL DEFAULT 0,
  agents_busy integer NOT NULL DEFAULT 0,
  attempts integer NOT NULL DEFAULT 0,
  answered integer NOT NULL DEFAULT 0,
  abandoned integer NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, minute)
);
SELECT app_enable_tenant_rls('campaign_dialer_samples');
GRANT SELECT, INSERT, UPDATE, DELETE ON campaign_dialer_samples TO callcenter_app, callcenter_platform;
