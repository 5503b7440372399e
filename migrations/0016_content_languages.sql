-- The catalogue's own texts in English and Norwegian beside the Danish ones. The Danish text stays
-- in its column (required, the fallback, what search and ordering read); `translations` holds the
-- optional others as {"en": {"<column>": "…"}, "nb": {…}} (docs/decisions/0017-content-languages.md).
ALTER TABLE funds ADD COLUMN translations jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(translations) = 'object');
ALTER TABLE grants ADD COLUMN translations jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(translations) = 'object');
ALTER TABLE grant_requirements ADD COLUMN translations jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(translations) = 'object');
ALTER TABLE grant_sections ADD COLUMN translations jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(translations) = 'object');
ALTER TABLE section_requirements ADD COLUMN translations jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(translations) = 'object');
ALTER TABLE section_inputs ADD COLUMN translations jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(translations) = 'object');
