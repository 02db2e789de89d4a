-- The span of days a memory's resolved dates cover (NULL: none). A heavy user's partial GiST index
-- over it (store/indexes.py) answers "memories about these days" without reading every row of the
-- user; the exact check on the dates themselves still runs on what the index returns, so a span
-- only has to cover them. Never raises: it is evaluated when a heavy user's row is written.
CREATE OR REPLACE FUNCTION memory_date_span(dates jsonb) RETURNS daterange
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
    RETURN (
        SELECT CASE WHEN count(*) > 0 THEN daterange(min(d), max(d), '[]') END
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(dates) = 'array' THEN dates ELSE '[]' END) e,
             LATERAL (VALUES ((e->>'date')::date), ((coalesce(e->>'end', e->>'date'))::date)) v(d)
        WHERE d IS NOT NULL
    );
EXCEPTION WHEN others THEN
    RETURN NULL;
END
$$;
