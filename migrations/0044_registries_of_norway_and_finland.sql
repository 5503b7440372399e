-- Companies from Norway (Brønnøysund's Enhetsregisteret) and Finland (PRH) beside Denmark's CVR:
-- a company is unique per country and number, and keeps the facts every country's registry
-- gives alike (NACE Rev. 2 industry, employee band, legal form, standing, where they came from).

ALTER TABLE companies ADD COLUMN country text NOT NULL DEFAULT 'DK' CHECK (country IN ('DK', 'NO', 'FI'));
ALTER TABLE companies DROP CONSTRAINT companies_org_id_check;
ALTER TABLE companies DROP CONSTRAINT companies_org_id_key;
ALTER TABLE companies ADD CONSTRAINT companies_org_id_of_country CHECK (
  (country = 'DK' AND org_id ~ '^[1-9][0-9]{7}$')
  OR (country = 'NO' AND org_id ~ '^[0-9]{9}$')
  OR (country = 'FI' AND org_id ~ '^[0-9]{7}-[0-9]$')
);
ALTER TABLE companies ADD CONSTRAINT companies_country_org_id_key UNIQUE (country, org_id);

ALTER TABLE companies
  ADD COLUMN nace text CHECK (nace IS NULL OR nace ~ '^[0-9]{2}(\.[0-9]{1,2})?$'),
  ADD COLUMN employees_min integer CHECK (employees_min IS NULL OR employees_min >= 0),
  ADD COLUMN employees_max integer CHECK (employees_max IS NULL OR employees_max >= 0),
  ADD COLUMN legal_form_code text,
  ADD COLUMN standing text NOT NULL DEFAULT 'active' CHECK (standing IN ('active', 'bankrupt', 'winding_up', 'dissolved')),
  -- 'manual' when typed by hand while the registry could not be reached.
  ADD COLUMN facts_source text CHECK (facts_source IS NULL OR facts_source IN ('cvr', 'brreg', 'prh', 'fixture', 'manual')),
  -- Answered on the profile when a grant's rule asks (turnover last year, in euro).
  ADD COLUMN turnover_eur numeric(16, 2) CHECK (turnover_eur IS NULL OR turnover_eur >= 0),
  ADD COLUMN turnover_answered_at timestamptz;

-- The Danish profiles kept so far: their industry code (DB07, six digits) is NACE's four first,
-- their head count a band as cvrapi.dk wrote it.
UPDATE companies SET
  nace = CASE WHEN industry_code ~ '^[0-9]{4,6}$' THEN substr(industry_code, 1, 2) || '.' || substr(industry_code, 3, 2) END,
  employees_min = CASE
    WHEN employees ~ '^[0-9]+$' THEN employees::integer
    WHEN employees ~ '^[0-9]+-[0-9]+$' THEN split_part(employees, '-', 1)::integer
    WHEN employees ~ '^[0-9]+\+$' THEN rtrim(employees, '+')::integer
  END,
  employees_max = CASE
    WHEN employees ~ '^[0-9]+$' THEN employees::integer
    WHEN employees ~ '^[0-9]+-[0-9]+$' THEN split_part(employees, '-', 2)::integer
  END,
  facts_source = CASE WHEN verified THEN 'cvr' ELSE 'manual' END;

ALTER TABLE registry_lookups ADD COLUMN country text NOT NULL DEFAULT 'DK' CHECK (country IN ('DK', 'NO', 'FI'));
ALTER TABLE registry_lookups DROP CONSTRAINT registry_lookups_org_id_check;
ALTER TABLE registry_lookups DROP CONSTRAINT registry_lookups_pkey;
ALTER TABLE registry_lookups ADD PRIMARY KEY (country, org_id);
ALTER TABLE registry_lookups ADD CONSTRAINT registry_lookups_org_id_of_country CHECK (
  (country = 'DK' AND org_id ~ '^[1-9][0-9]{7}$')
  OR (country = 'NO' AND org_id ~ '^[0-9]{9}$')
  OR (country = 'FI' AND org_id ~ '^[0-9]{7}-[0-9]$')
);
-- Why a lookup did not find the company: each reason has its own message.
ALTER TABLE registry_lookups ADD COLUMN reason text CHECK (
  reason IS NULL OR reason IN ('not_found', 'rate_limited', 'server_error', 'timeout', 'unreachable', 'malformed')
);
