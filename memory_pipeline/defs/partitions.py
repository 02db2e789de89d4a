"""User partitions. Per-user dynamic partitions by default; hash shards past ~100k users.

MEMORY_PIPELINE_PARTITIONING=shards:64 switches to 64 static shard partitions; a shard's users are
those whose stable hash falls in it, so nothing else changes.
"""

from __future__ import annotations

import dagster as dg

from memory_pipeline.config import Settings
from memory_pipeline.lib.sharding import shard_of

USERS_PARTITION = "users"

# partitions are part of the definitions, so they are fixed when the code location loads
SHARDS = Settings.from_env().dagster.shards

user_partitions: dg.PartitionsDefinition = (
    dg.StaticPartitionsDefinition([f"shard-{i:04d}" for i in range(SHARDS)])
    if SHARDS
    else dg.DynamicPartitionsDefinition(name=USERS_PARTITION)
)


def shard_key(user_id: str) -> str:
    return f"shard-{shard_of(user_id, SHARDS):04d}"


def partition_users(partition_keys: list[str], all_users: list[str]) -> list[str]:
    """The users with memories a run's partition keys stand for. A user partition without memories
    (consolidated by hand before its first save) has nothing to consolidate; an every-user run's range
    may pass over it."""
    if not SHARDS:
        have = set(all_users)
        return [k for k in partition_keys if k in have]
    wanted = set(partition_keys)
    return [u for u in all_users if shard_key(u) in wanted]
