-- A grant alert may be a company member's "only grants my company fits". Such an alert is sent
-- only for a grant whose rules the company's facts do not exclude, and says why it fits; while
-- the person is not a member of the company, or the company is deleted, it sends nothing, and it
-- goes with the company or the person when either is removed for good. An alert without a company
-- (a visitor's) is sent for every matching grant, as before.
ALTER TABLE grant_alerts
  ADD COLUMN company_id uuid REFERENCES companies (id) ON DELETE CASCADE,
  ADD COLUMN user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  ADD CONSTRAINT grant_alerts_company_with_its_member CHECK ((company_id IS NULL) = (user_id IS NULL));
