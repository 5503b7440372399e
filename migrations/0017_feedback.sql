-- What users write through the beta notice's feedback form, for the platform admin to read.
CREATE TABLE feedback (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  message text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
  -- Where the writer wants an answer (optional), and who they are when signed in.
  email text CHECK (email IS NULL OR length(email) <= 254),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- The page the writer came from (a path in the app, never a full URL).
  page text CHECK (page IS NULL OR length(page) <= 500),
  locale text NOT NULL CHECK (locale IN ('da', 'en', 'nb')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_created_at_idx ON feedback (created_at DESC);
