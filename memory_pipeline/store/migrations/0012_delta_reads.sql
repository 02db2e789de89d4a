-- What an incremental run reads instead of every row of a user (store/delta.py): the rows that can
-- take part in its decisions, each found through an index, so its cost follows what is new.

-- The subject slots each memory states (`facts` entries of kind 'slot'), one row per (slot, memory):
-- supersession judges every statement of a slot a new memory states, and these are found here
-- instead of by decoding every row's facts. Facts are written once, on insert, so an insert trigger
-- keeps the table whole; one statement per insert statement (bulk loads stay set-based).
CREATE TABLE IF NOT EXISTS memory_slots (
    user_id   text   NOT NULL,
    slot      text   NOT NULL,
    memory_id bigint NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, memory_id, slot)  -- the slots of a user's new rows: a range of ids
);
CREATE INDEX IF NOT EXISTS memory_slots_slot ON memory_slots (user_id, slot);  -- every row stating a slot

CREATE OR REPLACE FUNCTION memory_slots_on_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO memory_slots (user_id, slot, memory_id)
    SELECT DISTINCT a.user_id, f->>'slot', a.id FROM added a, jsonb_array_elements(a.facts) f
    WHERE jsonb_typeof(a.facts) = 'array' AND f->>'kind' = 'slot' AND f->>'slot' IS NOT NULL
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS memories_slots ON memories;
CREATE TRIGGER memories_slots AFTER INSERT ON memories REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION memory_slots_on_insert();

INSERT INTO memory_slots (user_id, slot, memory_id)
SELECT DISTINCT m.user_id, f->>'slot', m.id FROM memories m, jsonb_array_elements(m.facts) f
WHERE jsonb_typeof(m.facts) = 'array' AND f->>'kind' = 'slot' AND f->>'slot' IS NOT NULL
ON CONFLICT DO NOTHING;

-- Rows a run reads whatever is new: current and not summarized (episodes, the cluster pool), flagged
-- (decisions) or still in working memory. Few once a user has been consolidated.
CREATE INDEX IF NOT EXISTS memories_user_open ON memories (user_id)
    WHERE duplicate_of IS NULL AND ((superseded_by IS NULL AND summarized_into IS NULL) OR flagged OR layer = 'working');

-- Whether anything changed since a user's last run (a run's first question), without reading its rows.
CREATE INDEX IF NOT EXISTS memories_user_updated ON memories (user_id, updated_at);

-- The members of a cluster a new memory joins (its summary is written again from all of them).
CREATE INDEX IF NOT EXISTS memories_cluster ON memories (cluster_id) WHERE cluster_id IS NOT NULL;

-- What the session block was rendered from (summary ids, profile, budget): a run whose inputs are the
-- same leaves the block as it is without decoding every summary's lists to render it again.
ALTER TABLE session_context ADD COLUMN IF NOT EXISTS inputs_fingerprint text;
