-- Issue 8, item 1: an IVR option reaches an extension, a queue, another IVR menu, or hangs up;
-- a menu has a timeout, a number of tries and a target once the tries run out (decision 0020).
ALTER TABLE ivr_options
  ADD COLUMN target_type text NOT NULL DEFAULT 'EXTENSION' CHECK (target_type IN ('EXTENSION', 'QUEUE', 'IVR', 'HANGUP')),
  ADD COLUMN target_queue_id uuid REFERENCES queues (id),
  ADD COLUMN target_menu_id uuid REFERENCES ivr_menus (id),
  ALTER COLUMN target_extension DROP NOT NULL;
ALTER TABLE ivr_options ADD CONSTRAINT ivr_options_target_check CHECK (
  (target_type = 'EXTENSION') = (target_extension IS NOT NULL)
  AND (target_type = 'QUEUE') = (target_queue_id IS NOT NULL)
  AND (target_type = 'IVR') = (target_menu_id IS NOT NULL)
);
CREATE INDEX ivr_options_target_queue_idx ON ivr_options (target_queue_id) WHERE target_queue_id IS NOT NULL;
CREATE INDEX ivr_options_target_menu_idx ON ivr_options (target_menu_id) WHERE target_menu_id IS NOT NULL;

ALTER TABLE ivr_menus
  ADD COLUMN timeout_seconds integer NOT NULL DEFAULT 5 CHECK (timeout_seconds BETWEEN 1 AND 60),
  ADD COLUMN max_failures integer NOT NULL DEFAULT 3 CHECK (max_failures BETWEEN 1 AND 10),
  ADD COLUMN failure_target_type text NOT NULL DEFAULT 'HANGUP' CHECK (failure_target_type IN ('EXTENSION', 'QUEUE', 'IVR', 'HANGUP')),
  ADD COLUMN failure_target_extension text,
  ADD COLUMN failure_target_queue_id uuid REFERENCES queues (id),
  ADD COLUMN failure_target_menu_id uuid REFERENCES ivr_menus (id);
ALTER TABLE ivr_menus ADD CONSTRAINT ivr_menus_failure_target_check CHECK (
  (failure_target_type = 'EXTENSION') = (failure_target_extension IS NOT NULL)
  AND (failure_target_type = 'QUEUE') = (failure_target_queue_id IS NOT NULL)
  AND (failure_target_type = 'IVR') = (failure_target_menu_id IS NOT NULL)
);
