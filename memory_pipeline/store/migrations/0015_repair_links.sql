-- Links earlier versions could leave behind (issue 29). Each repaired row gets a new version and
-- `updated_at`, so its user's next consolidation is not quiet and re-derives what was cleared.

-- A memory summarized into a summary that was replaced or deleted, or that no longer lists it (a
-- REPLACE, then the cluster's summary re-derived without the duplicate): re-pointed at a summary of
-- the user that does list it, else cleared.
UPDATE memories m SET summarized_into = (
        SELECT s.id FROM summaries s WHERE s.user_id = m.user_id AND m.id = ANY(s.source_ids) ORDER BY s.id LIMIT 1),
    version = m.version + 1, updated_at = now()
WHERE m.summarized_into IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM summaries y WHERE y.id = m.summarized_into AND m.id = ANY(y.source_ids));

-- Duplicates that go round (a accepted as a duplicate of b while b was already one of a): the
-- smallest id of each loop is the original again.
WITH RECURSIVE walk (start, cur, path) AS (
    SELECT id, duplicate_of, ARRAY[id] FROM memories WHERE duplicate_of IS NOT NULL
    UNION ALL
    SELECT w.start, m.duplicate_of, w.path || m.id FROM walk w JOIN memories m ON m.id = w.cur
    WHERE m.duplicate_of IS NOT NULL AND NOT m.id = ANY(w.path)
)
UPDATE memories m SET duplicate_of = NULL, version = m.version + 1, updated_at = now()
FROM walk w
WHERE m.id = w.start AND w.cur = w.start AND w.start = (SELECT min(x) FROM unnest(w.path) x);

-- A flagged memory whose match has become its own duplicate (an accepted REPLACE kept it): nothing is
-- left to decide, and deciding it again would link it to itself.
UPDATE memories m SET flagged = false, version = m.version + 1, updated_at = now()
FROM memories o
WHERE m.flagged AND o.id = m.flag_match_id AND o.duplicate_of = m.id;
