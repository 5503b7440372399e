-- The versions of a section's state as it was saved (docs/decisions/0036). A writer's saves within
-- five minutes of their own latest version, with nobody else's in between, update that version
-- (its state and saved_at); any other save adds a row. Rows are never deleted while the section
-- lives: a restore adds a version naming the one it restored.
CREATE TABLE section_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order in which versions were made: latest is highest (saved_at moves when a version is coalesced).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  section_id uuid NOT NULL REFERENCES application_sections (id) ON DELETE CASCADE,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  saved_at timestamptz NOT NULL DEFAULT now(),
  content text NOT NULL,
  answers jsonb NOT NULL DEFAULT '{}',
  fulfilled uuid[] NOT NULL DEFAULT '{}',
  -- The structured rows of a budget, activity plan or deliverables section; null for a text section.
  data jsonb,
  restored_from uuid REFERENCES section_versions (id) ON DELETE SET NULL
);
-- A section's versions newest first, and its latest one for coalescing.
CREATE INDEX section_versions_section_idx ON section_versions (section_id, seq DESC);
