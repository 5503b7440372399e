-- E-mail notifications about reviews: a row per thing a person should hear about, gathered into
-- one digest e-mail per person and window (so ten comments in a minute are one e-mail).

ALTER TABLE users
  ADD COLUMN notify_review_requests boolean NOT NULL DEFAULT true,
  ADD COLUMN notify_mentions boolean NOT NULL DEFAULT true,
  ADD COLUMN notify_review_results boolean NOT NULL DEFAULT true;

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('review_request', 'mention', 'approved', 'not_approved')),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  section_id uuid NOT NULL REFERENCES application_sections (id) ON DELETE CASCADE,
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- A comment's opening words or a rejection's reason, as the e-mail quotes it.
  excerpt text NOT NULL DEFAULT '' CHECK (length(excerpt) <= 300),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The digest e-mail that carried it; null until one has.
  email_id uuid REFERENCES emails (id) ON DELETE SET NULL
);
CREATE INDEX notifications_unsent_idx ON notifications (user_id, created_at) WHERE email_id IS NULL;
CREATE INDEX notifications_email_idx ON notifications (email_id) WHERE email_id IS NOT NULL;
