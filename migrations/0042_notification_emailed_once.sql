-- An inbox item is e-mailed once. `email_id` names the digest that carried it, but an e-mail row
-- can go (retention after 90 days, or erasure of a person the e-mail names, decision 0043) and
-- the foreign key then set it back to null: the item looked unsent and rode in the next digest
-- again. `emailed_at` marks it for good; `email_id` stays for finding a digest still to send.
ALTER TABLE notifications ADD COLUMN emailed_at timestamptz;
UPDATE notifications SET emailed_at = created_at WHERE email_id IS NOT NULL;

-- What the digest takes: review items neither e-mailed nor read.
DROP INDEX notifications_unsent_idx;
CREATE INDEX notifications_unsent_idx ON notifications (user_id, created_at) WHERE emailed_at IS NULL AND read_at IS NULL AND application_id IS NOT NULL;
