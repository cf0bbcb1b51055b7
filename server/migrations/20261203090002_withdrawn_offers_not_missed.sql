-- An offer withdrawn from an agent is not the agent's missed offer (decision 0088): mod_callcenter
-- cancels a ringing agent leg when the caller hangs up or another agent of a ring-all queue answers
-- first (bridge-agent-fail, ORIGINATOR_CANCEL or LOSE_RACE); the consumer marks that move out of
-- RINGING with the cause `offer_withdrawn`. Only the missed line of app_agent_state_facts changes;
-- the rollups are then recomputed.
CREATE OR REPLACE FUNCTION app_agent_state_facts(s agent_state_events)
  RETURNS TABLE (bucket timestamptz, state text, ms bigint, entered int, missed int)
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT b, s.to_state, app_ms(least(s.ended_at, b + interval '15 minutes') - greatest(s.started_at, b)), 0, 0
  FROM generate_series(app_bucket(s.started_at), s.ended_at, interval '15 minutes') b
  WHERE s.ended_at IS NOT NULL AND b < s.ended_at
  UNION ALL
  SELECT app_bucket(s.started_at), s.to_state, 0, 1, 0
  UNION ALL
  SELECT app_bucket(s.started_at), 'RINGING', 0, 0, 1
  WHERE s.from_state = 'RINGING' AND s.to_state <> 'IN_CALL' AND s.cause <> 'offer_withdrawn'
  $$;

SELECT app_reports_rebuild(id) FROM tenants;
