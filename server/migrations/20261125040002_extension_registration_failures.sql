-- The last REGISTER the switch refused for an extension (sofia::register_failure: a wrong password,
-- or more phones than max-registrations allows), shown on the extensions page.
ALTER TABLE extensions
  ADD COLUMN last_registration_failure_at timestamptz,
  ADD COLUMN last_registration_failure_ip text;
