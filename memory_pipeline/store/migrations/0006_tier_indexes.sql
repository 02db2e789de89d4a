-- A heavy user's HNSW search is split by what each recall mode searches (see store/indexes.py):
-- `tiers` indexes hold one share of the user's rows each, so a standard recall's index scan reads
-- only searchable rows instead of filtering tiers row by row. `user` is the earlier single index over
-- every row of the user (still read until the next consolidation rebuilds it as `tiers`).
ALTER TABLE user_vector_indexes ADD COLUMN layout text NOT NULL DEFAULT 'user'
    CHECK (layout IN ('user', 'tiers'));
