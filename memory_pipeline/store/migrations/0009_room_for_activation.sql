-- Room on each heap page for a new version of a row: recall raises the access count of the rows it
-- returns, and an update that fits on the row's own page adds no index entries (a HOT update; the
-- count columns are not indexed). On full pages every count wrote a new entry into each of the
-- row's indexes, a heavy user's HNSW index included (~0.5 ms per row, and index bloat). Rows are
-- ~1.9 kB (the vector is stored inline), so 80% leaves room for one such version per page: the heap
-- holds 3 rows a page instead of 4. Applies to pages written from now on; an existing store gets it
-- on its next rewrite (VACUUM FULL).
ALTER TABLE memories SET (fillfactor = 80);
ALTER TABLE summaries SET (fillfactor = 80);
