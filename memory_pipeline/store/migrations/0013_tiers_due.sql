-- A run over a user with nothing new reads none of the user's rows unless a tier can have changed
-- since the last tier statement: when that statement ran (the run's own time, and the clock), the
-- earliest time after it at which a row's retention falls below its tier's threshold with no new
-- access, the counts it found, the run it belongs to and the retention settings it used.
ALTER TABLE consolidation_state
    ADD COLUMN IF NOT EXISTS tiers_at timestamptz,          -- the run's `now`
    ADD COLUMN IF NOT EXISTS tiers_checked_at timestamptz,  -- the clock at the start of its transaction
    ADD COLUMN IF NOT EXISTS tiers_due_at timestamptz,      -- 'infinity': no decay lowers any tier
    ADD COLUMN IF NOT EXISTS tiers_runs integer,            -- `runs` when written: a later run not recorded here voids it
    ADD COLUMN IF NOT EXISTS tiers_key text,                -- the retention settings (store/tiers.retention_key)
    ADD COLUMN IF NOT EXISTS tier_counts jsonb;             -- active rows by tier, and units

-- When recall last counted an access to one of the user's rows (an access raises a score). Its own
-- table: recall writes it without waiting for a consolidation that holds the user's state row.
CREATE TABLE IF NOT EXISTS user_activity (
    user_id     text PRIMARY KEY,
    accessed_at timestamptz NOT NULL
);
