-- Gateways are named <tenant code>-<trunk name>; tenant codes may contain '-', so a trunk name
-- must not, or two tenants' gateways could share a name. The API already refused it.
ALTER TABLE trunks DROP CONSTRAINT trunks_name_check;
ALTER TABLE trunks ADD CONSTRAINT trunks_name_check CHECK (name ~ '^[a-z0-9][a-z0-9_]{0,39}$');
