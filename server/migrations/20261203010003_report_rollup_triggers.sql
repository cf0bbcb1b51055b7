-- The triggers that keep the rollups (20261203010002) in the writing transaction, their isolation,
-- and the rebuild from the raw rows.

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['report_queue_intervals', 'report_agent_intervals', 'report_agent_pause_intervals',
    'report_campaign_intervals', 'report_call_intervals', 'report_disposition_intervals', 'report_lead_counts', 'report_storage']
  LOOP
    PERFORM app_enable_tenant_rls(t::regclass);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE ON %I TO callcenter_app, callcenter_platform', t);
    -- The rebuild (a platform task) empties a tenant's rows first.
    EXECUTE format('GRANT DELETE ON %I TO callcenter_platform', t);
  END LOOP;
END $$;

-- One trigger function per raw table: retract the old row's contribution, add the new one's.
CREATE FUNCTION app_rollup_trigger() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    CASE TG_TABLE_NAME
      WHEN 'queue_entries' THEN PERFORM app_rollup_queue_entry(OLD, -1);
      WHEN 'agent_state_events' THEN PERFORM app_rollup_agent_state(OLD, -1);
      WHEN 'agent_pause_events' THEN PERFORM app_rollup_agent_pause(OLD, -1);
      WHEN 'dial_attempts' THEN PERFORM app_rollup_dial_attempt(OLD, -1);
      WHEN 'calls' THEN PERFORM app_rollup_call(OLD, -1);
      WHEN 'leads' THEN PERFORM app_rollup_lead(OLD, -1);
      WHEN 'recordings' THEN PERFORM app_rollup_recording(OLD, -1);
      WHEN 'campaign_dialer_samples' THEN PERFORM app_rollup_dialer_sample(OLD, -1);
    END CASE;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    CASE TG_TABLE_NAME
      WHEN 'queue_entries' THEN PERFORM app_rollup_queue_entry(NEW, 1);
      WHEN 'agent_state_events' THEN PERFORM app_rollup_agent_state(NEW, 1);
      WHEN 'agent_pause_events' THEN PERFORM app_rollup_agent_pause(NEW, 1);
      WHEN 'dial_attempts' THEN PERFORM app_rollup_dial_attempt(NEW, 1);
      WHEN 'calls' THEN PERFORM app_rollup_call(NEW, 1);
      WHEN 'leads' THEN PERFORM app_rollup_lead(NEW, 1);
      WHEN 'recordings' THEN PERFORM app_rollup_recording(NEW, 1);
      WHEN 'campaign_dialer_samples' THEN PERFORM app_rollup_dialer_sample(NEW, 1);
    END CASE;
  END IF;
  RETURN NULL;
END $$;

-- Only writes that can change a contribution fire: an open call's many updates cost nothing here.
CREATE TRIGGER queue_entries_rollup AFTER INSERT OR DELETE ON queue_entries
  FOR EACH ROW EXECUTE FUNCTION app_rollup_trigger();
CREATE TRIGGER queue_entries_rollup_update AFTER UPDATE ON queue_entries
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.* AND (OLD.outcome IS NOT NULL OR NEW.outcome IS NOT NULL))
  EXECUTE FUNCTION app_rollup_trigger();

CREATE TRIGGER agent_state_events_rollup AFTER INSERT OR DELETE ON agent_state_events
  FOR EACH ROW EXECUTE FUNCTION app_rollup_trigger();
CREATE TRIGGER agent_state_events_rollup_update AFTER UPDATE ON agent_state_events
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION app_rollup_trigger();

CREATE TRIGGER agent_pause_events_rollup AFTER INSERT OR DELETE ON agent_pause_events
  FOR EACH ROW EXECUTE FUNCTION app_rollup_trigger();
CREATE TRIGGER agent_pause_events_rollup_update AFTER UPDATE ON agent_pause_events
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION app_rollup_trigger();

CREATE TRIGGER dial_attempts_rollup AFTER INSERT OR DELETE ON dial_attempts
  FOR EACH ROW EXECUTE FUNCTION app_rollup_trigger();
CREATE TRIGGER dial_attempts_rollup_update AFTER UPDATE ON dial_attempts
  FOR EACH ROW WHEN (OLD.status = 'ENDED' OR NEW.status = 'ENDED') EXECUTE FUNCTION app_rollup_trigger();

CREATE TRIGGER calls_rollup AFTER INSERT OR DELETE ON calls
  FOR EACH ROW EXECUTE FUNCTION app_rollup_trigger();
CREATE TRIGGER calls_rollup_update AFTER UPDATE ON calls
  FOR EACH ROW WHEN (
    (OLD.ended_at IS NOT NULL OR NEW.ended_at IS NOT NULL OR OLD.disposition_id IS NOT NULL OR NEW.disposition_id IS NOT NULL)
    AND (OLD.ended_at, OLD.answer_at, OLD.billable_seconds, OLD.talk_time, OLD.direction, OLD.created_at, OLD.disposition_id,
         OLD.campaign_id, OLD.queue_id, OLD.agent_id)
      IS DISTINCT FROM (NEW.ended_at, NEW.answer_at, NEW.billable_seconds, NEW.talk_time, NEW.direction, NEW.created_at,
         NEW.disposition_id, NEW.campaign_id, NEW.queue_id, NEW.agent_id))
  EXECUTE FUNCTION app_rollup_trigger();

CREATE TRIGGER leads_rollup AFTER INSERT OR DELETE ON leads
  FOR EACH ROW EXECUTE FUNCTION app_rollup_trigger();
CREATE TRIGGER leads_rollup_update AFTER UPDATE ON leads
  FOR EACH ROW WHEN ((OLD.status, OLD.campaign_id) IS DISTINCT FROM (NEW.status, NEW.campaign_id))
  EXECUTE FUNCTION app_rollup_trigger();

CREATE TRIGGER recordings_rollup AFTER INSERT OR DELETE ON recordings
  FOR EACH ROW EXECUTE FUNCTION app_rollup_trigger();
CREATE TRIGGER recordings_rollup_update AFTER UPDATE ON recordings
  FOR EACH ROW WHEN ((OLD.status, OLD.size_bytes) IS DISTINCT FROM (NEW.status, NEW.size_bytes))
  EXECUTE FUNCTION app_rollup_trigger();

CREATE TRIGGER campaign_dialer_samples_rollup AFTER INSERT OR DELETE ON campaign_dialer_samples
  FOR EACH ROW EXECUTE FUNCTION app_rollup_trigger();
CREATE TRIGGER campaign_dialer_samples_rollup_update AFTER UPDATE ON campaign_dialer_samples
  FOR EACH ROW WHEN ((OLD.dial_level, OLD.attempts, OLD.calls_in_flight) IS DISTINCT FROM (NEW.dial_level, NEW.attempts, NEW.calls_in_flight))
  EXECUTE FUNCTION app_rollup_trigger();

-- An agent's wrap-up belongs to the queue entry it answered last before it (its queue's wrap-up
-- average): set on that entry when the wrap-up ends, which moves the entry's contribution.
CREATE FUNCTION app_wrap_up_to_entry() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE queue_entries q SET wrap_up_ms = app_ms(NEW.ended_at - NEW.started_at)
  WHERE q.id = (
    SELECT e.id FROM queue_entries e
    WHERE e.tenant_id = NEW.tenant_id AND e.agent_id = NEW.agent_id AND e.answered_at <= NEW.started_at
      AND e.answered_at > NEW.started_at - interval '1 day'
    ORDER BY e.answered_at DESC LIMIT 1)
    AND q.wrap_up_ms IS DISTINCT FROM app_ms(NEW.ended_at - NEW.started_at);
  RETURN NULL;
END $$;
CREATE TRIGGER agent_state_events_wrap_up AFTER INSERT OR UPDATE OF ended_at ON agent_state_events
  FOR EACH ROW WHEN (NEW.to_state = 'WRAP_UP' AND NEW.ended_at IS NOT NULL)
  EXECUTE FUNCTION app_wrap_up_to_entry();

-- The rollups a tenant's raw rows give, table by table (what the triggers keep, summed at once).
-- Used by the rebuild and by the tests that compare the kept rollups with a recomputation.
CREATE FUNCTION app_reports_rebuild(tenant uuid) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM report_queue_intervals WHERE tenant_id = tenant;
  DELETE FROM report_agent_intervals WHERE tenant_id = tenant;
  DELETE FROM report_agent_pause_intervals WHERE tenant_id = tenant;
  DELETE FROM report_campaign_intervals WHERE tenant_id = tenant;
  DELETE FROM report_call_intervals WHERE tenant_id = tenant;
  DELETE FROM report_disposition_intervals WHERE tenant_id = tenant;
  DELETE FROM report_lead_counts WHERE tenant_id = tenant;
  DELETE FROM report_storage WHERE tenant_id = tenant;

  INSERT INTO report_queue_intervals (tenant_id, bucket, queue_id, agent_id, campaign_id, offered, answered, answered_in_sl,
    abandoned, abandoned_short, flowed_out, transferred_out, wait_answered_ms, wait_abandoned_ms, wait_max_ms, talk_ms, wrap_ups, wrap_up_ms)
  SELECT e.tenant_id, f.bucket, e.queue_id, e.agent_id, e.campaign_id, sum(f.offered), sum(f.answered), sum(f.answered_in_sl),
    sum(f.abandoned), sum(f.abandoned_short), sum(f.flowed_out), sum(f.transferred_out), sum(f.wait_answered_ms),
    sum(f.wait_abandoned_ms), max(f.wait_ms), sum(f.talk_ms), sum(f.wrap_ups), sum(f.wrap_up_ms)
  FROM queue_entries e CROSS JOIN LATERAL app_queue_entry_facts(e) f WHERE e.tenant_id = tenant
  GROUP BY e.tenant_id, f.bucket, e.queue_id, e.agent_id, e.campaign_id;

  INSERT INTO report_agent_intervals (tenant_id, bucket, agent_id, state, ms, entered, missed)
  SELECT s.tenant_id, f.bucket, s.agent_id, f.state, sum(f.ms), sum(f.entered), sum(f.missed)
  FROM agent_state_events s CROSS JOIN LATERAL app_agent_state_facts(s) f WHERE s.tenant_id = tenant
  GROUP BY s.tenant_id, f.bucket, s.agent_id, f.state;

  INSERT INTO report_agent_pause_intervals (tenant_id, bucket, agent_id, pause_reason_id, ms)
  SELECT p.tenant_id, f.bucket, p.agent_id, p.pause_reason_id, sum(f.ms)
  FROM agent_pause_events p CROSS JOIN LATERAL app_agent_pause_facts(p) f WHERE p.tenant_id = tenant
  GROUP BY p.tenant_id, f.bucket, p.agent_id, p.pause_reason_id;

  INSERT INTO report_campaign_intervals (tenant_id, bucket, campaign_id, attempts, answered, connected, busy, no_answer, failed,
    abandoned, callbacks_completed, wait_ms, talk_ms)
  SELECT a.tenant_id, f.bucket, a.campaign_id, sum(f.attempts), sum(f.answered), sum(f.connected), sum(f.busy), sum(f.no_answer),
    sum(f.failed), sum(f.abandoned), sum(f.callbacks_completed), sum(f.wait_ms), sum(f.talk_ms)
  FROM dial_attempts a CROSS JOIN LATERAL app_dial_attempt_facts(a) f WHERE a.tenant_id = tenant
  GROUP BY a.tenant_id, f.bucket, a.campaign_id;

  INSERT INTO report_campaign_intervals AS r (tenant_id, bucket, campaign_id, dialing_minutes, dial_level_milli)
  SELECT m.tenant_id, app_bucket(m.minute), m.campaign_id, count(*), sum(round(m.dial_level * 1000))::bigint
  FROM campaign_dialer_samples m WHERE m.tenant_id = tenant AND (m.attempts > 0 OR m.calls_in_flight > 0)
  GROUP BY m.tenant_id, app_bucket(m.minute), m.campaign_id
  ON CONFLICT (tenant_id, bucket, campaign_id) DO UPDATE SET
    dialing_minutes = excluded.dialing_minutes, dial_level_milli = excluded.dial_level_milli;

  INSERT INTO report_call_intervals (tenant_id, bucket, direction, calls, answered, billable_seconds, talk_seconds)
  SELECT c.tenant_id, app_bucket(c.created_at), c.direction, count(*), count(c.answer_at),
    sum(coalesce(c.billable_seconds, 0)), sum(coalesce(c.talk_time, 0))
  FROM calls c WHERE c.tenant_id = tenant AND c.ended_at IS NOT NULL
  GROUP BY c.tenant_id, app_bucket(c.created_at), c.direction;

  INSERT INTO report_disposition_intervals (tenant_id, bucket, disposition_id, campaign_id, queue_id, agent_id, calls)
  SELECT c.tenant_id, app_bucket(c.created_at), c.disposition_id, c.campaign_id, c.queue_id, c.agent_id, count(*)
  FROM calls c WHERE c.tenant_id = tenant AND c.disposition_id IS NOT NULL
  GROUP BY c.tenant_id, app_bucket(c.created_at), c.disposition_id, c.campaign_id, c.queue_id, c.agent_id;

  INSERT INTO report_lead_counts (tenant_id, campaign_id, status, leads)
  SELECT l.tenant_id, l.campaign_id, l.status, count(*) FROM leads l WHERE l.tenant_id = tenant
  GROUP BY l.tenant_id, l.campaign_id, l.status;

  INSERT INTO report_storage (tenant_id, recording_bytes)
  SELECT tenant, coalesce(sum(r.size_bytes), 0) FROM recordings r
  WHERE r.tenant_id = tenant AND r.status = 'AVAILABLE' AND r.size_bytes IS NOT NULL;
END $$;

-- Rollups for the rows written before this migration.
SELECT app_reports_rebuild(id) FROM tenants;
