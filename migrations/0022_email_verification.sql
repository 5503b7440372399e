-- An account's e-mail address counts as proof (accepting an invitation by address, being named an
-- owner, receiving company mail) only once a link sent to it has been followed. Accounts made
-- before this migration start unverified: nothing recorded shows that their owners ever received
-- mail at their address (docs/decisions/0025-verified-e-mail-addresses.md).
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;

-- Verification links: only the SHA-256 of the token is stored; one live link per user. The address
-- the link was sent to is kept, so a link proves that address and no other.
CREATE TABLE email_verifications (
  id bytea PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_verifications_user_id_idx ON email_verifications (user_id);
