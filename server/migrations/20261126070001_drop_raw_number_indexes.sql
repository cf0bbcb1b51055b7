-- The phone filter of GET /calls reads the comparison keys (caller_key, called_key) and their
-- indexes (20261126050001); the indexes on the raw numbers served nothing and cost every write.
DROP INDEX calls_caller_idx;
DROP INDEX calls_called_idx;
