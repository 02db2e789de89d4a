-- Heavy users get a partial HNSW index of their own (a global HNSW filtered by user returns too few
-- rows); this table says which users have one, so queries know when to let the planner use it.
CREATE TABLE user_vector_indexes (
    user_id        text PRIMARY KEY,
    index_name     text NOT NULL UNIQUE,
    rows_at_build  integer NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);
