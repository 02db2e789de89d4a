"""User partitions. Per-user dynamic partitions while the deployment is small; hash shards past it.

MEMORY_PIPELINE_PARTITIONING: `user` (one dynamic partition per user), `shards:N` (N static hash
partitions; a shard's users are those whose stable hash falls in it), or `auto` (the default): per-user
until the store records a switch (`memory-pipeline partitions switch`, or the sensor once the users
pass MEMORY_PIPELINE_SHARD_THRESHOLD), which the next load of the definitions follows. Only the
partition -> users mapping changes: each user's consolidation state (its high-water mark) is in the
store, so a shard run after the switch does only the users with something new.
"""

from __future__ import annotations

import dagster as dg

from memory_pipeline.config import Settings, parse_partitioning
from memory_pipeline.lib.sharding import shard_of
from memory_pipeline.store import db
from memory_pipeline.store import partitioning as part_sql

USERS_PARTITION = "users"


def effective_partitioning(settings: Settings) -> str:
    """'user' or 'shards:N': the configured value, or with `auto` what the store records (per-user if
    nothing)."""
    if settings.dagster.partitioning != "auto":
        return settings.dagster.partitioning

    conn = db.connect(db.database_url(settings), autocommit=True, register=False)
    try:
        value = part_sql.recorded(conn) or "user"
    finally:
        conn.close()
    parse_partitioning(value)  # a hand-edited record fails here, in one line
    return value


# partitions are part of the definitions, so they are fixed when the code location loads
MODE = effective_partitioning(Settings.from_env())
SHARDS = parse_partitioning(MODE)

user_partitions: dg.PartitionsDefinition = (
    dg.StaticPartitionsDefinition([f"shard-{i:04d}" for i in range(SHARDS)])
    if SHARDS
    else dg.DynamicPartitionsDefinition(name=USERS_PARTITION)
)


def shard_key(user_id: str) -> str:
    return f"shard-{shard_of(user_id, SHARDS):04d}"


def shard_keys() -> list[str]:
    return [f"shard-{i:04d}" for i in range(SHARDS or 0)]


def partition_users(partition_keys: list[str], all_users: list[str]) -> list[str]:
    """The users with memories a run's partition keys stand for. A user partition without memories
    (consolidated by hand before its first save) has nothing to consolidate; an every-user run's range
    may pass over it."""
    if not SHARDS:
        have = set(all_users)
        return [k for k in partition_keys if k in have]
    wanted = set(partition_keys)
    return [u for u in all_users if shard_key(u) in wanted]
