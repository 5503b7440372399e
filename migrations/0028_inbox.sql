-- The in-app inbox: the notification rows the review digest is made of are also the inbox's
-- items, read in the app or not (decision 0035). Join requests and invitations become items too;
-- they keep their own e-mails and never go into the review digest.

ALTER TABLE notifications
  ADD COLUMN read_at timestamptz,
  -- The company an item belongs to: a member who leaves it no longer sees it.
  ADD COLUMN company_id uuid REFERENCES companies (id) ON DELETE CASCADE,
  ADD COLUMN join_request_id uuid REFERENCES company_join_requests (id) ON DELETE CASCADE,
  -- A replaced or withdrawn invitation takes its item with it.
  ADD COLUMN invitation_id uuid REFERENCES invitations (id) ON DELETE CASCADE,
  ALTER COLUMN application_id DROP NOT NULL,
  ALTER COLUMN section_id DROP NOT NULL;

UPDATE notifications n SET company_id = a.company_id FROM applications a WHERE a.id = n.application_id;
ALTER TABLE notifications ALTER COLUMN company_id SET NOT NULL;

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('review_request', 'mention', 'approved', 'not_approved', 'join_request', 'invitation'));
-- Each kind has the place it opens.
ALTER TABLE notifications ADD CONSTRAINT notifications_place_check CHECK (
  CASE kind
    WHEN 'join_request' THEN join_request_id IS NOT NULL AND application_id IS NULL
    WHEN 'invitation' THEN invitation_id IS NOT NULL AND application_id IS NULL
    ELSE application_id IS NOT NULL AND section_id IS NOT NULL
  END
);

-- What the digest takes: review items neither e-mailed nor read.
DROP INDEX notifications_unsent_idx;
CREATE INDEX notifications_unsent_idx ON notifications (user_id, created_at) WHERE email_id IS NULL AND read_at IS NULL AND application_id IS NOT NULL;
-- The inbox, newest first, a page at a time (the id breaks ties), and its unread count.
CREATE INDEX notifications_inbox_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
