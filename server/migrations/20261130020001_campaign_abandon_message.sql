-- A campaign's own abandon message (decision 0052): a WAV in object storage, like an IVR prompt.
-- The key is null when the campaign has none (the dialer plays the platform's default then).
ALTER TABLE campaigns
  ADD COLUMN abandon_message_object_key text,
  ADD COLUMN abandon_message_size_bytes integer CHECK (abandon_message_size_bytes > 0);
