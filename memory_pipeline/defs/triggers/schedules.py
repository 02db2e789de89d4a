"""Nightly deep consolidation (seed 002: daily at 02:00 local time by default).

Users are batched into few runs: each run covers a contiguous range of user partitions
(single-run backfill semantics), so a nightly run over thousands of users launches a handful of
processes, with one transaction per user inside.
"""

from __future__ import annotations

import os

import dagster as dg
from dagster._core.storage.tags import ASSET_PARTITION_RANGE_END_TAG, ASSET_PARTITION_RANGE_START_TAG

from memory_pipeline.defs.consolidation.jobs import consolidation_job
from memory_pipeline.defs.partitions import SHARDS, USERS_PARTITION

NIGHTLY_CRON = os.environ.get("MEMORY_PIPELINE_NIGHTLY_CRON", "0 2 * * *")
NIGHTLY_TIMEZONE = os.environ.get("MEMORY_PIPELINE_TIMEZONE", "UTC")
USERS_PER_RUN = int(os.environ.get("MEMORY_PIPELINE_USERS_PER_RUN", "500"))


def ranges(keys: list[str], size: int) -> list[tuple[str, str]]:
    return [(keys[i], keys[min(i + size, len(keys)) - 1]) for i in range(0, len(keys), size)]


@dg.schedule(
    job=consolidation_job,
    cron_schedule=NIGHTLY_CRON,
    execution_timezone=NIGHTLY_TIMEZONE,
    default_status=dg.DefaultScheduleStatus.RUNNING,
)
def nightly_consolidation(context: dg.ScheduleEvaluationContext):
    """Deep consolidation of every user, batched into runs of contiguous partition ranges."""
    if SHARDS:
        keys = [f"shard-{i:04d}" for i in range(SHARDS)]
    else:
        keys = list(context.instance.get_dynamic_partitions(USERS_PARTITION))
    if not keys:
        return dg.SkipReason("no user partitions yet")
    stamp = context.scheduled_execution_time.isoformat()
    return [
        dg.RunRequest(
            run_key=f"nightly:{stamp}:{a}",
            tags={ASSET_PARTITION_RANGE_START_TAG: a, ASSET_PARTITION_RANGE_END_TAG: b, "trigger": "nightly"},
        )
        for a, b in ranges(keys, USERS_PER_RUN)
    ]
