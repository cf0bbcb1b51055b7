-- Leads of campaigns, the imports that bring them (and suppression lists) in, and the tenant's
-- suppression list (decision 0042). Phones are E.164, Brazilian only (modules/leads/brazil-phone.ts).

-- One import of a CSV: of leads into a campaign, or of numbers into the suppression list. Its
-- counters are written as batches commit, so a running import shows its progress.
CREATE TABLE list_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  kind text NOT NULL CHECK (kind IN ('LEADS', 'SUPPRESSION')),
  campaign_id uuid REFERENCES campaigns (id),
  file_name text CHECK (length(file_name) <= 255),
  status text NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'COMPLETED', 'FAILED')),
  -- Why a FAILED import was refused (an error code of the contract, e.g. NO_PHONE_COLUMN).
  error_code text,
  total integer NOT NULL DEFAULT 0 CHECK (total >= 0),
  valid integer NOT NULL DEFAULT 0 CHECK (valid >= 0),
  invalid integer NOT NULL DEFAULT 0 CHECK (invalid >= 0),
  duplicates integer NOT NULL DEFAULT 0 CHECK (duplicates >= 0),
  imported integer NOT NULL DEFAULT 0 CHECK (imported >= 0),
  suppressed integer NOT NULL DEFAULT 0 CHECK (suppressed >= 0),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK ((kind = 'LEADS') = (campaign_id IS NOT NULL))
);
SELECT app_enable_tenant_rls('list_imports');
GRANT SELECT, INSERT, UPDATE ON list_imports TO callcenter_app, callcenter_platform;
CREATE INDEX list_imports_campaign_idx ON list_imports (tenant_id, campaign_id, created_at DESC);
CREATE INDEX list_imports_kind_idx ON list_imports (tenant_id, kind, created_at DESC);

-- The rows an import refused, for the rejected-rows CSV: row number in the file (header = 1),
-- the raw phone value as written (bounded) and why.
CREATE TABLE list_import_rejects (
  import_id uuid NOT NULL REFERENCES list_imports (id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  row_number integer NOT NULL CHECK (row_number >= 1),
  raw_value text NOT NULL CHECK (length(raw_value) <= 200),
  reason text NOT NULL CHECK (reason IN ('EMPTY', 'LETTERS', 'FOREIGN', 'TOO_SHORT', 'TOO_LONG', 'INVALID', 'DUPLICATE')),
  PRIMARY KEY (import_id, row_number)
);
SELECT app_enable_tenant_rls('list_import_rejects');
GRANT SELECT, INSERT, DELETE ON list_import_rejects TO callcenter_app, callcenter_platform;

-- A campaign's leads. The dialer reads READY and due CALLBACK leads and writes outcomes; the
-- statuses beyond the spec's READY, CALLBACK and DO_NOT_CALL are the dialer's (decision 0042).
CREATE TABLE leads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  campaign_id uuid NOT NULL REFERENCES campaigns (id),
  phone text NOT NULL CHECK (phone ~ '^\+55[0-9]{10,11}$'),
  name text CHECK (length(name) <= 200),
  status text NOT NULL DEFAULT 'READY'
    CHECK (status IN ('READY', 'CALLBACK', 'DO_NOT_CALL', 'COMPLETED', 'EXHAUSTED')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz,
  last_outcome text,
  -- The file's other columns, as text: {"cpf": "…", "cidade": "…"}.
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  import_id uuid REFERENCES list_imports (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- One lead per number in a campaign: duplicates are refused by the import, and this holds
  -- under parallel imports into one campaign.
  UNIQUE (campaign_id, phone)
);
CREATE TRIGGER leads_touch BEFORE UPDATE ON leads FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();
SELECT app_enable_tenant_rls('leads');
GRANT SELECT, INSERT, UPDATE, DELETE ON leads TO callcenter_app, callcenter_platform;
-- The leads page (by status, newest first) and the dialer's pick (READY or due, oldest due first).
CREATE INDEX leads_campaign_status_idx ON leads (campaign_id, status, next_attempt_at NULLS FIRST, id);
-- GET /leads/callbacks: the tenant's callbacks by due time.
CREATE INDEX leads_callbacks_idx ON leads (tenant_id, next_attempt_at) WHERE status = 'CALLBACK';
-- Suppressing a number moves the tenant's dialable leads with it.
CREATE INDEX leads_tenant_phone_idx ON leads (tenant_id, phone) WHERE status IN ('READY', 'CALLBACK');
CREATE INDEX leads_import_idx ON leads (import_id) WHERE import_id IS NOT NULL;

-- The tenant's do-not-call list (Não Me Perturbe, Procon, the customer's own requests).
CREATE TABLE suppression_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  phone text NOT NULL CHECK (phone ~ '^\+55[0-9]{10,11}$'),
  -- Where it came from: MANUAL, IMPORT, DISPOSITION.
  source text NOT NULL CHECK (source IN ('MANUAL', 'IMPORT', 'DISPOSITION')),
  note text CHECK (length(note) <= 500),
  import_id uuid REFERENCES list_imports (id),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, phone)
);
SELECT app_enable_tenant_rls('suppression_entries');
GRANT SELECT, INSERT, DELETE ON suppression_entries TO callcenter_app, callcenter_platform;
CREATE INDEX suppression_entries_list_idx ON suppression_entries (tenant_id, created_at DESC, id DESC);
