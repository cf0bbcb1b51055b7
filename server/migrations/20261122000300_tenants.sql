CREATE TABLE tenants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL CHECK (code ~ '^[a-z0-9][a-z0-9-]{1,30}$'),
  name text NOT NULL,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'SUSPENDED')),
  plan_id text NOT NULL REFERENCES plans (id),
  telephony_domain text NOT NULL,
  timezone text NOT NULL DEFAULT 'America/Sao_Paulo',
  locale text NOT NULL DEFAULT 'pt-BR',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tenants_code_key ON tenants (lower(code));
CREATE UNIQUE INDEX tenants_telephony_domain_key ON tenants (lower(telephony_domain));
CREATE TRIGGER tenants_touch BEFORE UPDATE ON tenants FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();

-- A tenant reads and edits only its own row (tenant-settings); creation is a platform act.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_self ON tenants TO callcenter_app USING (id = app_current_tenant()) WITH CHECK (id = app_current_tenant());
CREATE POLICY platform_access ON tenants TO callcenter_platform USING (true) WITH CHECK (true);
GRANT SELECT, UPDATE (name, timezone, locale, updated_at) ON tenants TO callcenter_app;
GRANT SELECT, INSERT, UPDATE ON tenants TO callcenter_platform;
