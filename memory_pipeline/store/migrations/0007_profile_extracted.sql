-- What the profile rules extracted from each of the profile's sources (facts and slot states, keyed by
-- a hash of the source's text and the extractor's fingerprint): a rebuild extracts only new sources.
ALTER TABLE profiles ADD COLUMN IF NOT EXISTS extracted jsonb NOT NULL DEFAULT '{}'::jsonb;
