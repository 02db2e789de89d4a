-- Who judged a derived row: supersession edges and profiles say which method, model and prompt
-- version made them (summaries already do), so a changed prompt or model is visible row by row.
ALTER TABLE edges ADD COLUMN method text;
ALTER TABLE edges ADD COLUMN model text;
ALTER TABLE edges ADD COLUMN prompt_version text;
ALTER TABLE profiles ADD COLUMN prompt_version text;
