-- Phone numbers (DIDs) become a platform-managed inventory (decision 0063): a platform user assigns
-- a number to one tenant; the unique index is the one guard across tenants and concurrent requests.
-- Tenants read their own numbers; only the platform role assigns and releases them.
CREATE TABLE phone_numbers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  number text NOT NULL CHECK (number ~ '^\+[1-9][0-9]{6,14}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX phone_numbers_number_key ON phone_numbers (number);
CREATE INDEX phone_numbers_tenant_idx ON phone_numbers (tenant_id, number);
SELECT app_enable_tenant_rls('phone_numbers');
GRANT SELECT ON phone_numbers TO callcenter_app;
GRANT SELECT, INSERT, DELETE ON phone_numbers TO callcenter_platform;

-- The written forms stored so far, as E.164 (the same reading as @callcenter/rules/phone for the
-- forms people used: +55…, 55…, 0 + area code, area code + number). Used by this migration only.
CREATE FUNCTION pg_temp.e164_of(written text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE
  AS $$
DECLARE
  digits text := regexp_replace(coalesce(written, ''), '[^0-9]', '', 'g');
BEGIN
  IF digits ~ '^00' THEN digits := substr(digits, 3);
  ELSIF left(btrim(written), 1) = '+' THEN
    RETURN CASE WHEN digits ~ '^[1-9][0-9]{6,14}$' THEN '+' || digits END;
  END IF;
  IF digits ~ '^55[1-9][0-9]{9,10}$' THEN RETURN '+' || digits; END IF;
  IF digits ~ '^0[1-9][0-9]{9,10}$' THEN RETURN '+55' || substr(digits, 2); END IF;
  IF digits ~ '^[1-9][0-9]{9,10}$' THEN RETURN '+55' || digits; END IF;
  RETURN NULL;
END $$;

-- Routes: one per number among live routes (a released number may be routed by its next tenant;
-- the inventory now says who owns it). A row whose E.164 form another row already has keeps its
-- old spelling rather than failing the migration.
DROP INDEX inbound_routes_did_key;
DO $$
DECLARE
  route record;
BEGIN
  FOR route IN SELECT id, pg_temp.e164_of(did_number) AS e164 FROM inbound_routes
    WHERE pg_temp.e164_of(did_number) IS NOT NULL AND pg_temp.e164_of(did_number) <> did_number
    ORDER BY deleted_at NULLS FIRST, created_at
  LOOP
    IF NOT EXISTS (SELECT 1 FROM inbound_routes WHERE did_number = route.e164 AND deleted_at IS NULL) THEN
      UPDATE inbound_routes SET did_number = route.e164 WHERE id = route.id;
    END IF;
  END LOOP;
END $$;
CREATE UNIQUE INDEX inbound_routes_did_key ON inbound_routes ((ltrim(did_number, '+'))) WHERE deleted_at IS NULL;

-- Existing live routes become assignments of their tenant (the oldest route wins a number).
INSERT INTO phone_numbers (tenant_id, number)
SELECT DISTINCT ON (did_number) tenant_id, did_number FROM inbound_routes
WHERE deleted_at IS NULL AND did_number ~ '^\+[1-9][0-9]{6,14}$'
ORDER BY did_number, created_at
ON CONFLICT DO NOTHING;

-- Campaign caller IDs: E.164, and a number of the tenant unless another tenant already holds it.
UPDATE campaigns SET caller_id = pg_temp.e164_of(caller_id) WHERE pg_temp.e164_of(caller_id) IS NOT NULL;
INSERT INTO phone_numbers (tenant_id, number)
SELECT DISTINCT ON (caller_id) tenant_id, caller_id FROM campaigns
WHERE deleted_at IS NULL AND caller_id ~ '^\+[1-9][0-9]{6,14}$'
ORDER BY caller_id, created_at
ON CONFLICT DO NOTHING;
DROP FUNCTION pg_temp.e164_of(text);
