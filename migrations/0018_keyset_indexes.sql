-- Indexes for the hot lists, so each reads a page in key order instead of scanning and sorting
-- a table that grows with use.

-- The dashboard's "open grants you have not applied to": open, published grants by deadline,
-- read in order until five pass the not-applied-to test.
CREATE INDEX grants_open_deadline_idx ON grants ((coalesce(deadline_at, 'infinity'::timestamptz)), title)
  WHERE published_at IS NOT NULL AND status = 'open';

-- A company's applications newest activity first, with the id as the tie-breaker the keyset
-- pagination continues from. Replaces the index without the tie-breaker.
CREATE INDEX applications_company_keyset_idx ON applications (company_id, updated_at DESC, id);
DROP INDEX applications_company_idx;
