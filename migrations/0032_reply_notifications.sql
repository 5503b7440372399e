-- A reply in a comment thread notifies the thread's participants (the one who started it and
-- everyone who replied), besides anyone it mentions.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('review_request', 'mention', 'reply', 'approved', 'not_approved', 'join_request', 'invitation'));
