-- Configuration changes waiting to be written to the switch. A change marks its tenant and kind
-- in the same transaction as the change itself, so a switch that is down never loses one: the
-- sync service writes every pending kind, then clears the marks it has written.
CREATE TABLE switch_config_changes (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  kind text NOT NULL CHECK (kind IN ('directory', 'dialplan', 'gateways', 'callcenter', 'public')),
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, kind)
);
SELECT app_enable_tenant_rls('switch_config_changes');
GRANT SELECT, INSERT, UPDATE, DELETE ON switch_config_changes TO callcenter_app, callcenter_platform;
