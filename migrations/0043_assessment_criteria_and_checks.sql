-- Checking an application against the call's own criteria (docs/decisions/0052). A grant's
-- criteria sit beside its sections: a name (Danish column, other languages in `translations`), a
-- weight, the grant sections it reads and the signals a strong answer shows. Versioned like the
-- grant's sections: an edit raises `version`, a removal marks `removed_at`.
CREATE TABLE assessment_criteria (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  grant_id uuid NOT NULL REFERENCES grants (id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  translations jsonb NOT NULL DEFAULT '{}',
  weight integer NOT NULL DEFAULT 1 CHECK (weight BETWEEN 1 AND 100),
  grant_section_ids uuid[] NOT NULL DEFAULT '{}',
  signals text[] NOT NULL DEFAULT '{}',
  version integer NOT NULL DEFAULT 1,
  removed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assessment_criteria_grant_id_idx ON assessment_criteria (grant_id, position) WHERE removed_at IS NULL;

-- One check of an application (or of one of its sections). The criteria are copied in as they
-- were asked with, and the version of each section read is kept: a later change of the grant's
-- criteria or of the text never rewrites a stored check. The team's own: never printed or sent.
CREATE TABLE assessment_checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  section_id uuid REFERENCES application_sections (id) ON DELETE CASCADE,
  requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  criteria jsonb NOT NULL DEFAULT '[]',
  section_versions jsonb NOT NULL DEFAULT '{}',
  result jsonb,
  readiness integer CHECK (readiness BETWEEN 0 AND 100),
  assessor text,
  offline boolean NOT NULL DEFAULT true,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX assessment_checks_application_idx ON assessment_checks (application_id, created_at DESC);

-- A check's suggestions, each anchored to a paragraph of a section's co-edited text the way
-- comments are (Yjs relative positions, decision 0038); `paragraph` keeps the words as they were,
-- so a suggestion whose paragraph changed since is known to be out of date.
CREATE TABLE assessment_suggestions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  check_id uuid NOT NULL REFERENCES assessment_checks (id) ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  section_id uuid NOT NULL REFERENCES application_sections (id) ON DELETE CASCADE,
  position integer NOT NULL,
  criterion_id uuid,
  signal text,
  kind text NOT NULL CHECK (kind IN ('addition', 'rewrite')),
  text text NOT NULL,
  note text NOT NULL DEFAULT '',
  anchor jsonb NOT NULL,
  paragraph text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'applied', 'dismissed')),
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz
);
CREATE INDEX assessment_suggestions_check_idx ON assessment_suggestions (check_id, position);
CREATE INDEX assessment_suggestions_application_idx ON assessment_suggestions (application_id);
