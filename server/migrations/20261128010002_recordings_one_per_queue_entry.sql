-- A call passed through two recorded queues has two recordings (decision 0041): one row per file
-- the switch records (RECORD_START/STOP of one path), numbered in the call's order. The first keeps
-- the specification's storage key <call id>.wav, the next ones <call id>-<n>.wav.
ALTER TABLE recordings DROP CONSTRAINT recordings_call_id_key;
ALTER TABLE recordings ADD COLUMN seq integer NOT NULL DEFAULT 1 CHECK (seq >= 1);
ALTER TABLE recordings ADD CONSTRAINT recordings_call_seq_key UNIQUE (call_id, seq);
-- The same file named twice (a START and its STOP, or an event replayed) is one recording.
CREATE UNIQUE INDEX recordings_call_switch_path_key ON recordings (call_id, switch_path);
