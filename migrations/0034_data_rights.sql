-- A person's or a company's data as a ZIP of JSON files, prepared in the background and fetched
-- through a link that expires. The archive is kept in the row so every web process can hand it out.
CREATE TABLE data_exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Null: the person's own data; else the company's applications, asked for by an owner.
  company_id uuid REFERENCES companies (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'ready', 'failed')),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  archive bytea,
  archive_bytes integer,
  -- The download link's token, stored as its SHA-256 only.
  token_hash bytea UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  ready_at timestamptz,
  expires_at timestamptz
);
CREATE INDEX data_exports_user_idx ON data_exports (user_id, created_at DESC);
CREATE INDEX data_exports_expires_idx ON data_exports (expires_at);

-- Retention sweeps read these by age.
CREATE INDEX IF NOT EXISTS emails_created_at_idx ON emails (created_at);
CREATE INDEX IF NOT EXISTS notifications_created_at_idx ON notifications (created_at);
