-- The values a refused import's message names (decision 0065): the import history shows "near byte 3",
-- not the message's bare template. Null when the import did not fail or its code names none.
ALTER TABLE list_imports
  ADD COLUMN error_params jsonb CHECK (error_params IS NULL OR jsonb_typeof(error_params) = 'object');
