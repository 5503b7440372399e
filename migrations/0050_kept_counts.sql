-- What the dashboard and the overview count per application is kept on its row (decision 0060):
-- its sections, those started (not `not_started`), done, in review and approved, and its open
-- comment threads. The applications module moves them in the transaction of the change that moves
-- them; here they are filled from a recount of what is stored.
ALTER TABLE applications
  ADD COLUMN sections_total integer NOT NULL DEFAULT 0,
  ADD COLUMN sections_started integer NOT NULL DEFAULT 0,
  ADD COLUMN sections_done integer NOT NULL DEFAULT 0,
  ADD COLUMN sections_in_review integer NOT NULL DEFAULT 0,
  ADD COLUMN sections_approved integer NOT NULL DEFAULT 0,
  ADD COLUMN open_threads integer NOT NULL DEFAULT 0;

UPDATE applications a
SET sections_total = r.total, sections_started = r.started, sections_done = r.done,
  sections_in_review = r.in_review, sections_approved = r.approved, open_threads = r.open_threads
FROM (
  SELECT a.id,
    (SELECT count(*) FROM application_sections s WHERE s.application_id = a.id) AS total,
    (SELECT count(*) FROM application_sections s WHERE s.application_id = a.id AND s.status <> 'not_started') AS started,
    (SELECT count(*) FROM application_sections s WHERE s.application_id = a.id AND s.status = 'done') AS done,
    (SELECT count(*) FROM application_sections s WHERE s.application_id = a.id AND s.status = 'need_review') AS in_review,
    (SELECT count(*) FROM application_sections s WHERE s.application_id = a.id AND s.status = 'approved') AS approved,
    (SELECT count(*) FROM section_comments c JOIN application_sections s ON s.id = c.section_id
      WHERE s.application_id = a.id AND c.thread_id IS NULL AND c.resolved_at IS NULL) AS open_threads
  FROM applications a
) r
WHERE r.id = a.id;
