-- A dialer call's abandon is never a short abandon (decision 0088). The short-abandon exclusion is
-- for an inbound caller who hung up within a few seconds, before the queue had a chance; a
-- customer the dialer called, who answered and reached no agent, was abandoned by us whenever it
-- ended (the dialer drops it after the campaign's abandon_after_seconds, 2 s by default, well
-- inside the 5 s short-abandon default), and must weigh on the abandon rate and the service level.
-- Only this line of app_queue_entry_facts changes; the rollups are then recomputed.
CREATE OR REPLACE FUNCTION app_queue_entry_facts(e queue_entries)
  RETURNS TABLE (bucket timestamptz, offered int, answered int, answered_in_sl int, abandoned int, abandoned_short int,
                 flowed_out int, transferred_out int, wait_answered_ms bigint, wait_abandoned_ms bigint, wait_ms bigint,
                 talk_ms bigint, wrap_ups int, wrap_up_ms bigint)
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT app_bucket(e.joined_at), 1,
    (e.outcome = 'ANSWERED')::int,
    (e.outcome = 'ANSWERED' AND app_ms(e.answered_at - e.joined_at) <= e.service_level_seconds * 1000)::int,
    (e.outcome = 'ABANDONED')::int,
    (e.outcome = 'ABANDONED' AND e.campaign_id IS NULL AND app_ms(e.left_at - e.joined_at) <= e.short_abandon_seconds * 1000)::int,
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

SELECT app_reports_rebuild(id) FROM tenants;
