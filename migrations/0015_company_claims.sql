-- Registry data proves that a company exists, not that a user belongs to it. A user who finds the
-- organisation ID taken asks to join; the company's owners and admins accept or decline. A
-- platform admin settles a dispute by moving ownership, recorded with who did it.

CREATE TABLE company_join_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message text NOT NULL DEFAULT '' CHECK (length(message) <= 1000),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn')),
  role text CHECK (role IS NULL OR role IN ('owner', 'admin', 'employee', 'reviewer')),
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One open request per user and company.
CREATE UNIQUE INDEX company_join_requests_pending_key ON company_join_requests (company_id, user_id) WHERE status = 'pending';
CREATE INDEX company_join_requests_user_idx ON company_join_requests (user_id) WHERE status = 'pending';

CREATE TABLE company_ownership_transfers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- The owners before the transfer (they stay members, as admins).
  previous_owner_ids uuid[] NOT NULL,
  new_owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
  transferred_by uuid REFERENCES users (id) ON DELETE SET NULL,
  reason text NOT NULL DEFAULT '' CHECK (length(reason) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX company_ownership_transfers_company_idx ON company_ownership_transfers (company_id, created_at DESC);
