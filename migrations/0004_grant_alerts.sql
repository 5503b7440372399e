-- The public catalogue's search and sort indexes, grant alerts (double opt-in, per-fund
-- interests, one delivery row per grant and subscriber), and what keeps started applications
-- working when an administrator changes a grant's sections.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Text search on the public list: every word of the query must occur in title or description.
CREATE INDEX grants_search_trgm_idx ON grants USING gin ((lower(title || ' ' || description)) gin_trgm_ops);

-- The two orders of the public list, as keyset-pagination keys over published grants only:
-- by deadline (open and upcoming before closed, no deadline last) and newest first.
CREATE INDEX grants_public_deadline_idx ON grants ((status = 'closed'), (coalesce(deadline_at, 'infinity'::timestamptz)), id)
  WHERE published_at IS NOT NULL AND status <> 'draft';
CREATE INDEX grants_public_newest_idx ON grants (published_at DESC, id DESC)
  WHERE published_at IS NOT NULL AND status <> 'draft';
CREATE INDEX grants_fund_public_idx ON grants (fund_id, status) WHERE published_at IS NOT NULL AND status <> 'draft';

-- An eligibility question the company's registry profile can answer (pre-filled in the test).
ALTER TABLE grant_requirements
  ADD COLUMN prefill text CHECK (prefill IS NULL OR prefill IN ('org_id', 'sme'));

-- Sections are edited with optimistic concurrency; a section that applications still use is
-- archived (removed_at, negative position) instead of deleted, so those applications keep it.
ALTER TABLE grant_sections
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN removed_at timestamptz;
CREATE INDEX grant_sections_grant_idx ON grant_sections (grant_id, position);
CREATE INDEX section_requirements_section_idx ON section_requirements (grant_section_id, position);
CREATE INDEX section_inputs_section_idx ON section_inputs (grant_section_id, position);
CREATE INDEX grant_requirements_grant_idx ON grant_requirements (grant_id, position);

-- A subscriber. Only the SHA-256 (hex) of the confirmation token is kept; `pending` holds the
-- settings of a sign-up that waits for its confirmation (so nobody can change a confirmed
-- subscriber's settings without access to the mailbox).
CREATE TABLE grant_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  locale text NOT NULL DEFAULT 'da' CHECK (locale IN ('da', 'en', 'nb')),
  all_funds boolean NOT NULL DEFAULT true,
  confirmed_at timestamptz,
  token_hash text UNIQUE,
  token_expires_at timestamptz,
  pending jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX grant_alerts_email_key ON grant_alerts (lower(email));
CREATE INDEX grant_alerts_confirmed_idx ON grant_alerts (confirmed_at) WHERE confirmed_at IS NOT NULL;

-- The funds a subscriber cares about when not all of them.
CREATE TABLE grant_alert_funds (
  grant_alert_id uuid NOT NULL REFERENCES grant_alerts (id) ON DELETE CASCADE,
  fund_id uuid NOT NULL REFERENCES funds (id) ON DELETE CASCADE,
  PRIMARY KEY (grant_alert_id, fund_id)
);
CREATE INDEX grant_alert_funds_fund_idx ON grant_alert_funds (fund_id);

-- One row per grant and subscriber: the primary key is what makes an alert go out exactly once,
-- however often a grant is published. The unsubscribe token of that e-mail is stored hashed.
CREATE TABLE grant_alert_deliveries (
  grant_id uuid NOT NULL REFERENCES grants (id) ON DELETE CASCADE,
  grant_alert_id uuid NOT NULL REFERENCES grant_alerts (id) ON DELETE CASCADE,
  claimed_at timestamptz,
  email_id uuid REFERENCES emails (id) ON DELETE SET NULL,
  unsubscribe_token_hash text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (grant_id, grant_alert_id)
);
CREATE INDEX grant_alert_deliveries_pending_idx ON grant_alert_deliveries (grant_id) WHERE email_id IS NULL;
