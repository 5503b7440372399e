-- The identity of this installation (this database), made once when the database is first
-- migrated. Two installations that share a Redis (two checkouts on one machine, tests beside a
-- running app) use it in their default Redis key prefix (`gw:<id>`), so their queues and rate
-- limits stay apart, and every job carries it, so a worker never touches another database's job.
CREATE TABLE installation (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  id text NOT NULL UNIQUE DEFAULT left(replace(gen_random_uuid()::text, '-', ''), 16),
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO installation DEFAULT VALUES;
