-- The dialer takes fresh leads oldest first (decision 0044's order): without an index of its own
-- that pick sorts every fresh lead of the campaign on each tick.
CREATE INDEX leads_fresh_order_idx ON leads (campaign_id, created_at, id) WHERE status = 'READY' AND next_attempt_at IS NULL;
