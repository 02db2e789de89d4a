-- A summary's sources' external ids, kept beside `source_ids` (same order, '' where a source has none).
-- Recall returns them with every summary; reading them from the sources cost a heavy user's recall
-- a lookup of up to a few hundred memory rows (~1.5 ms). External ids never change (an edited
-- re-ingest is a new row), so the copy only has to follow `source_ids`, which the trigger does for
-- whatever writes summaries.
ALTER TABLE summaries ADD COLUMN IF NOT EXISTS source_external_ids text[];

CREATE OR REPLACE FUNCTION summary_source_external_ids() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW.source_external_ids := (
        SELECT array_agg(coalesce(m.external_id, '') ORDER BY m.id) FROM memories m
        WHERE m.id = ANY(NEW.source_ids));
    RETURN NEW;
END
$$;

DROP TRIGGER IF EXISTS summaries_source_external_ids ON summaries;
CREATE TRIGGER summaries_source_external_ids BEFORE INSERT OR UPDATE OF source_ids ON summaries
    FOR EACH ROW EXECUTE FUNCTION summary_source_external_ids();

UPDATE summaries s SET source_external_ids = (
    SELECT array_agg(coalesce(m.external_id, '') ORDER BY m.id) FROM memories m WHERE m.id = ANY(s.source_ids));
