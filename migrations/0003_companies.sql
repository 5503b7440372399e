-- Companies with their registry profile, their members (by role) and invitations to join.

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id text NOT NULL UNIQUE CHECK (org_id ~ '^[1-9][0-9]{7}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  website text,
  address text,
  zipcode text,
  city text,
  phone text,
  email text,
  industry_code text,
  industry text,
  employees text,
  company_type text,
  start_date date,
  -- The language of the company's e-mails (e.g. invitations); null: the sender's language.
  locale text CHECK (locale IS NULL OR locale IN ('da', 'en', 'nb')),
  -- True when the profile came from the registry; false for a manual entry made while it was unreachable.
  verified boolean NOT NULL DEFAULT false,
  registry_data jsonb,
  registry_checked_at timestamptz,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE memberships (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'employee', 'reviewer')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, user_id)
);
CREATE INDEX memberships_user_id_idx ON memberships (user_id);

-- One pending invitation per company and e-mail (a new one replaces it); the token is stored as
-- its SHA-256 only. Used invitations keep their row so a reused link can say it was used.
CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'employee', 'reviewer')),
  token_hash bytea NOT NULL UNIQUE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  declined_at timestamptz
);
CREATE UNIQUE INDEX invitations_pending_key ON invitations (company_id, lower(email)) WHERE accepted_at IS NULL AND declined_at IS NULL;
CREATE INDEX invitations_email_idx ON invitations (lower(email)) WHERE accepted_at IS NULL AND declined_at IS NULL;

-- The latest registry lookup of each organisation ID, written by the `registry` job: what the
-- onboarding form fills itself from, and what a new company's profile is copied from.
CREATE TABLE registry_lookups (
  org_id text PRIMARY KEY CHECK (org_id ~ '^[1-9][0-9]{7}$'),
  status text NOT NULL CHECK (status IN ('queued', 'running', 'retrying', 'found', 'not_found', 'failed')),
  job_id text,
  attempt integer NOT NULL DEFAULT 0,
  profile jsonb,
  raw jsonb,
  error text,
  requested_at timestamptz NOT NULL DEFAULT now(),
  checked_at timestamptz
);
