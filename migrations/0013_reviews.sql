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

-- Comment threads on a section: a thread's first comment has no thread_id, its replies name it.
-- A thread may quote the passage of the section's text it is about; resolving closes the thread.
CREATE TABLE section_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  section_id uuid NOT NULL REFERENCES application_sections (id) ON DELETE CASCADE,
  thread_id uuid REFERENCES section_comments (id) ON DELETE CASCADE,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
  quote text CHECK (quote IS NULL OR length(quote) <= 1000),
  resolved_at timestamptz,
  resolved_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX section_comments_section_idx ON section_comments (section_id, created_at);
CREATE INDEX section_comments_thread_idx ON section_comments (thread_id);

-- Who a comment mentions: only members of the application's company, checked when written.
CREATE TABLE comment_mentions (
  comment_id uuid NOT NULL REFERENCES section_comments (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (comment_id, user_id)
);
CREATE INDEX comment_mentions_user_idx ON comment_mentions (user_id);
