-- GET /calls?phone=: the capped count adds the calls whose caller is the number to those whose
-- called number is it and whose caller is not (decision 0041). Carrying caller_key in the called-key
-- index lets that second half run on the index alone: a number on one call in eight (the tenant's
-- DID) was counted by a table scan stopped at the cap, now by a range of index entries.
DROP INDEX calls_called_key_idx;
CREATE INDEX calls_called_key_idx ON calls (tenant_id, called_key, created_at DESC) INCLUDE (caller_key) WHERE called_key IS NOT NULL;
