-- Deadlines and the team's plan (decision 0044): an internal deadline per application, a writer
-- and a due date per section, reminders that go once, and a private calendar feed per person.

-- A day in Danish time, as a team plans (the fund's deadline keeps its time). Null means the
-- default: 7 days before the fund's deadline (src/shared/domain/deadlines.ts). The sequence
-- counts changes of the application's dates, as the calendar feed's SEQUENCE.
ALTER TABLE applications
  ADD COLUMN internal_deadline date,
  ADD COLUMN deadlines_sequence integer NOT NULL DEFAULT 0;

-- A section given to a member: a former member's sections keep nobody (ON DELETE SET NULL, and
-- the assignment query checks membership). A null due date means the internal deadline.
ALTER TABLE application_sections
  ADD COLUMN writer_id uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN due_on date,
  ADD COLUMN plan_sequence integer NOT NULL DEFAULT 0;
CREATE INDEX application_sections_writer_idx ON application_sections (writer_id) WHERE writer_id IS NOT NULL;

-- E-mail reminders can be turned off (the inbox item still comes). The calendar address is a
-- read-only capability shown again on the profile, so it is kept as it is given (decision 0044);
-- renewing it replaces it and the old address answers 404.
ALTER TABLE users
  ADD COLUMN notify_deadlines boolean NOT NULL DEFAULT true,
  ADD COLUMN calendar_token text UNIQUE CHECK (calendar_token IS NULL OR length(calendar_token) >= 32);

-- The owners' company-wide calendar: every application's deadlines and every given section.
ALTER TABLE companies
  ADD COLUMN calendar_token text UNIQUE CHECK (calendar_token IS NULL OR length(calendar_token) >= 32);

-- One row per reminder that has gone: the key names the item, the deadline it counts towards and
-- the step (14, 7, 2, 1, 0 days, or overdue). Two sweeps racing insert the same key; only one
-- row lands, and only its transaction writes the inbox item.
CREATE TABLE deadline_reminders (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL CHECK (length(key) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('review_request', 'mention', 'reply', 'approved', 'not_approved', 'join_request', 'invitation', 'assigned', 'deadline', 'overdue'));
-- A deadline reminder is about the whole application: it has no section.
ALTER TABLE notifications DROP CONSTRAINT notifications_place_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_place_check CHECK (
  CASE kind
    WHEN 'join_request' THEN join_request_id IS NOT NULL AND application_id IS NULL
    WHEN 'invitation' THEN invitation_id IS NOT NULL AND application_id IS NULL
    WHEN 'deadline' THEN application_id IS NOT NULL
    ELSE application_id IS NOT NULL AND section_id IS NOT NULL
  END
);
