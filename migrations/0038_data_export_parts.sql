-- An archive is stored in parts of about 1 MB as the worker writes it (docs/decisions/0043), so
-- neither the worker nor a web process holds a whole archive in memory; a download reads the parts
-- one at a time, in order. The parts go with their archive.
CREATE TABLE data_export_parts (
  export_id uuid NOT NULL REFERENCES data_exports (id) ON DELETE CASCADE,
  part_no integer NOT NULL CHECK (part_no >= 0),
  bytes bytea NOT NULL,
  PRIMARY KEY (export_id, part_no)
);
-- A ZIP is compressed already: PostgreSQL keeps the parts out of line without trying again.
ALTER TABLE data_export_parts ALTER COLUMN bytes SET STORAGE EXTERNAL;

-- Archives stored whole before become one part each, and download as they did.
INSERT INTO data_export_parts (export_id, part_no, bytes)
SELECT id, 0, archive FROM data_exports WHERE archive IS NOT NULL;
ALTER TABLE data_exports DROP COLUMN archive;
