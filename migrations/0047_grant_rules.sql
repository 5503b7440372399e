-- Each grant's rules in a shape that can be checked against a company's registry facts: the
-- countries it is for, company size (EU SME: fewer than 250 employees; small < 50; micro < 10),
-- age in years since founding, NACE prefixes included or excluded, legal forms (the registry's
-- codes), turnover at most, and the company's own share of the costs. A missing row or an empty
-- rule asks nothing. Owned by the grants feature (edited in the admin grant editor).
CREATE TABLE grant_rules (
  grant_id uuid PRIMARY KEY REFERENCES grants (id) ON DELETE CASCADE,
  countries text[] CHECK (countries IS NULL OR countries <@ ARRAY['DK', 'NO', 'FI']::text[]),
  company_size text CHECK (company_size IS NULL OR company_size IN ('micro', 'small', 'sme')),
  min_age_years integer CHECK (min_age_years IS NULL OR min_age_years BETWEEN 0 AND 200),
  max_age_years integer CHECK (max_age_years IS NULL OR max_age_years BETWEEN 1 AND 200),
  nace_included text[] NOT NULL DEFAULT '{}',
  nace_excluded text[] NOT NULL DEFAULT '{}',
  legal_forms text[] NOT NULL DEFAULT '{}',
  max_turnover_eur numeric(16, 2) CHECK (max_turnover_eur IS NULL OR max_turnover_eur > 0),
  cofinancing_pct numeric(5, 2) CHECK (cofinancing_pct IS NULL OR cofinancing_pct BETWEEN 0 AND 100),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The fund's country, for the public catalogue's filter and the grants it offers.
ALTER TABLE funds ADD COLUMN country text CHECK (country IS NULL OR country IN ('DK', 'NO', 'FI'));
UPDATE funds SET country = 'DK' WHERE slug = 'innovation-fund-denmark';

-- Innobooster as Innovationsfonden describes it: Danish SMEs (and start-ups) with a CVR number,
-- at least 25 % of the costs their own (the grant covers up to 75 % for the smallest).
INSERT INTO grant_rules (grant_id, countries, company_size, cofinancing_pct)
SELECT id, ARRAY['DK'], 'sme', 25 FROM grants WHERE slug = 'innobooster'
ON CONFLICT (grant_id) DO NOTHING;
