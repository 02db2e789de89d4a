-- Each profile item with the memories and summaries that state it, so an explanation can cite them.
ALTER TABLE profiles ADD COLUMN IF NOT EXISTS fact_sources jsonb NOT NULL DEFAULT '{}'::jsonb;
