-- The passage of the section's text a thread is about (docs/decisions/0038): the start and end of
-- the passage as Yjs relative positions (Y.relativePositionToJSON), which follow the co-edited text
-- as it changes. Null for a thread about the whole section. `quote` keeps the words as they were.
ALTER TABLE section_comments ADD COLUMN anchor jsonb;
-- Only a thread's first comment is anchored; replies belong to its passage.
ALTER TABLE section_comments ADD CONSTRAINT section_comments_anchor_on_threads CHECK (anchor IS NULL OR thread_id IS NULL);
