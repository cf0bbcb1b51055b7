-- Dialplan rules (one condition each) and the numbered versions compiled from them per context.
CREATE TABLE dialplan_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  context text NOT NULL,
  name text NOT NULL,
  condition_field text NOT NULL,
  condition_expression text NOT NULL,
  actions jsonb NOT NULL DEFAULT '[]'::jsonb,
  anti_actions jsonb NOT NULL DEFAULT '[]'::jsonb,
  continue boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 100,
  enabled boolean NOT NULL DEFAULT true,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dialplan_rules_context_idx ON dialplan_rules (tenant_id, context, sort_order);
CREATE TRIGGER dialplan_rules_touch BEFORE UPDATE ON dialplan_rules FOR EACH ROW EXECUTE FUNCTION app_touch_updated_at();
SELECT app_enable_tenant_rls('dialplan_rules');
GRANT SELECT, INSERT, UPDATE ON dialplan_rules TO callcenter_app, callcenter_platform;

CREATE TABLE dialplan_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  context text NOT NULL,
  number integer NOT NULL CHECK (number >= 1),
  xml text NOT NULL,
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'ACTIVE', 'SUPERSEDED')),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  activated_at timestamptz,
  UNIQUE (tenant_id, context, number)
);
-- At most one ACTIVE version per context: activation flips the old one in the same transaction.
CREATE UNIQUE INDEX dialplan_versions_one_active ON dialplan_versions (tenant_id, context) WHERE status = 'ACTIVE';
SELECT app_enable_tenant_rls('dialplan_versions');
GRANT SELECT, INSERT, UPDATE ON dialplan_versions TO callcenter_app, callcenter_platform;
