-- One session per login; each refresh rotates the token. A rotated token presented again means it
-- leaked, so the whole session is revoked. Only hashes are stored.
CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  tenant_id uuid REFERENCES tenants (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_refreshed_at timestamptz,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);

CREATE TABLE auth_refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_sessions (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz
);
CREATE INDEX auth_refresh_tokens_session_idx ON auth_refresh_tokens (session_id);

-- Sessions are handled by the authentication service over the platform path only.
ALTER TABLE auth_sessions ENABLE ROW LEVEL SECURITY;
ALTER TABLE auth_refresh_tokens ENABLE ROW LEVEL SECURITY;
CREATE POLICY platform_access ON auth_sessions TO callcenter_platform USING (true) WITH CHECK (true);
CREATE POLICY platform_access ON auth_refresh_tokens TO callcenter_platform USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE ON auth_sessions, auth_refresh_tokens TO callcenter_platform;
