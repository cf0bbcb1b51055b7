-- The agent report's answered calls, talk and wrap-up per agent without queue and campaign
-- (decision 0091): read unless the report is filtered by queue or campaign, so its rows per interval
-- are bounded by the tenant's agents, not by the queue × agent × campaign combinations the traffic
-- fills in. Kept by the queue entries' trigger function, after the queue × campaign row and before
-- the fine row (the one lock order of 20261204010001).

CREATE TABLE report_agent_call_intervals (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  bucket timestamptz NOT NULL,
  agent_id uuid NOT NULL,
  answered integer NOT NULL DEFAULT 0,
  talk_ms bigint NOT NULL DEFAULT 0,
  wrap_up_ms bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, bucket, agent_id)
);
SELECT app_enable_tenant_rls('report_agent_call_intervals'::regclass);
GRANT SELECT, INSERT, UPDATE ON report_agent_call_intervals TO callcenter_app, callcenter_platform;
GRANT DELETE ON report_agent_call_intervals TO callcenter_platform;

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

CREATE OR REPLACE FUNCTION app_reports_coarse_from_fine(tenant uuid) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM report_queue_campaign_intervals WHERE tenant_id = tenant;
  DELETE FROM report_campaign_disposition_intervals WHERE tenant_id = tenant;
  DELETE FROM report_agent_call_intervals WHERE tenant_id = tenant;

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
END $$;

-- Rows for what the fine rollups already hold.
INSERT INTO report_agent_call_intervals (tenant_id, bucket, agent_id, answered, talk_ms, wrap_up_ms)
SELECT tenant_id, bucket, agent_id, sum(answered), sum(talk_ms), sum(wrap_up_ms)
FROM report_queue_intervals WHERE agent_id IS NOT NULL
GROUP BY tenant_id, bucket, agent_id;
ANALYZE report_agent_call_intervals;
