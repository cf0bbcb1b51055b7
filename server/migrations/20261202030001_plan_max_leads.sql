-- A lead quota per plan (decision 0078): the leads a tenant may keep, over all its campaigns.
-- Null is no limit. The seed's trial plan gets 10 000; plans an operator made keep no limit, so
-- no existing tenant is refused an import by the upgrade.
ALTER TABLE plans
  ADD COLUMN max_leads integer CHECK (max_leads IS NULL OR max_leads >= 0);
UPDATE plans SET max_leads = 10000 WHERE id = 'trial';
