-- A version made by applying a suggestion of a check against the call (docs/decisions/0052) names
-- the suggestion, so the section's history says where the change came from. Such a version keeps
-- exactly the state the suggestion made: like a restore, it is never updated by later saves.
ALTER TABLE section_versions ADD COLUMN applied_suggestion_id uuid REFERENCES assessment_suggestions (id) ON DELETE SET NULL;
CREATE INDEX section_versions_applied_suggestion_idx ON section_versions (applied_suggestion_id) WHERE applied_suggestion_id IS NOT NULL;
