-- The row rollups (20261203010003) apply at commit rather than at each write (decision 0085): the
-- shared rollup rows (a queue's interval, an agent's quarter hour) are then locked only for the
-- commit, after the transaction's own writes. Two consumers writing the same switch events (two
-- instances, a replay beside the live stream) could otherwise each hold a rollup row the other
-- waits for while waiting for the other's event row: a deadlock that loses a batch.
-- A deferred trigger still sees each write's own OLD and NEW, so the sum of its deltas is the same.
DROP TRIGGER queue_entries_rollup ON queue_entries;
DROP TRIGGER queue_entries_rollup_update ON queue_entries;
DROP TRIGGER agent_state_events_rollup ON agent_state_events;
DROP TRIGGER agent_state_events_rollup_update ON agent_state_events;
DROP TRIGGER agent_state_events_wrap_up ON agent_state_events;
DROP TRIGGER agent_pause_events_rollup ON agent_pause_events;
DROP TRIGGER agent_pause_events_rollup_update ON agent_pause_events;
DROP TRIGGER dial_attempts_rollup ON dial_attempts;
DROP TRIGGER dial_attempts_rollup_update ON dial_attempts;
DROP TRIGGER calls_rollup ON calls;
DROP TRIGGER calls_rollup_update ON calls;
DROP TRIGGER recordings_rollup ON recordings;
DROP TRIGGER recordings_rollup_update ON recordings;
DROP TRIGGER campaign_dialer_samples_rollup ON campaign_dialer_samples;
DROP TRIGGER campaign_dialer_samples_rollup_update ON campaign_dialer_samples;

CREATE CONSTRAINT TRIGGER queue_entries_rollup AFTER INSERT OR DELETE ON queue_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_rollup_trigger();
CREATE CONSTRAINT TRIGGER queue_entries_rollup_update AFTER UPDATE ON queue_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.* AND (OLD.outcome IS NOT NULL OR NEW.outcome IS NOT NULL))
  EXECUTE FUNCTION app_rollup_trigger();

CREATE CONSTRAINT TRIGGER agent_state_events_rollup AFTER INSERT OR DELETE ON agent_state_events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_rollup_trigger();
CREATE CONSTRAINT TRIGGER agent_state_events_rollup_update AFTER UPDATE ON agent_state_events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION app_rollup_trigger();
CREATE CONSTRAINT TRIGGER agent_state_events_wrap_up AFTER INSERT OR UPDATE OF ended_at ON agent_state_events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.to_state = 'WRAP_UP' AND NEW.ended_at IS NOT NULL)
  EXECUTE FUNCTION app_wrap_up_to_entry();

CREATE CONSTRAINT TRIGGER agent_pause_events_rollup AFTER INSERT OR DELETE ON agent_pause_events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_rollup_trigger();
CREATE CONSTRAINT TRIGGER agent_pause_events_rollup_update AFTER UPDATE ON agent_pause_events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION app_rollup_trigger();

CREATE CONSTRAINT TRIGGER dial_attempts_rollup AFTER INSERT OR DELETE ON dial_attempts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_rollup_trigger();
CREATE CONSTRAINT TRIGGER dial_attempts_rollup_update AFTER UPDATE ON dial_attempts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status = 'ENDED' OR NEW.status = 'ENDED')
  EXECUTE FUNCTION app_rollup_trigger();

CREATE CONSTRAINT TRIGGER calls_rollup AFTER INSERT OR DELETE ON calls
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_rollup_trigger();
CREATE CONSTRAINT TRIGGER calls_rollup_update AFTER UPDATE ON calls
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (
    (OLD.ended_at IS NOT NULL OR NEW.ended_at IS NOT NULL OR OLD.disposition_id IS NOT NULL OR NEW.disposition_id IS NOT NULL)
    AND (OLD.ended_at, OLD.answer_at, OLD.billable_seconds, OLD.talk_time, OLD.direction, OLD.created_at, OLD.disposition_id,
         OLD.campaign_id, OLD.queue_id, OLD.agent_id)
      IS DISTINCT FROM (NEW.ended_at, NEW.answer_at, NEW.billable_seconds, NEW.talk_time, NEW.direction, NEW.created_at,
         NEW.disposition_id, NEW.campaign_id, NEW.queue_id, NEW.agent_id))
  EXECUTE FUNCTION app_rollup_trigger();

CREATE CONSTRAINT TRIGGER recordings_rollup AFTER INSERT OR DELETE ON recordings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_rollup_trigger();
CREATE CONSTRAINT TRIGGER recordings_rollup_update AFTER UPDATE ON recordings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((OLD.status, OLD.size_bytes) IS DISTINCT FROM (NEW.status, NEW.size_bytes))
  EXECUTE FUNCTION app_rollup_trigger();

CREATE CONSTRAINT TRIGGER campaign_dialer_samples_rollup AFTER INSERT OR DELETE ON campaign_dialer_samples
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_rollup_trigger();
CREATE CONSTRAINT TRIGGER campaign_dialer_samples_rollup_update AFTER UPDATE ON campaign_dialer_samples
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.dial_level, OLD.attempts, OLD.calls_in_flight) IS DISTINCT FROM (NEW.dial_level, NEW.attempts, NEW.calls_in_flight))
  EXECUTE FUNCTION app_rollup_trigger();
