-- An edited re-ingest of an external_id is a new version of it (the old row stays, superseded by the
-- new one): external ids are unique per user and version, not per user.
ALTER TABLE memories ADD COLUMN external_version integer NOT NULL DEFAULT 1;
ALTER TABLE memories DROP CONSTRAINT memories_external_id_unique;
ALTER TABLE memories ADD CONSTRAINT memories_external_id_version_unique
    UNIQUE (user_id, external_id, external_version);

-- What the no-loss check saw: every raw row it has checked and a digest of its content. A later check
-- compares the store with it, so a deleted or edited raw row fails the check (raw memories are
-- immutable and never deleted).
CREATE TABLE memory_ledger (
    user_id     text NOT NULL,
    id          bigint NOT NULL,
    content_md5 uuid NOT NULL,
    checked_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, id)
);
