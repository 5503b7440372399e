-- The company's name as the registry has it, shown beside the name its users gave it (which they
-- choose freely): "Vestas (official)" is seen to be VESTAS WIND SYSTEMS A/S. Null until the
-- registry has confirmed the company.
ALTER TABLE companies ADD COLUMN registry_name text;

UPDATE companies
SET registry_name = registry_lookups.profile ->> 'name'
FROM registry_lookups
WHERE registry_lookups.org_id = companies.org_id
  AND registry_lookups.status = 'found'
  AND companies.verified;
