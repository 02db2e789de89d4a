"""The job that schedules and sensors launch."""

import dagster as dg

from memory_pipeline.defs.consolidation.assets import consolidate_users
from memory_pipeline.defs.partitions import user_partitions

consolidation_job = dg.define_asset_job(
    "consolidation_job",
    selection=dg.AssetSelection.assets(consolidate_users)
    | dg.AssetSelection.checks_for_assets(consolidate_users),
    partitions_def=user_partitions,
    description="Consolidate the users of the requested partitions (one transaction per user), then check them.",
    tags={"domain": "memory"},
)
