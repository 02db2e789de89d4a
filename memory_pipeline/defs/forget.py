"""What a forgotten user or memory leaves in Dagster: the user's partition and the runs whose
materialization metadata can carry memory text (previews)."""

from __future__ import annotations

import dagster as dg

from memory_pipeline.config import Settings
from memory_pipeline.defs.launch import instance

ASSETS = ("raw_memories", "supersession_edges", "memory_clusters", "memory_summaries", "memory_tiers",
          "procedural_profile", "session_context")


def forget_in_dagster(settings: Settings, user_id: str, *, whole_user: bool) -> dict[str, int]:
    """Delete the runs that materialized the user's partition when their metadata may hold memory
    text (previews `full`), or always when the whole user goes; then the user's dynamic partition.

    A run's event log cannot be edited, only deleted with the run: a run over a range of users goes
    whole, so the UI loses that run's history for the other users too (their data is untouched).
    Under `redacted` or `off` previews no metadata holds memory text, and history stays."""
    # partitions reads the store when imported (a connection; it may start the embedded server)
    from memory_pipeline.defs.partitions import SHARDS, USERS_PARTITION, shard_key

    scrub = settings.previews == "full" or (whole_user and not SHARDS)
    if not scrub and not whole_user:
        return {"dagster_runs_deleted": 0}  # no metadata of a run holds memory text: history stays
    inst = instance(settings)
    deleted = 0
    if scrub:
        key = shard_key(user_id) if SHARDS else user_id
        runs = {rec.run_id for asset in ASSETS for rec in inst.fetch_materializations(
            dg.AssetRecordsFilter(asset_key=dg.AssetKey(asset), asset_partitions=[key]), limit=10_000).records}
        for run_id in sorted(runs):
            inst.delete_run(run_id)
        deleted = len(runs)
    if whole_user and not SHARDS:
        inst.delete_dynamic_partition(USERS_PARTITION, user_id)
    return {"dagster_runs_deleted": deleted}
