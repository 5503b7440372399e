-- A company's calendar address (decision 0044) is shown to its owners, and only to them. When
-- someone stops being an owner — made admin, employee or reviewer, removed, leaving, handing the
-- company over, or deleting their account — the address they knew ends: the company's token is
-- cleared (the feed answers 404 at once) and the remaining owners make a new one on the profile.
-- In the database, so that every way a membership changes, now or later, ends it.
CREATE FUNCTION end_company_calendar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET calendar_token = NULL WHERE id = OLD.company_id AND calendar_token IS NOT NULL;
  RETURN NULL;
END
$$;

CREATE TRIGGER memberships_owner_gone AFTER DELETE ON memberships
  FOR EACH ROW WHEN (OLD.role = 'owner') EXECUTE FUNCTION end_company_calendar();

CREATE TRIGGER memberships_owner_demoted AFTER UPDATE OF role ON memberships
  FOR EACH ROW WHEN (OLD.role = 'owner' AND NEW.role <> 'owner') EXECUTE FUNCTION end_company_calendar();
