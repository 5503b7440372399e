-- A grant section may set a limit on its text, as a number of characters (the grant's "max 2,000
-- characters"); null: no limit. A section over it cannot be marked done.
ALTER TABLE grant_sections ADD COLUMN max_chars integer CHECK (max_chars IS NULL OR max_chars > 0);

-- A model's draft of a budget, activity plan or deliverables section: rows proposed for the writer
-- to accept one by one, each with the problems the shared rules found in it and whether it has
-- been accepted. Null for a text draft.
ALTER TABLE ai_drafts ADD COLUMN proposals jsonb;
