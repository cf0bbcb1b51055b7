-- Gateways are named gw-<trunk id> instead of <tenant code>-<trunk name> (codes may be prefixes of
-- each other). Compiled dialplan versions that bridge to a trunk by its old gateway name are
-- rewritten to the new one, so an active version (or a rollback to an older one) keeps working.
DO $$
DECLARE
  trunk record;
BEGIN
  FOR trunk IN
    SELECT tr.id, tr.tenant_id, t.code || '-' || tr.name AS old_name
    FROM trunks tr JOIN tenants t ON t.id = tr.tenant_id
  LOOP
    UPDATE dialplan_versions
    SET xml = replace(xml, 'sofia/gateway/' || trunk.old_name || '/', 'sofia/gateway/gw-' || trunk.id || '/')
    WHERE tenant_id = trunk.tenant_id AND strpos(xml, 'sofia/gateway/' || trunk.old_name || '/') > 0;
  END LOOP;
END $$;
