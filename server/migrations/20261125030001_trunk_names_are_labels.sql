-- Gateways are named gw-<trunk id> (decision 0016), so nothing on the switch depends on a trunk's
-- name any more: it becomes a label ("Vivo SP-01"), unique per tenant without regard to case,
-- deleted trunks included (a name is never reused). Trunk settings can now be changed (PATCH), and
-- a gateway gains the fields a provider whose SIP domain differs from its proxy needs.
ALTER TABLE trunks DROP CONSTRAINT trunks_name_check;
ALTER TABLE trunks ADD CONSTRAINT trunks_name_check
  CHECK (char_length(name) BETWEEN 1 AND 100 AND name !~ '[[:cntrl:]]' AND name ~ '[^[:space:]]');
ALTER TABLE trunks DROP CONSTRAINT trunks_tenant_id_name_key;
CREATE UNIQUE INDEX trunks_tenant_id_lower_name_key ON trunks (tenant_id, lower(name));

ALTER TABLE trunks
  ADD COLUMN from_user text,
  ADD COLUMN from_domain text,
  ADD COLUMN register_proxy text,
  ADD COLUMN outbound_proxy text,
  ADD COLUMN expire_seconds integer CHECK (expire_seconds BETWEEN 60 AND 86400),
  ADD COLUMN caller_id_in_from boolean NOT NULL DEFAULT true;
