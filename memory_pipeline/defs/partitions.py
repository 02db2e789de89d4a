"""User partitions. Per-user dynamic partitions by default; hash shards past ~100k users.

MEMORY_PIPELINE_PARTITIONING=shards:64 switches to 64 static shard partitions; a shard's users are
those whose stable hash falls in it (the store computes it), so nothing else changes.
"""

from __future__ import annotations

import os

import dagster as dg

USERS_PARTITION = "users"


def _shards() -> int | None:
    raw = os.environ.get("MEMORY_PIPELINE_PARTITIONING", "user")
    if raw.startswith("shards:"):
        return int(raw.split(":", 1)[1])
    return None


SHARDS = _shards()

user_partitions: dg.PartitionsDefinition = (
    dg.StaticPartitionsDefinition([f"shard-{i:04d}" for i in range(SHARDS)])
    if SHARDS
    else dg.DynamicPartitionsDefinition(name=USERS_PARTITION)
)


def partition_users(partition_keys: list[str], all_users: list[str]) -> list[str]:
    """The users a run's partition keys stand for."""
    if not SHARDS:
        return list(partition_keys)
    from memory_pipeline.lib.sharding import shard_of

    wanted = set(partition_keys)
    return [u for u in all_users if f"shard-{shard_of(u, SHARDS):04d}" in wanted]
