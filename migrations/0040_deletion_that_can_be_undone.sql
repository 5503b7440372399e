-- Deleting a company or an application can be undone for 14 days (docs/decisions/0050). A deleted
-- company keeps its rows, marked with when and by whom it was deleted; its memberships move to
-- `deleted_company_members`, so everything reached through a membership (every company- and
-- application-scoped call, every list, reminder and feed) finds nothing at once, and a restore
-- moves them back as they were. A deleted application is marked the same way. The retention
-- sweep removes both for good once 14 days have passed, with everything that went with them.
ALTER TABLE companies
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN deleted_by uuid REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX companies_deleted_at_idx ON companies (deleted_at) WHERE deleted_at IS NOT NULL;

CREATE TABLE deleted_company_members (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'employee', 'reviewer')),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, user_id)
);
CREATE INDEX deleted_company_members_user_id_idx ON deleted_company_members (user_id);

ALTER TABLE applications
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN deleted_by uuid REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX applications_deleted_at_idx ON applications (company_id, deleted_at) WHERE deleted_at IS NOT NULL;
