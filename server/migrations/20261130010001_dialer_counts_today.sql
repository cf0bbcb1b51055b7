-- The dialer's tick read today's answered and abandoned attempts of every campaign it owns by
-- counting them (two correlated counts per campaign and tick, decision 0051). The attempts' steps
-- now keep the counts under the state row's lock, with the day (in the campaign's time zone) they
-- belong to; a count of another day reads as 0 and the next step starts the new day at 1.
ALTER TABLE campaign_dialer_state
  ADD COLUMN answered_today integer NOT NULL DEFAULT 0 CHECK (answered_today >= 0),
  ADD COLUMN abandoned_today integer NOT NULL DEFAULT 0 CHECK (abandoned_today >= 0),
  ADD COLUMN counts_day date;

-- Today's counts so far, as the tick counted them.
UPDATE campaign_dialer_state s
   SET counts_day = (now() AT TIME ZONE c.timezone)::date,
       answered_today = (SELECT count(*) FILTER (WHERE a.answered_at IS NOT NULL) FROM dial_attempts a
         WHERE a.campaign_id = c.id AND a.created_at >= (date_trunc('day', now() AT TIME ZONE c.timezone) AT TIME ZONE c.timezone)),
       abandoned_today = (SELECT count(*) FILTER (WHERE a.outcome = 'ABANDONED') FROM dial_attempts a
         WHERE a.campaign_id = c.id AND a.created_at >= (date_trunc('day', now() AT TIME ZONE c.timezone) AT TIME ZONE c.timezone))
  FROM campaigns c
 WHERE c.id = s.campaign_id;
