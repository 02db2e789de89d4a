"""Nightly deep consolidation (daily at 02:00 local time by default).

Users are batched into few runs: each run covers a contiguous range of user partitions
(single-run backfill semantics), so a nightly run over thousands of users launches a handful of
processes, with one transaction per user inside.
"""

from __future__ import annotations

import dagster as dg

from memory_pipeline.config import Settings
from memory_pipeline.defs.consolidation.jobs import consolidation_job
from memory_pipeline.defs.dagster_private import range_tags
from memory_pipeline.defs.partitions import SHARDS, USERS_PARTITION, shard_keys

# cron and timezone are part of the schedule's definition, fixed when the code location loads
_CFG = Settings.from_env().dagster
USERS_PER_RUN = _CFG.users_per_run


def ranges(keys: list[str], size: int) -> list[tuple[str, str]]:
    return [(keys[i], keys[min(i + size, len(keys)) - 1]) for i in range(0, len(keys), size)]


@dg.schedule(
    job=consolidation_job,
    cron_schedule=_CFG.nightly_cron,
    execution_timezone=_CFG.timezone,
    default_status=dg.DefaultScheduleStatus.RUNNING,
    description="Nightly deep consolidation of every user, batched into runs of contiguous partition "
                "ranges of MEMORY_PIPELINE_USERS_PER_RUN users; with shards, one run per shard.",
    tags={"trigger": "nightly"},
    owners=["team:memory-platform"],
)
def nightly_consolidation(context: dg.ScheduleEvaluationContext):
    """Deep consolidation of every user, batched into runs of contiguous partition ranges."""
    stamp = context.scheduled_execution_time.isoformat()
    if SHARDS:  # a run per shard: the run queue runs as many at once as its limit allows
        return [dg.RunRequest(run_key=f"nightly:{stamp}:{k}", partition_key=k, tags={"trigger": "nightly"})
                for k in shard_keys()]
    keys = list(context.instance.get_dynamic_partitions(USERS_PARTITION))
    if not keys:
        return dg.SkipReason("no user partitions yet")
    return [
        dg.RunRequest(
            run_key=f"nightly:{stamp}:{a}",
            tags={**range_tags(a, b), "trigger": "nightly"},
        )
        for a, b in ranges(keys, USERS_PER_RUN)
    ]
