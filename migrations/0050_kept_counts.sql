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
  SELECT a.id, s.total, s.started, s.done, s.in_review, s.approved, t.open_threads
  FROM applications a
  CROSS JOIN LATERAL (
    SELECT count(*) AS total,
      count(*) FILTER (WHERE status <> 'not_started') AS started,
      count(*) FILTER (WHERE status = 'done') AS done,
      count(*) FILTER (WHERE status = 'need_review') AS in_review,
      count(*) FILTER (WHERE status = 'approved') AS approved
    FROM application_sections WHERE application_id = a.id
  ) s
  CROSS JOIN LATERAL (
    SELECT count(*) AS open_threads FROM section_comments c JOIN application_sections cs ON cs.id = c.section_id
    WHERE cs.application_id = a.id AND c.thread_id IS NULL AND c.resolved_at IS NULL
  ) t
) r
WHERE r.id = a.id;
