-- Accounts, sessions, the e-mail log and the grant catalogue.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  locale text NOT NULL DEFAULT 'da' CHECK (locale IN ('da', 'en', 'nb')),
  platform_role text NOT NULL DEFAULT 'user' CHECK (platform_role IN ('user', 'admin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Lucia's session design: the id is public, only the SHA-256 of the secret is stored.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  secret_hash bytea NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  user_agent text,
  ip text
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- Every e-mail the product sends, queued and then recorded as sent (the `email` job's id is the row id).
CREATE TABLE emails (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient text NOT NULL,
  template text NOT NULL,
  locale text NOT NULL CHECK (locale IN ('da', 'en', 'nb')),
  params jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  subject text,
  message_id text,
  transport text,
  location text,
  attempts integer NOT NULL DEFAULT 0,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX emails_recipient_idx ON emails (lower(recipient), created_at DESC);

CREATE TABLE funds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE grants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fund_id uuid NOT NULL REFERENCES funds (id) ON DELETE RESTRICT,
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  url text,
  opens_at timestamptz,
  deadline_at timestamptz,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'upcoming', 'open', 'closed')),
  currency text NOT NULL DEFAULT 'DKK',
  amount_min numeric(14, 2),
  amount_max numeric(14, 2),
  max_funding_pct numeric(5, 2) CHECK (max_funding_pct IS NULL OR (max_funding_pct > 0 AND max_funding_pct <= 100)),
  min_invoice_amount numeric(14, 2),
  hourly_rate numeric(10, 2),
  published_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX grants_fund_id_idx ON grants (fund_id);
CREATE INDEX grants_published_deadline_idx ON grants (deadline_at, id) WHERE published_at IS NOT NULL;

-- Eligibility questions of the requirements test.
CREATE TABLE grant_requirements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  grant_id uuid NOT NULL REFERENCES grants (id) ON DELETE CASCADE,
  position integer NOT NULL,
  text text NOT NULL,
  expected_answer boolean NOT NULL DEFAULT true,
  UNIQUE (grant_id, position) DEFERRABLE INITIALLY DEFERRED
);

CREATE TABLE grant_sections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  grant_id uuid NOT NULL REFERENCES grants (id) ON DELETE CASCADE,
  position integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('text', 'deliverables', 'budget', 'activity_plan')),
  title text NOT NULL,
  guidance text NOT NULL DEFAULT '',
  ai_instructions text NOT NULL DEFAULT '',
  UNIQUE (grant_id, position) DEFERRABLE INITIALLY DEFERRED
);

CREATE TABLE section_requirements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  grant_section_id uuid NOT NULL REFERENCES grant_sections (id) ON DELETE CASCADE,
  position integer NOT NULL,
  text text NOT NULL,
  UNIQUE (grant_section_id, position) DEFERRABLE INITIALLY DEFERRED
);

CREATE TABLE section_inputs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  grant_section_id uuid NOT NULL REFERENCES grant_sections (id) ON DELETE CASCADE,
  position integer NOT NULL,
  label text NOT NULL,
  type text NOT NULL CHECK (type IN ('text', 'number', 'date', 'list')),
  required boolean NOT NULL DEFAULT true,
  max_chars integer CHECK (max_chars IS NULL OR max_chars > 0),
  UNIQUE (grant_section_id, position) DEFERRABLE INITIALLY DEFERRED
);
