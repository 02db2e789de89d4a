"""The asset specs of the store and of consolidation; one spec per asset a phase reports under."""

import dagster as dg

from memory_pipeline.defs.partitions import user_partitions
from memory_pipeline.defs.resources import asset_code_version

GROUP = "consolidation"

raw_memories = dg.AssetSpec(
    "raw_memories",
    description="Raw agent memories written by the save path (remember / ingest); never deleted.",
    group_name="memory_store",
    kinds={"postgres"},
    partitions_def=user_partitions,
)


def _spec(key: str, deps: list[str], description: str) -> dg.AssetSpec:
    return dg.AssetSpec(key, deps=deps, description=description, group_name=GROUP, kinds={"postgres", "python"},
                        partitions_def=user_partitions, code_version=asset_code_version(key))


def consolidation_specs() -> list[dg.AssetSpec]:
    # a function: module-level specs would also be loaded as separate (duplicate) assets
    return [
        _spec("supersession_edges", ["raw_memories"], "Newer memories that replace older ones, with the reason."),
        _spec("memory_clusters", ["raw_memories", "supersession_edges"], "Clusters of near-duplicate memories."),
        _spec("memory_summaries", ["memory_clusters", "supersession_edges"],
              "N -> 1 summaries linking every source, and the seed 002 decisions on flagged memories."),
        _spec("memory_tiers", ["memory_summaries", "supersession_edges"], "Retention scores, tiers and layers."),
        _spec("procedural_profile", ["memory_summaries", "supersession_edges"], "One procedural profile per user."),
        _spec("session_context", ["memory_summaries", "procedural_profile", "memory_tiers"],
              "The session-start block agents inject."),
    ]
