-- Per-tenant telephony configuration. Unique keys count soft-deleted rows (a number, name or code
-- cannot be reused after deletion); lists filter deleted_at IS NULL.
CREATE TABLE extensions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  number text NOT NULL CHECK (number ~ '^[0-9]{2,8}$'),
  sip_password_sealed text NOT NULL,
  caller_id text,
  context text NOT NULL DEFAULT 'default',
  sip_profile text NOT NULL DEFAULT 'internal',
  codecs text[] NOT NULL DEFAULT ARRAY['PCMA', 'PCMU'],
  max_registrations integer NOT NULL DEFAULT 1 CHECK (max_registrations BETWEEN 1 AND 20),
  call_group text,
  registered_at timestamptz,
  registration_contact text,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, number)
);
CREATE TRIGGER extensions_touch BEFORE UPDATE ON extensions FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();
SELECT app_enable_tenant_rls('extensions');
GRANT SELECT, INSERT, UPDATE ON extensions TO callcenter_app, callcenter_platform;

CREATE TABLE trunks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  name text NOT NULL CHECK (name ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
  host text NOT NULL,
  proxy text,
  realm text,
  register boolean NOT NULL DEFAULT false,
  username text,
  password_sealed text,
  dtmf_mode text NOT NULL DEFAULT 'rfc2833',
  ping integer,
  transport text NOT NULL DEFAULT 'udp',
  status text NOT NULL DEFAULT 'UNKNOWN',
  status_updated_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, name)
);
CREATE TRIGGER trunks_touch BEFORE UPDATE ON trunks FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();
SELECT app_enable_tenant_rls('trunks');
GRANT SELECT, INSERT, UPDATE ON trunks TO callcenter_app, callcenter_platform;

-- A DID belongs to one tenant across the whole platform: it is how an inbound call finds its tenant.
CREATE TABLE inbound_routes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  did_number text NOT NULL CHECK (did_number ~ '^\+?[0-9]{4,15}$'),
  destination_type text NOT NULL CHECK (destination_type IN ('EXTENSION', 'IVR', 'QUEUE', 'CALL_GROUP')),
  destination_number text NOT NULL,
  description text,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX inbound_routes_did_key ON inbound_routes (did_number);
CREATE TRIGGER inbound_routes_touch BEFORE UPDATE ON inbound_routes FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();
SELECT app_enable_tenant_rls('inbound_routes');
GRANT SELECT, INSERT, UPDATE ON inbound_routes TO callcenter_app, callcenter_platform;

-- A tenant cannot see another tenant's DIDs, yet must learn that a DID is taken: this function
-- answers only that, for the caller's check before insert (the unique index is the real guard).
CREATE FUNCTION app_did_taken(did text) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT EXISTS (SELECT 1 FROM inbound_routes WHERE did_number = did) $$;
REVOKE ALL ON FUNCTION app_did_taken(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_did_taken(text) TO callcenter_app;

CREATE TABLE ivr_menus (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  name text NOT NULL,
  context text NOT NULL CHECK (context ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
  greeting text NOT NULL DEFAULT '',
  prompt_object_key text,
  prompt_size_bytes bigint,
  entry_position_x double precision,
  entry_position_y double precision,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, context)
);
CREATE TRIGGER ivr_menus_touch BEFORE UPDATE ON ivr_menus FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();
SELECT app_enable_tenant_rls('ivr_menus');
GRANT SELECT, INSERT, UPDATE ON ivr_menus TO callcenter_app, callcenter_platform;

CREATE TABLE ivr_options (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  menu_id uuid NOT NULL REFERENCES ivr_menus (id) ON DELETE CASCADE,
  digit text NOT NULL CHECK (digit ~ '^[0-9*#]$'),
  target_extension text NOT NULL,
  label text,
  position_x double precision,
  position_y double precision,
  UNIQUE (menu_id, digit)
);
SELECT app_enable_tenant_rls('ivr_options');
GRANT SELECT, INSERT, UPDATE, DELETE ON ivr_options TO callcenter_app, callcenter_platform;
