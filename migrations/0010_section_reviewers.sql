-- The reviewers a section was sent to: who asked, and when. A new request for the same section
-- replaces the names of the previous one (the writer chooses anew each round).
CREATE TABLE section_reviewers (
  section_id uuid NOT NULL REFERENCES application_sections (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (section_id, user_id)
);
-- "Waiting for your review" looks sections up by reviewer.
CREATE INDEX section_reviewers_user_idx ON section_reviewers (user_id);
