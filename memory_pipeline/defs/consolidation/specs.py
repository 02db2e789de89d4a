"""The asset specs of the store and of consolidation; one spec per asset a phase reports under.

Every asset says in the UI what it is (description), where it lives (kinds), who answers for it
(owners) and which memory layer it holds (tag `memory_layer`: working, episodic, semantic, procedural)."""

from datetime import timedelta

import dagster as dg

from memory_pipeline.defs.partitions import user_partitions
from memory_pipeline.defs.resources import asset_code_version

GROUP = "consolidation"
OWNERS = ["team:memory-platform"]
# nightly consolidation (02:00) plus two hours of slack: an asset not materialized for 26 h is stale
FRESHNESS = dg.FreshnessPolicy.time_window(fail_window=timedelta(hours=26), warn_window=timedelta(hours=25))

raw_memories = dg.AssetSpec(
    "raw_memories",
    description="Raw agent memories written by the save path (remember / ingest / MCP); immutable, never "
                "deleted by consolidation. Partitioned per user (or per hash shard).",
    group_name="memory_store",
    kinds={"postgres", "pgvector"},
    owners=OWNERS,
    tags={"memory_layer": "episodic"},
    partitions_def=user_partitions,
)


def _spec(key: str, deps: list[str], layer: str, description: str) -> dg.AssetSpec:
    return dg.AssetSpec(key, deps=deps, description=description, group_name=GROUP, kinds={"postgres", "python"},
                        owners=OWNERS, tags={"memory_layer": layer}, freshness_policy=FRESHNESS,
                        partitions_def=user_partitions, code_version=asset_code_version(key))


def consolidation_specs() -> list[dg.AssetSpec]:
    # a function: module-level specs would also be loaded as separate (duplicate) assets
    return [
        _spec("supersession_edges", ["raw_memories"], "episodic",
              "Newer memories that replace older ones (edge `supersedes`, with the reason); the older memory "
              "stays, linked and down-weighted. `memory-pipeline explain EDGE_ID` shows both texts and why."),
        _spec("memory_clusters", ["raw_memories", "supersession_edges"], "episodic",
              "Clusters of near-duplicate memories by embedding (time ignored); new memories join existing "
              "clusters where they fit."),
        _spec("memory_summaries", ["memory_clusters", "supersession_edges"], "semantic",
              "N -> 1 summaries of clusters and conversation episodes, each linking every source, and the "
              "decisions (MERGE / REPLACE / KEEP_SEPARATE / UPDATE / SKIP) on flagged memories. Metadata: "
              "compression, actions by type, previews."),
        _spec("memory_tiers", ["memory_summaries", "supersession_edges"], "episodic",
              "Retention scores, tiers (hot / warm / cold / archived) and layers (working -> episodic)."),
        _spec("procedural_profile", ["memory_summaries", "supersession_edges"], "procedural",
              "One procedural profile per user, rebuilt from summaries and facts when its inputs change; "
              "`memory-pipeline explain USER` cites each fact's sources."),
        _spec("session_context", ["memory_summaries", "procedural_profile", "memory_tiers"], "semantic",
              "The session-start block agents inject (an XML block within a token budget). Check "
              "`users_caught_up` reports each user's backlog after the run."),
    ]
