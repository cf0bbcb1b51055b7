-- Coarse rollups beside the fine ones (decision 0091). The fine rows carry the answering agent (and,
-- for dispositions, the queue), so their number per interval grows with the traffic: every
-- combination fills in. A report not filtered by what a coarse table leaves out reads it instead,
-- whose rows per interval are bounded by the tenant's queues, agents and campaigns:
--   report_queue_campaign_intervals: the queue rollup without the agent (queue report, dashboard,
--     wallboard).
--   report_agent_call_intervals: an agent's answered queue calls, talk and wrap-up, without queue
--     and campaign (agent report).
--   report_campaign_disposition_intervals: dispositions of campaign calls without queue and agent.
--   report_campaign_disposition_hours: the same per UTC hour, read when every interval of a period
--     is made of whole hours (a fourth of the quarter-hour rows).
-- The same trigger functions keep them, in the same transaction. The coarsest row is written first
-- and the fine row last, so a writer of a fine row always holds the coarse rows above it: one lock
-- order, and two writers of fine rows under one coarse row queue on it instead of deadlocking.
-- Hours are truncated in UTC whatever the session's TimeZone.

CREATE TABLE report_queue_campaign_intervals (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  bucket timestamptz NOT NULL,
  queue_id uuid NOT NULL,
  campaign_id uuid,
  offered integer NOT NULL DEFAULT 0,
  answered integer NOT NULL DEFAULT 0,
  answered_in_sl integer NOT NULL DEFAULT 0,
  abandoned integer NOT NULL DEFAULT 0,
  abandoned_short integer NOT NULL DEFAULT 0,
  flowed_out integer NOT NULL DEFAULT 0,
  transferred_out integer NOT NULL DEFAULT 0,
  wait_answered_ms bigint NOT NULL DEFAULT 0,
  wait_abandoned_ms bigint NOT NULL DEFAULT 0,
  wait_max_ms bigint NOT NULL DEFAULT 0,
  talk_ms bigint NOT NULL DEFAULT 0,
  wrap_ups integer NOT NULL DEFAULT 0,
  wrap_up_ms bigint NOT NULL DEFAULT 0,
  UNIQUE NULLS NOT DISTINCT (tenant_id, bucket, queue_id, campaign_id)
);

CREATE TABLE report_campaign_disposition_intervals (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  bucket timestamptz NOT NULL,
  campaign_id uuid NOT NULL,
  disposition_id uuid NOT NULL,
  calls integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, bucket, campaign_id, disposition_id)
);

CREATE TABLE report_agent_call_intervals (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  bucket timestamptz NOT NULL,
  agent_id uuid NOT NULL,
  answered integer NOT NULL DEFAULT 0,
  talk_ms bigint NOT NULL DEFAULT 0,
  wrap_up_ms bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, bucket, agent_id)
);
CREATE TABLE report_campaign_disposition_hours (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  hour timestamptz NOT NULL,
  campaign_id uuid NOT NULL,
  disposition_id uuid NOT NULL,
  calls integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, hour, campaign_id, disposition_id)
);
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['report_queue_campaign_intervals', 'report_agent_call_intervals',
    'report_campaign_disposition_intervals', 'report_campaign_disposition_hours']
  LOOP
    PERFORM app_enable_tenant_rls(t::regclass);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE ON %I TO callcenter_app, callcenter_platform', t);
    EXECUTE format('GRANT DELETE ON %I TO callcenter_platform', t);
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION app_rollup_queue_entry(e queue_entries, sign int) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  f record;
BEGIN
  SELECT * INTO f FROM app_queue_entry_facts(e);
  IF NOT FOUND THEN RETURN; END IF;
  INSERT INTO report_queue_campaign_intervals AS r (tenant_id, bucket, queue_id, campaign_id, offered, answered, answered_in_sl,
    abandoned, abandoned_short, flowed_out, transferred_out, wait_answered_ms, wait_abandoned_ms, wait_max_ms, talk_ms, wrap_ups, wrap_up_ms)
  VALUES (e.tenant_id, f.bucket, e.queue_id, e.campaign_id, sign * f.offered, sign * f.answered, sign * f.answered_in_sl,
    sign * f.abandoned, sign * f.abandoned_short, sign * f.flowed_out, sign * f.transferred_out, sign * f.wait_answered_ms,
    sign * f.wait_abandoned_ms, CASE WHEN sign > 0 THEN f.wait_ms ELSE 0 END, sign * f.talk_ms, sign * f.wrap_ups, sign * f.wrap_up_ms)
  ON CONFLICT (tenant_id, bucket, queue_id, campaign_id) DO UPDATE SET
    offered = r.offered + excluded.offered, answered = r.answered + excluded.answered,
    answered_in_sl = r.answered_in_sl + excluded.answered_in_sl, abandoned = r.abandoned + excluded.abandoned,
    abandoned_short = r.abandoned_short + excluded.abandoned_short, flowed_out = r.flowed_out + excluded.flowed_out,
    transferred_out = r.transferred_out + excluded.transferred_out,
    wait_answered_ms = r.wait_answered_ms + excluded.wait_answered_ms,
    wait_abandoned_ms = r.wait_abandoned_ms + excluded.wait_abandoned_ms,
    wait_max_ms = greatest(r.wait_max_ms, excluded.wait_max_ms), talk_ms = r.talk_ms + excluded.talk_ms,
    wrap_ups = r.wrap_ups + excluded.wrap_ups, wrap_up_ms = r.wrap_up_ms + excluded.wrap_up_ms;

  IF e.agent_id IS NOT NULL THEN
    INSERT INTO report_agent_call_intervals AS r (tenant_id, bucket, agent_id, answered, talk_ms, wrap_up_ms)
    VALUES (e.tenant_id, f.bucket, e.agent_id, sign * f.answered, sign * f.talk_ms, sign * f.wrap_up_ms)
    ON CONFLICT (tenant_id, bucket, agent_id) DO UPDATE SET
      answered = r.answered + excluded.answered, talk_ms = r.talk_ms + excluded.talk_ms, wrap_up_ms = r.wrap_up_ms + excluded.wrap_up_ms;
  END IF;

  INSERT INTO report_queue_intervals AS r (tenant_id, bucket, queue_id, agent_id, campaign_id, offered, answered, answered_in_sl,
    abandoned, abandoned_short, flowed_out, transferred_out, wait_answered_ms, wait_abandoned_ms, wait_max_ms, talk_ms, wrap_ups, wrap_up_ms)
  VALUES (e.tenant_id, f.bucket, e.queue_id, e.agent_id, e.campaign_id, sign * f.offered, sign * f.answered, sign * f.answered_in_sl,
    sign * f.abandoned, sign * f.abandoned_short, sign * f.flowed_out, sign * f.transferred_out, sign * f.wait_answered_ms,
    sign * f.wait_abandoned_ms, CASE WHEN sign > 0 THEN f.wait_ms ELSE 0 END, sign * f.talk_ms, sign * f.wrap_ups, sign * f.wrap_up_ms)
  ON CONFLICT (tenant_id, bucket, queue_id, agent_id, campaign_id) DO UPDATE SET
    offered = r.offered + excluded.offered, answered = r.answered + excluded.answered,
    answered_in_sl = r.answered_in_sl + excluded.answered_in_sl, abandoned = r.abandoned + excluded.abandoned,
    abandoned_short = r.abandoned_short + excluded.abandoned_short, flowed_out = r.flowed_out + excluded.flowed_out,
    transferred_out = r.transferred_out + excluded.transferred_out,
    wait_answered_ms = r.wait_answered_ms + excluded.wait_answered_ms,
    wait_abandoned_ms = r.wait_abandoned_ms + excluded.wait_abandoned_ms,
    wait_max_ms = greatest(r.wait_max_ms, excluded.wait_max_ms), talk_ms = r.talk_ms + excluded.talk_ms,
    wrap_ups = r.wrap_ups + excluded.wrap_ups, wrap_up_ms = r.wrap_up_ms + excluded.wrap_up_ms;

  -- A maximum cannot be subtracted: when the retracted wait was the interval's longest, read it
  -- again, the fine row from the entries, then the coarse row from the fine rows under it.
  IF sign < 0 AND f.wait_ms > 0 THEN
    UPDATE report_queue_intervals r SET wait_max_ms = coalesce((
      SELECT max(x.wait_ms) FROM queue_entries q CROSS JOIN LATERAL app_queue_entry_facts(q) x
      WHERE q.tenant_id = e.tenant_id AND q.queue_id = e.queue_id AND q.joined_at >= f.bucket
        AND q.joined_at < f.bucket + interval '15 minutes' AND q.agent_id IS NOT DISTINCT FROM e.agent_id
        AND q.campaign_id IS NOT DISTINCT FROM e.campaign_id AND q.id <> e.id), 0)
    WHERE r.tenant_id = e.tenant_id AND r.bucket = f.bucket AND r.queue_id = e.queue_id
      AND r.agent_id IS NOT DISTINCT FROM e.agent_id AND r.campaign_id IS NOT DISTINCT FROM e.campaign_id
      AND r.wait_max_ms <= f.wait_ms;
    UPDATE report_queue_campaign_intervals r SET wait_max_ms = coalesce((
      SELECT max(x.wait_max_ms) FROM report_queue_intervals x
      WHERE x.tenant_id = e.tenant_id AND x.bucket = f.bucket AND x.queue_id = e.queue_id
        AND x.campaign_id IS NOT DISTINCT FROM e.campaign_id), 0)
    WHERE r.tenant_id = e.tenant_id AND r.bucket = f.bucket AND r.queue_id = e.queue_id
      AND r.campaign_id IS NOT DISTINCT FROM e.campaign_id AND r.wait_max_ms <= f.wait_ms;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION app_rollup_call(c calls, sign int) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF c.ended_at IS NOT NULL THEN
    INSERT INTO report_call_intervals AS r (tenant_id, bucket, direction, calls, answered, billable_seconds, talk_seconds)
    VALUES (c.tenant_id, app_bucket(c.created_at), c.direction, sign, sign * (c.answer_at IS NOT NULL)::int,
      sign * coalesce(c.billable_seconds, 0), sign * coalesce(c.talk_time, 0))
    ON CONFLICT (tenant_id, bucket, direction) DO UPDATE SET calls = r.calls + excluded.calls,
      answered = r.answered + excluded.answered, billable_seconds = r.billable_seconds + excluded.billable_seconds,
      talk_seconds = r.talk_seconds + excluded.talk_seconds;
  END IF;
  IF c.disposition_id IS NOT NULL THEN
    IF c.campaign_id IS NOT NULL THEN
      INSERT INTO report_campaign_disposition_hours AS r (tenant_id, hour, campaign_id, disposition_id, calls)
      VALUES (c.tenant_id, date_trunc('hour', c.created_at, 'UTC'), c.campaign_id, c.disposition_id, sign)
      ON CONFLICT (tenant_id, hour, campaign_id, disposition_id) DO UPDATE SET calls = r.calls + excluded.calls;
      INSERT INTO report_campaign_disposition_intervals AS r (tenant_id, bucket, campaign_id, disposition_id, calls)
      VALUES (c.tenant_id, app_bucket(c.created_at), c.campaign_id, c.disposition_id, sign)
      ON CONFLICT (tenant_id, bucket, campaign_id, disposition_id) DO UPDATE SET calls = r.calls + excluded.calls;
    END IF;
    INSERT INTO report_disposition_intervals AS r (tenant_id, bucket, disposition_id, campaign_id, queue_id, agent_id, calls)
    VALUES (c.tenant_id, app_bucket(c.created_at), c.disposition_id, c.campaign_id, c.queue_id, c.agent_id, sign)
    ON CONFLICT (tenant_id, bucket, disposition_id, campaign_id, queue_id, agent_id) DO UPDATE SET calls = r.calls + excluded.calls;
  END IF;
END $$;

-- The rebuild recomputes the fine rollups from the raw rows as before, then the coarse ones from the
-- fine ones (the same sums; the longest wait is the longest of the fine rows').
ALTER FUNCTION app_reports_rebuild(uuid) RENAME TO app_reports_rebuild_fine;

CREATE FUNCTION app_reports_coarse_from_fine(tenant uuid) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM report_queue_campaign_intervals WHERE tenant_id = tenant;
  DELETE FROM report_campaign_disposition_intervals WHERE tenant_id = tenant;
  DELETE FROM report_agent_call_intervals WHERE tenant_id = tenant;
  DELETE FROM report_campaign_disposition_hours WHERE tenant_id = tenant;

  INSERT INTO report_queue_campaign_intervals (tenant_id, bucket, queue_id, campaign_id, offered, answered, answered_in_sl,
    abandoned, abandoned_short, flowed_out, transferred_out, wait_answered_ms, wait_abandoned_ms, wait_max_ms, talk_ms, wrap_ups, wrap_up_ms)
  SELECT tenant_id, bucket, queue_id, campaign_id, sum(offered), sum(answered), sum(answered_in_sl), sum(abandoned),
    sum(abandoned_short), sum(flowed_out), sum(transferred_out), sum(wait_answered_ms), sum(wait_abandoned_ms), max(wait_max_ms),
    sum(talk_ms), sum(wrap_ups), sum(wrap_up_ms)
  FROM report_queue_intervals WHERE tenant_id = tenant
  GROUP BY tenant_id, bucket, queue_id, campaign_id;

  INSERT INTO report_campaign_disposition_intervals (tenant_id, bucket, campaign_id, disposition_id, calls)
  SELECT tenant_id, bucket, campaign_id, disposition_id, sum(calls)
  FROM report_disposition_intervals WHERE tenant_id = tenant AND campaign_id IS NOT NULL
  GROUP BY tenant_id, bucket, campaign_id, disposition_id;

  INSERT INTO report_agent_call_intervals (tenant_id, bucket, agent_id, answered, talk_ms, wrap_up_ms)
  SELECT tenant_id, bucket, agent_id, sum(answered), sum(talk_ms), sum(wrap_up_ms)
  FROM report_queue_intervals WHERE tenant_id = tenant AND agent_id IS NOT NULL
  GROUP BY tenant_id, bucket, agent_id;

  INSERT INTO report_campaign_disposition_hours (tenant_id, hour, campaign_id, disposition_id, calls)
  SELECT tenant_id, date_trunc('hour', bucket, 'UTC'), campaign_id, disposition_id, sum(calls)
  FROM report_campaign_disposition_intervals WHERE tenant_id = tenant
  GROUP BY 1, 2, 3, 4;
END $$;

CREATE FUNCTION app_reports_rebuild(tenant uuid) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM app_reports_rebuild_fine(tenant);
  PERFORM app_reports_coarse_from_fine(tenant);
END $$;

-- Coarse rows for what the fine rollups already hold, and their statistics now: until autovacuum
-- gets to them the planner would take the new tables for empty.
SELECT app_reports_coarse_from_fine(id) FROM tenants;
ANALYZE report_queue_campaign_intervals;
ANALYZE report_agent_call_intervals;
ANALYZE report_campaign_disposition_intervals;
ANALYZE report_campaign_disposition_hours;
