-- Shared catalog of plans. A NULL limit means no limit.
CREATE TABLE plans (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9_-]{0,62}$'),
  name text NOT NULL,
  max_extensions integer CHECK (max_extensions >= 0),
  max_agents integer CHECK (max_agents >= 0),
  max_trunks integer CHECK (max_trunks >= 0),
  max_queues integer CHECK (max_queues >= 0),
  max_campaigns integer CHECK (max_campaigns >= 0),
  max_cps integer CHECK (max_cps >= 0),
  max_concurrent_calls integer CHECK (max_concurrent_calls >= 0),
  max_monthly_calls integer CHECK (max_monthly_calls >= 0),
  max_recording_storage_gb numeric(12, 3) CHECK (max_recording_storage_gb >= 0),
  recording_retention_days integer NOT NULL DEFAULT 90 CHECK (recording_retention_days >= 1),
  ai_enabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER plans_touch BEFORE UPDATE ON plans FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();

GRANT SELECT ON plans TO callcenter_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON plans TO callcenter_platform;

INSERT INTO plans (id, name, max_extensions, max_agents, max_trunks, max_queues, max_campaigns, max_cps,
                   max_concurrent_calls, max_monthly_calls, max_recording_storage_gb, recording_retention_days, ai_enabled)
VALUES ('trial', 'Trial', 5, 5, 1, 2, 2, 1, 2, 1000, 1, 30, false);
