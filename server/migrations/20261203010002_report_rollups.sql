-- Report rollups (docs/reports.md, decision 0085): per tenant and 15-minute interval, kept by
-- triggers in the transaction that writes the raw record. Each raw row's contribution is one SQL
-- function (app_*_facts); a change retracts the old row's contribution and adds the new one's, so
-- a replayed or duplicated write adds nothing and a late one corrects its interval. The rebuild
-- (app_reports_rebuild) sums the same functions over the raw rows. Durations in milliseconds.

CREATE FUNCTION app_bucket(at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_timestamp(floor(extract(epoch FROM at) / 900) * 900) $$;

CREATE FUNCTION app_ms(span interval) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT greatest(0, round(extract(epoch FROM span) * 1000))::bigint $$;

-- ── Queues: one row per interval, queue, answering agent and campaign ─────────────────────────
CREATE TABLE report_queue_intervals (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  bucket timestamptz NOT NULL,
  queue_id uuid NOT NULL,
  agent_id uuid,
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
  UNIQUE NULLS NOT DISTINCT (tenant_id, bucket, queue_id, agent_id, campaign_id)
);

CREATE FUNCTION app_queue_entry_facts(e queue_entries)
  RETURNS TABLE (bucket timestamptz, offered int, answered int, answered_in_sl int, abandoned int, abandoned_short int,
                 flowed_out int, transferred_out int, wait_answered_ms bigint, wait_abandoned_ms bigint, wait_ms bigint,
                 talk_ms bigint, wrap_ups int, wrap_up_ms bigint)
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT app_bucket(e.joined_at), 1,
    (e.outcome = 'ANSWERED')::int,
    (e.outcome = 'ANSWERED' AND app_ms(e.answered_at - e.joined_at) <= e.service_level_seconds * 1000)::int,
    (e.outcome = 'ABANDONED')::int,
    (e.outcome = 'ABANDONED' AND app_ms(e.left_at - e.joined_at) <= e.short_abandon_seconds * 1000)::int,
    (e.outcome = 'FLOWED_OUT')::int,
    (e.outcome = 'ANSWERED' AND e.transferred_out)::int,
    CASE WHEN e.outcome = 'ANSWERED' THEN app_ms(e.answered_at - e.joined_at) ELSE 0 END,
    CASE WHEN e.outcome = 'ABANDONED' THEN app_ms(e.left_at - e.joined_at) ELSE 0 END,
    CASE WHEN e.outcome = 'ANSWERED' THEN app_ms(e.answered_at - e.joined_at)
         WHEN e.outcome = 'ABANDONED' THEN app_ms(e.left_at - e.joined_at) ELSE 0 END,
    CASE WHEN e.outcome = 'ANSWERED' THEN app_ms(coalesce(e.talk_ended_at, e.left_at) - e.answered_at) ELSE 0 END,
    (e.outcome = 'ANSWERED' AND e.wrap_up_ms IS NOT NULL)::int,
    CASE WHEN e.outcome = 'ANSWERED' THEN coalesce(e.wrap_up_ms, 0) ELSE 0 END
  WHERE e.outcome IS NOT NULL
  $$;

CREATE FUNCTION app_rollup_queue_entry(e queue_entries, sign int) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  f record;
BEGIN
  SELECT * INTO f FROM app_queue_entry_facts(e);
  IF NOT FOUND THEN RETURN; END IF;
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
  -- A maximum cannot be subtracted: when the retracted wait was the interval's longest, read it again.
  IF sign < 0 AND f.wait_ms > 0 THEN
    UPDATE report_queue_intervals r SET wait_max_ms = coalesce((
      SELECT max(x.wait_ms) FROM queue_entries q CROSS JOIN LATERAL app_queue_entry_facts(q) x
      WHERE q.tenant_id = e.tenant_id AND q.queue_id = e.queue_id AND q.joined_at >= f.bucket
        AND q.joined_at < f.bucket + interval '15 minutes' AND q.agent_id IS NOT DISTINCT FROM e.agent_id
        AND q.campaign_id IS NOT DISTINCT FROM e.campaign_id AND q.id <> e.id), 0)
    WHERE r.tenant_id = e.tenant_id AND r.bucket = f.bucket AND r.queue_id = e.queue_id
      AND r.agent_id IS NOT DISTINCT FROM e.agent_id AND r.campaign_id IS NOT DISTINCT FROM e.campaign_id
      AND r.wait_max_ms <= f.wait_ms;
  END IF;
END $$;

-- ── Agents: time per state, offers and missed offers; time per pause reason ────────────────────
CREATE TABLE report_agent_intervals (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  bucket timestamptz NOT NULL,
  agent_id uuid NOT NULL,
  state text NOT NULL,
  ms bigint NOT NULL DEFAULT 0,
  entered integer NOT NULL DEFAULT 0,
  missed integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, bucket, agent_id, state)
);

-- A closed state row's time, cut at the 15-minute marks it crosses; the entry into its state; and,
-- when it is the move out of RINGING to anything but IN_CALL, a missed offer.
CREATE FUNCTION app_agent_state_facts(s agent_state_events)
  RETURNS TABLE (bucket timestamptz, state text, ms bigint, entered int, missed int)
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT b, s.to_state, app_ms(least(s.ended_at, b + interval '15 minutes') - greatest(s.started_at, b)), 0, 0
  FROM generate_series(app_bucket(s.started_at), s.ended_at, interval '15 minutes') b
  WHERE s.ended_at IS NOT NULL AND b < s.ended_at
  UNION ALL
  SELECT app_bucket(s.started_at), s.to_state, 0, 1, 0
  UNION ALL
  SELECT app_bucket(s.started_at), 'RINGING', 0, 0, 1 WHERE s.from_state = 'RINGING' AND s.to_state <> 'IN_CALL'
  $$;

CREATE FUNCTION app_rollup_agent_state(s agent_state_events, sign int) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO report_agent_intervals AS r (tenant_id, bucket, agent_id, state, ms, entered, missed)
  SELECT s.tenant_id, f.bucket, s.agent_id, f.state, sign * sum(f.ms), sign * sum(f.entered), sign * sum(f.missed)
  FROM app_agent_state_facts(s) f GROUP BY f.bucket, f.state
  ON CONFLICT (tenant_id, bucket, agent_id, state) DO UPDATE SET
    ms = r.ms + excluded.ms, entered = r.entered + excluded.entered, missed = r.missed + excluded.missed
  $$;

CREATE TABLE report_agent_pause_intervals (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  bucket timestamptz NOT NULL,
  agent_id uuid NOT NULL,
  pause_reason_id uuid NOT NULL,
  ms bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, bucket, agent_id, pause_reason_id)
);

CREATE FUNCTION app_agent_pause_facts(p agent_pause_events) RETURNS TABLE (bucket timestamptz, ms bigint)
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT b, app_ms(least(p.ended_at, b + interval '15 minutes') - greatest(p.started_at, b))
  FROM generate_series(app_bucket(p.started_at), p.ended_at, interval '15 minutes') b
  WHERE p.ended_at IS NOT NULL AND b < p.ended_at
  $$;

CREATE FUNCTION app_rollup_agent_pause(p agent_pause_events, sign int) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO report_agent_pause_intervals AS r (tenant_id, bucket, agent_id, pause_reason_id, ms)
  SELECT p.tenant_id, f.bucket, p.agent_id, p.pause_reason_id, sign * f.ms FROM app_agent_pause_facts(p) f
  ON CONFLICT (tenant_id, bucket, agent_id, pause_reason_id) DO UPDATE SET ms = r.ms + excluded.ms
  $$;

-- ── Campaigns: the dialer's attempts, counted when they end ─────────────────────────────────────
CREATE TABLE report_campaign_intervals (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  bucket timestamptz NOT NULL,
  campaign_id uuid NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  answered integer NOT NULL DEFAULT 0,
  connected integer NOT NULL DEFAULT 0,
  busy integer NOT NULL DEFAULT 0,
  no_answer integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  abandoned integer NOT NULL DEFAULT 0,
  callbacks_completed integer NOT NULL DEFAULT 0,
  wait_ms bigint NOT NULL DEFAULT 0,
  talk_ms bigint NOT NULL DEFAULT 0,
  -- The dialer's minutes of dialing and their dial levels (in thousandths, so sums stay exact).
  dialing_minutes integer NOT NULL DEFAULT 0,
  dial_level_milli bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, bucket, campaign_id)
);

CREATE FUNCTION app_rollup_dialer_sample(m campaign_dialer_samples, sign int) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO report_campaign_intervals AS r (tenant_id, bucket, campaign_id, dialing_minutes, dial_level_milli)
  SELECT m.tenant_id, app_bucket(m.minute), m.campaign_id, sign, sign * round(m.dial_level * 1000)::bigint
  WHERE m.attempts > 0 OR m.calls_in_flight > 0
  ON CONFLICT (tenant_id, bucket, campaign_id) DO UPDATE SET
    dialing_minutes = r.dialing_minutes + excluded.dialing_minutes, dial_level_milli = r.dial_level_milli + excluded.dial_level_milli
  $$;

CREATE FUNCTION app_dial_attempt_facts(a dial_attempts)
  RETURNS TABLE (bucket timestamptz, attempts int, answered int, connected int, busy int, no_answer int, failed int,
                 abandoned int, callbacks_completed int, wait_ms bigint, talk_ms bigint)
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT app_bucket(a.created_at), 1, (a.answered_at IS NOT NULL)::int, (a.outcome = 'CONNECTED')::int,
    (a.outcome = 'BUSY')::int, (a.outcome = 'NO_ANSWER')::int, (a.outcome = 'FAILED')::int, (a.outcome = 'ABANDONED')::int,
    (a.callback AND a.outcome = 'CONNECTED')::int,
    CASE WHEN a.outcome = 'CONNECTED' THEN app_ms(a.connected_at - a.answered_at) ELSE 0 END,
    CASE WHEN a.outcome = 'CONNECTED' THEN app_ms(a.ended_at - a.connected_at) ELSE 0 END
  WHERE a.status = 'ENDED' AND a.outcome IS NOT NULL
  $$;

CREATE FUNCTION app_rollup_dial_attempt(a dial_attempts, sign int) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO report_campaign_intervals AS r (tenant_id, bucket, campaign_id, attempts, answered, connected, busy, no_answer,
    failed, abandoned, callbacks_completed, wait_ms, talk_ms)
  SELECT a.tenant_id, f.bucket, a.campaign_id, sign * f.attempts, sign * f.answered, sign * f.connected, sign * f.busy,
    sign * f.no_answer, sign * f.failed, sign * f.abandoned, sign * f.callbacks_completed, sign * f.wait_ms, sign * f.talk_ms
  FROM app_dial_attempt_facts(a) f
  ON CONFLICT (tenant_id, bucket, campaign_id) DO UPDATE SET
    attempts = r.attempts + excluded.attempts, answered = r.answered + excluded.answered,
    connected = r.connected + excluded.connected, busy = r.busy + excluded.busy, no_answer = r.no_answer + excluded.no_answer,
    failed = r.failed + excluded.failed, abandoned = r.abandoned + excluded.abandoned,
    callbacks_completed = r.callbacks_completed + excluded.callbacks_completed,
    wait_ms = r.wait_ms + excluded.wait_ms, talk_ms = r.talk_ms + excluded.talk_ms
  $$;

-- ── Calls: every ended call by direction (usage, the dashboard); dispositions by who and where ──
CREATE TABLE report_call_intervals (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  bucket timestamptz NOT NULL,
  direction text NOT NULL,
  calls integer NOT NULL DEFAULT 0,
  answered integer NOT NULL DEFAULT 0,
  billable_seconds bigint NOT NULL DEFAULT 0,
  talk_seconds bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, bucket, direction)
);

CREATE TABLE report_disposition_intervals (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  bucket timestamptz NOT NULL,
  disposition_id uuid NOT NULL,
  campaign_id uuid,
  queue_id uuid,
  agent_id uuid,
  calls integer NOT NULL DEFAULT 0,
  UNIQUE NULLS NOT DISTINCT (tenant_id, bucket, disposition_id, campaign_id, queue_id, agent_id)
);

CREATE FUNCTION app_rollup_call(c calls, sign int) RETURNS void
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
    INSERT INTO report_disposition_intervals AS r (tenant_id, bucket, disposition_id, campaign_id, queue_id, agent_id, calls)
    VALUES (c.tenant_id, app_bucket(c.created_at), c.disposition_id, c.campaign_id, c.queue_id, c.agent_id, sign)
    ON CONFLICT (tenant_id, bucket, disposition_id, campaign_id, queue_id, agent_id) DO UPDATE SET calls = r.calls + excluded.calls;
  END IF;
END $$;

-- ── Standing counts: leads by status, stored recording bytes ────────────────────────────────────
CREATE TABLE report_lead_counts (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  campaign_id uuid NOT NULL,
  status text NOT NULL,
  leads integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, campaign_id, status)
);

CREATE FUNCTION app_rollup_lead(l leads, sign int) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO report_lead_counts AS r (tenant_id, campaign_id, status, leads) VALUES (l.tenant_id, l.campaign_id, l.status, sign)
  ON CONFLICT (tenant_id, campaign_id, status) DO UPDATE SET leads = r.leads + excluded.leads
  $$;

CREATE TABLE report_storage (
  tenant_id uuid PRIMARY KEY REFERENCES tenants (id),
  recording_bytes bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION app_rollup_recording(r recordings, sign int) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO report_storage AS s (tenant_id, recording_bytes)
  SELECT r.tenant_id, sign * r.size_bytes WHERE r.status = 'AVAILABLE' AND r.size_bytes IS NOT NULL
  ON CONFLICT (tenant_id) DO UPDATE SET recording_bytes = s.recording_bytes + excluded.recording_bytes
  $$;
