-- A lead quota per plan (decision 0078): the leads a tenant may keep, over all its campaigns.
-- Null is no limit. The seed's trial plan gets 100 000 (a realistic collections list, not
-- millions); plans an operator made keep no limit, so the upgrade refuses no tenant's import.
ALTER TABLE plans
  ADD COLUMN max_leads integer CHECK (max_leads IS NULL OR max_leads >= 0);
UPDATE plans SET max_leads = 100000 WHERE id = 'trial';
