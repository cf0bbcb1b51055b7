-- A lead's numbers in the order to try (decision 0066): the import keeps every phone column's
-- number that parses, `phone` first; the dialer dials phones[attempts % n + 1], so a NO_ANSWER on
-- one number is retried on the next. Leads written without them (before this column, or by a
-- writer that knows one number) get their one phone.
ALTER TABLE leads ADD COLUMN phones text[];
UPDATE leads SET phones = ARRAY[phone];
ALTER TABLE leads ALTER COLUMN phones SET NOT NULL,
  ADD CONSTRAINT leads_phones_check CHECK (
    cardinality(phones) BETWEEN 1 AND 20 AND phones[1] = phone
    AND array_to_string(phones, ',') ~ '^\+55[0-9]{10,11}(,\+55[0-9]{10,11})*$');

CREATE FUNCTION app_lead_phones() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.phones IS NULL THEN NEW.phones := ARRAY[NEW.phone]; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER leads_phones BEFORE INSERT ON leads FOR EACH ROW EXECUTE FUNCTION app_lead_phones();
