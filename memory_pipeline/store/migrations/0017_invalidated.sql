-- Invalidated memories (issue 31): a fact the user marked false leaves `memories`, so no read,
-- consolidation or profile ever treats it as current, and is kept here for the audit trail.
CREATE TABLE IF NOT EXISTS invalidated_memories (
    id             bigint PRIMARY KEY,
    user_id        text NOT NULL,
    external_id    text,
    content        text NOT NULL,
    created_at     timestamptz NOT NULL,
    reason         text NOT NULL,
    invalidated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS invalidated_memories_user ON invalidated_memories (user_id, id);
