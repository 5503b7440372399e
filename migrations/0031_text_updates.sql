-- A section's co-edited text stored as it comes (docs/decisions/0040-bounded-co-editing.md): each
-- accepted change is appended here, so a keystroke writes what it changed, not the whole document.
-- `application_sections.text_doc` holds the document up to `text_seq`; the changes after it are
-- folded in when the document is read, and into `text_doc` (deleting them here) now and then.
CREATE TABLE section_text_updates (
  section_id uuid NOT NULL REFERENCES application_sections (id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  "update" bytea NOT NULL,
  PRIMARY KEY (section_id, seq)
);
ALTER TABLE application_sections ADD COLUMN text_seq bigint NOT NULL DEFAULT 0;

-- Which person writes under which Yjs client id in a section's document. An id is bound to the
-- first person who uses it, and nobody else may write under it or claim it.
CREATE TABLE section_text_clients (
  section_id uuid NOT NULL REFERENCES application_sections (id) ON DELETE CASCADE,
  client_id bigint NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (section_id, client_id)
);
