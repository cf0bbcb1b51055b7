-- GET /calls?phone=: a number matches whatever form the switch wrote it in (+55 11 98765-4321,
-- 011987654321, 5511987654321, 11987654321…). Each stored number gets a comparison key, computed
-- by the database on every write, indexed per tenant in the list's order. The rules are those of
-- phoneKey() in server/src/modules/calls/phone-key.ts (a test checks both agree); docs in
-- docs/decisions/0032-calls-list-filters-and-counts.md.
CREATE FUNCTION app_phone_key(number text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT CASE
      WHEN d = '' THEN NULL
      -- +55 / 0055 and 10 or 11 national digits (area code + subscriber): the national number.
      WHEN length(d) IN (12, 13) AND left(d, 2) = '55' THEN substr(d, 3)
      -- National trunk prefix 0 (0 11 98765-4321).
      WHEN left(d, 1) = '0' AND length(d) IN (11, 12) THEN substr(d, 2)
      -- Trunk prefix and a two-digit carrier code (0 21 11 98765-4321).
      WHEN left(d, 1) = '0' AND length(d) IN (13, 14) THEN substr(d, 4)
      ELSE d
    END
    FROM (SELECT CASE WHEN left(x, 2) = '00' THEN substr(x, 3) ELSE x END AS d
          FROM (SELECT regexp_replace(number, '[^0-9]', '', 'g') AS x) AS digits) AS normalized
  $$;
GRANT EXECUTE ON FUNCTION app_phone_key(text) TO callcenter_app, callcenter_platform;

-- Stored columns, not expression indexes: under row-level security a filter on a function of a
-- column is not a leakproof qual, so PostgreSQL would not use it as an index condition.
ALTER TABLE calls
  ADD COLUMN caller_key text GENERATED ALWAYS AS (app_phone_key(caller_number)) STORED,
  ADD COLUMN called_key text GENERATED ALWAYS AS (app_phone_key(called_number)) STORED;
CREATE INDEX calls_caller_key_idx ON calls (tenant_id, caller_key, created_at DESC) WHERE caller_key IS NOT NULL;
CREATE INDEX calls_called_key_idx ON calls (tenant_id, called_key, created_at DESC) WHERE called_key IS NOT NULL;
