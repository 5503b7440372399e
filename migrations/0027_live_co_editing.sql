-- Live co-editing of a section's text (docs/decisions/0034-live-co-editing.md): the text is a Yjs
-- document, kept here as its encoded state; `content` stays the plain text the rest of the product
-- reads, written from the document in the same statement. Null until the section is first opened
-- in the editor or written, when the document is made from `content`.
ALTER TABLE application_sections ADD COLUMN text_doc bytea;

-- The inputs, ticks and rows are saved as before, on a version of their own: a colleague typing
-- in the text no longer makes a save of the inputs a conflict.
ALTER TABLE application_sections ADD COLUMN fields_version integer NOT NULL DEFAULT 1;
