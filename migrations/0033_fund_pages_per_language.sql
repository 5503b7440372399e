-- A fund's and a grant's page exist per language, as their texts do: the Danish page in `url`,
-- the others as `url` in `translations`. The demo fund was seeded with its English pages in the
-- Danish column, so Danish readers were sent to English pages: its rows get both.
UPDATE funds
SET url = 'https://innovationsfonden.dk/da',
    translations = jsonb_set(translations, '{en}', coalesce(translations -> 'en', '{}'::jsonb) || '{"url": "https://innovationsfonden.dk/en"}'::jsonb)
WHERE slug = 'innovation-fund-denmark' AND url = 'https://innovationsfonden.dk/en';

UPDATE grants
SET url = 'https://innovationsfonden.dk/da/p/innobooster',
    translations = jsonb_set(translations, '{en}', coalesce(translations -> 'en', '{}'::jsonb) || '{"url": "https://innovationsfonden.dk/en/p/innobooster"}'::jsonb)
WHERE url = 'https://innovationsfonden.dk/en/p/innobooster';
