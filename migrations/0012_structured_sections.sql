-- The structured content of a budget, activity plan or deliverables section lives with the section
-- and is saved with its text under the same version (docs/decisions/0012-structured-sections.md).
-- Its shape is checked per section kind by the shared schemas; NULL until first saved.
ALTER TABLE application_sections
  ADD COLUMN data jsonb CHECK (data IS NULL OR (jsonb_typeof(data) = 'object' AND pg_column_size(data) <= 1000000));
