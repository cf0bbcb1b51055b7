-- Tenant admins set their short-call threshold from the tenant settings (decision 0048): the app
-- role may update only the tenant columns granted to it one by one.
GRANT UPDATE (short_call_threshold) ON tenants TO callcenter_app;
