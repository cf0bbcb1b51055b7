-- A user is a person across tenants; a membership gives them exactly one role in one tenant.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (email = lower(email)),
  name text,
  password_hash text NOT NULL,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DISABLED')),
  must_change_password boolean NOT NULL DEFAULT false,
  platform_role text CHECK (platform_role IN ('platform_super_admin')),
  locale text,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE TRIGGER users_touch BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();

CREATE TABLE tenant_memberships (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  user_id uuid NOT NULL REFERENCES users (id),
  role text NOT NULL CHECK (role IN ('tenant_admin', 'supervisor', 'agent')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id)
);
CREATE INDEX tenant_memberships_user_idx ON tenant_memberships (user_id);
CREATE TRIGGER tenant_memberships_touch BEFORE UPDATE ON tenant_memberships FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();
SELECT app_enable_tenant_rls('tenant_memberships');
GRANT SELECT, INSERT, UPDATE, DELETE ON tenant_memberships TO callcenter_app, callcenter_platform;

-- A tenant sees only the users who are its members (the membership policy narrows the subquery).
-- Accounts are created and looked up by email through the platform path: e-mail is global.
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_members ON users FOR SELECT TO callcenter_app
  USING (EXISTS (SELECT 1 FROM tenant_memberships m WHERE m.user_id = users.id));
CREATE POLICY platform_access ON users TO callcenter_platform USING (true) WITH CHECK (true);
GRANT SELECT (id, email, name, status, must_change_password, platform_role, locale, last_login_at, created_at, updated_at)
  ON users TO callcenter_app;
GRANT SELECT, INSERT, UPDATE ON users TO callcenter_platform;
