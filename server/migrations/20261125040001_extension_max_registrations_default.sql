-- A phone that restarts registers with a new Call-ID while its previous binding is still alive
-- until it expires; with one binding allowed the switch refused it (403) for that time. New
-- extensions allow 3 (decision 0023). Existing rows keep what is stored: a 1 may have been chosen,
-- and the extension's Edit form changes it.
ALTER TABLE extensions ALTER COLUMN max_registrations SET DEFAULT 3;
