-- Password reset tokens: only the SHA-256 of the token is stored; one live token per user.
CREATE TABLE password_resets (
  id bytea PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);

-- Acceptance of the privacy policy at sign-up.
ALTER TABLE users ADD COLUMN privacy_accepted_at timestamptz;
