-- Every per-agent setting of mod_callcenter, beside the wrap-up time: how many unanswered offers
-- put the agent on break (0: never), and how long the agent rests after rejecting, being busy or
-- not answering an offer. The defaults are mod_callcenter's own (0), so nothing changes for agents
-- that exist already.
ALTER TABLE agents
  ADD COLUMN max_no_answer integer NOT NULL DEFAULT 0 CHECK (max_no_answer BETWEEN 0 AND 100),
  ADD COLUMN reject_delay_seconds integer NOT NULL DEFAULT 0 CHECK (reject_delay_seconds BETWEEN 0 AND 3600),
  ADD COLUMN busy_delay_seconds integer NOT NULL DEFAULT 0 CHECK (busy_delay_seconds BETWEEN 0 AND 3600),
  ADD COLUMN no_answer_delay_seconds integer NOT NULL DEFAULT 0 CHECK (no_answer_delay_seconds BETWEEN 0 AND 3600);
