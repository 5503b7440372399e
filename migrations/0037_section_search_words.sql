-- The words of each written section as its application's language reads them, for the company's
-- earlier answers (docs/decisions/0045): made when the section is first ranked or searched, and
-- again only when its text (by its MD5) or its application's language has changed since; a
-- keystroke never pays for them.
CREATE TABLE section_search_words (
  section_id uuid PRIMARY KEY REFERENCES application_sections (id) ON DELETE CASCADE,
  content_md5 text NOT NULL,
  language text NOT NULL,
  -- With the language's own dictionary (danish, english, norwegian), and as written ('simple').
  words tsvector NOT NULL,
  simple_words tsvector NOT NULL
);
