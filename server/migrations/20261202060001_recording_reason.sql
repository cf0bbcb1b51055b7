-- Why a recording was made, so the console can say which setting recorded a call (decision 0082):
-- CAMPAIGN (the campaign's recordingEnabled), QUEUE (the queue's own setting) or DIALPLAN (a
-- record_session in one of the tenant's dialplan rules). Recordings made before this column: null.
ALTER TABLE recordings ADD COLUMN reason text CHECK (reason IN ('CAMPAIGN', 'QUEUE', 'DIALPLAN'));
