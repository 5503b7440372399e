-- Optimistic concurrency for the company profile: a save applies only to the version the editor
-- loaded (`UPDATE … WHERE version = $loaded`), so of concurrent saves one lands and the others get
-- CONFLICT instead of silently overwriting each other. Registry refreshes fill other columns and
-- leave the version alone.
ALTER TABLE companies ADD COLUMN version integer NOT NULL DEFAULT 1;
