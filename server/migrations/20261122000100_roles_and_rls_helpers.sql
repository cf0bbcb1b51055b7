-- Two login roles, neither owning a table:
--   callcenter_app      every tenant request; row-level security confines it to app.tenant_id
--   callcenter_platform the one explicit privileged path (platform reads, login, tenant creation)
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'callcenter_app') THEN
    CREATE ROLE callcenter_app LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'callcenter_platform') THEN
    CREATE ROLE callcenter_platform LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END $$;

GRANT USAGE ON SCHEMA public TO callcenter_app, callcenter_platform;

-- The tenant of the current transaction, or NULL when none is set (then no tenant row matches).
CREATE FUNCTION app_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid $$;

GRANT EXECUTE ON FUNCTION app_current_tenant() TO callcenter_app, callcenter_platform;

-- Standard isolation for a tenant table: the app role sees and writes only its tenant's rows,
-- the platform role sees every row. Grants stay explicit in each migration.
CREATE FUNCTION app_enable_tenant_rls(table_name regclass) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', table_name);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s TO callcenter_app USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
    table_name);
  EXECUTE format('CREATE POLICY platform_access ON %s TO callcenter_platform USING (true) WITH CHECK (true)', table_name);
END $$;

-- Keeps updated_at honest without every statement remembering it.
CREATE FUNCTION app_touch_updated_at() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN NEW.updated_at = now(); RETURN NEW; END $$;
