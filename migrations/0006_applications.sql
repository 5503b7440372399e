-- Applications: a company's application to a grant, one row per grant section it answers, and the
-- history of status changes.

CREATE TABLE applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- A grant that applications use cannot be deleted (the grant editor offers to close it instead).
  grant_id uuid NOT NULL REFERENCES grants (id) ON DELETE RESTRICT,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  -- The language the application is written in; it may differ from the interface language.
  language text NOT NULL DEFAULT 'da' CHECK (language IN ('da', 'en', 'nb')),
  description text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  version integer NOT NULL DEFAULT 1,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX applications_company_idx ON applications (company_id, updated_at DESC);
CREATE INDEX applications_grant_idx ON applications (grant_id);

-- A section answers one grant section. The grant section is never deleted under it (RESTRICT):
-- the grant editor archives a section that applications use. `answers` holds the inputs' values
-- by input id, `fulfilled` the ids of the requirements the writer has ticked. Every save names the
-- version it was made from, so concurrent writers never silently overwrite each other.
CREATE TABLE application_sections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  grant_section_id uuid NOT NULL REFERENCES grant_sections (id) ON DELETE RESTRICT,
  position integer NOT NULL,
  status text NOT NULL DEFAULT 'not_started'
    CHECK (status IN ('not_started', 'draft', 'validated', 'need_review', 'commented', 'approved', 'not_approved', 'done')),
  content text NOT NULL DEFAULT '' CHECK (length(content) <= 100000),
  answers jsonb NOT NULL DEFAULT '{}',
  fulfilled uuid[] NOT NULL DEFAULT '{}',
  version integer NOT NULL DEFAULT 1,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (application_id, grant_section_id)
);
CREATE INDEX application_sections_application_idx ON application_sections (application_id, position);
CREATE INDEX application_sections_grant_section_idx ON application_sections (grant_section_id);

-- Append-only history of status changes: who, when, from, to, and why.
CREATE TABLE application_events (
  id bigserial PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  section_id uuid REFERENCES application_sections (id) ON DELETE CASCADE,
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  from_status text,
  to_status text NOT NULL,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_events_application_idx ON application_events (application_id, created_at DESC);
