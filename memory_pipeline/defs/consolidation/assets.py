"""The consolidation assets, partitioned per user, computed in one step per run.

The six assets are separate keys (lineage, metadata and checks per asset in the UI), but one op
computes them: each user's consolidation must commit all or nothing (seed 001), which separate
steps with separate transactions could not give. A run over many partitions (single-run backfill)
loops over its users, one transaction each, so thousands of users do not mean thousands of runs.
"""

import logging
from collections import Counter

import dagster as dg

from memory_pipeline.consolidation.engine import get_engine
from memory_pipeline.consolidation.run import MODES, consolidate_user
from memory_pipeline.defs.partitions import partition_users, user_partitions
from memory_pipeline.defs.resources import MemoryStoreResource
from memory_pipeline.store import checks as check_sql
from memory_pipeline.store import consolidation as store
from memory_pipeline.store.indexes import HNSW_MIN_ROWS, ensure_user_index

GROUP = "consolidation"
log = logging.getLogger(__name__)

raw_memories = dg.AssetSpec(
    "raw_memories",
    description="Raw agent memories written by the save path (remember / ingest); never deleted.",
    group_name="memory_store",
    kinds={"postgres"},
    partitions_def=user_partitions,
)


def _spec(key: str, deps: list[str], description: str) -> dg.AssetSpec:
    return dg.AssetSpec(
        key,
        deps=deps,
        description=description,
        group_name=GROUP,
        kinds={"postgres", "python"},
        partitions_def=user_partitions,
    )


def _specs() -> list[dg.AssetSpec]:
    # built in a function: module-level specs would also be loaded as separate (duplicate) assets
    return [
        _spec(
            "supersession_edges", ["raw_memories"], "Newer memories that replace older ones, with the reason."
        ),
        _spec(
            "memory_clusters", ["raw_memories", "supersession_edges"], "Clusters of near-duplicate memories."
        ),
        _spec(
            "memory_summaries",
            ["memory_clusters", "supersession_edges"],
            "N -> 1 summaries linking every source.",
        ),
        _spec(
            "memory_tiers", ["memory_summaries", "supersession_edges"], "Retention scores, tiers and layers."
        ),
        _spec(
            "procedural_profile",
            ["memory_summaries", "supersession_edges"],
            "One procedural profile per user.",
        ),
        _spec(
            "session_context",
            ["memory_summaries", "procedural_profile", "memory_tiers"],
            "The session-start block agents inject.",
        ),
    ]


CHECKS = [
    dg.AssetCheckSpec(
        "no_loss",
        asset="memory_summaries",
        description="Every raw memory is still there: active or linked to what replaced it.",
    ),
    dg.AssetCheckSpec(
        "user_isolation",
        asset="memory_summaries",
        description="No summary or edge mixes memories of two users.",
    ),
    dg.AssetCheckSpec(
        "summary_bounds",
        asset="memory_summaries",
        description="Every summary is shorter than its sources; merges no longer than the longest.",
    ),
    dg.AssetCheckSpec(
        "compression_reported",
        asset="memory_summaries",
        description="Compression ratio of the run's users (raw rows : units after).",
        blocking=False,
    ),
]


class ConsolidateRunConfig(dg.Config):
    mode: str = "apply"  # apply | review
    dry_run: bool = False
    # a batched sensor run covers a partition range but only the users that crossed the threshold
    only_users: list[str] = []


@dg.multi_asset(
    name="consolidate_users",
    specs=_specs(),
    check_specs=CHECKS,
    partitions_def=user_partitions,
    backfill_policy=dg.BackfillPolicy.single_run(),
    retry_policy=dg.RetryPolicy(max_retries=3, delay=2, backoff=dg.Backoff.EXPONENTIAL),
    pool="memory_consolidation",
)
def consolidate_users(
    context: dg.AssetExecutionContext, config: ConsolidateRunConfig, memory_store: MemoryStoreResource
):
    """Consolidate the run's users: supersession, clusters, summaries, decisions, tiers, profile, context."""
    if config.mode not in MODES:
        raise dg.Failure(f"mode must be one of {MODES}, not {config.mode!r}")
    svc = memory_store.service
    conn = svc.conn
    users = partition_users(list(context.partition_keys), store.all_users(conn))
    if config.only_users:
        wanted = set(config.only_users)
        users = [u for u in users if u in wanted]
    engine = get_engine(svc.settings)
    totals: Counter = Counter()
    outcomes, failed = [], {}
    previews: dict[str, list[str]] = {}
    for user in users:
        try:
            out = consolidate_user(
                conn, user, engine=engine, run_id=context.run_id, mode=config.mode, dry_run=config.dry_run
            )
        except Exception as e:  # one user's failure rolls back that user only
            context.log.error("consolidation of %s failed: %s", user, e)
            failed[user] = f"{type(e).__name__}: {e}"
            continue
        outcomes.append(out)
        heavy = out.compression.get("active_memories", 0) >= HNSW_MIN_ROWS
        if heavy and not config.dry_run and ensure_user_index(svc.url, user):
            totals["users_with_hnsw"] += 1
        totals.update(out.counts)
        totals["changed_rows"] += out.changed_rows
        for k, v in out.previews.items():
            previews.setdefault(k, []).extend(v[:3])
        # per-user lines go to the process log: each run event costs ~40 ms of instance storage
        log.info("consolidated %s in %.2fs: %d changed rows", user, out.seconds, out.changed_rows)
    # profile vectors for recall, encoded in one batch for the whole run (one encoder call per user
    # would cost more than the rest of the consolidation)
    to_embed = [(o.user_id, *o.profile_to_embed) for o in outcomes if o.profile_to_embed]
    if to_embed:
        vectors = svc.embedder.encode([text for _, _, text in to_embed])
        store.set_profile_embeddings(
            conn, [(u, pid, v) for (u, pid, _), v in zip(to_embed, vectors, strict=True)]
        )
    context.log.info("consolidated %d user(s), %d failed, %d changed rows", len(outcomes), len(failed),
                     totals["changed_rows"])
    if failed and not outcomes:
        raise dg.Failure(f"consolidation failed for {len(failed)} user(s)", metadata={"failed": failed})

    n_users = len(outcomes)
    active = sum(o.compression.get("active_memories", 0) for o in outcomes)
    after = sum(o.compression.get("units_after", 0) for o in outcomes)
    common = {
        "users": n_users,
        "engine": engine.name,
        "mode": config.mode,
        "dry_run": config.dry_run,
        "seconds_per_user": round(sum(o.seconds for o in outcomes) / max(1, n_users), 4),
    }

    def md(key: str) -> dg.MetadataValue:
        lines = previews.get(key, [])[:10]
        return dg.MetadataValue.md("\n".join(f"- {x}" for x in lines) or "_nothing new_")

    yield dg.MaterializeResult(
        asset_key="supersession_edges",
        metadata={
            **common,
            "edges_new": totals["supersession_edges"],
            "suggestions": totals["suggestions"],
            "preview": md("supersession_edges"),
        },
    )
    yield dg.MaterializeResult(
        asset_key="memory_clusters",
        metadata={
            **common,
            "clusters_new": totals["clusters_new"],
            "clusters_joined": totals["clusters_joined"],
        },
    )
    ratio = round(active / after, 3) if after else 0.0
    char_ratio = (
        round(totals["summary_source_chars"] / totals["summary_chars"], 2) if totals["summary_chars"] else 0.0
    )
    yield dg.MaterializeResult(
        asset_key="memory_summaries",
        metadata={
            **common,
            "summaries_written": totals["summaries_written"],
            "summary_sources": totals["summary_sources"],
            "compression_ratio": ratio,
            "summary_char_ratio": char_ratio,
            "merged": totals["merged"],
            "replaced": totals["replaced"],
            "llm_calls": 0,
            "llm_tokens": 0,
            "preview": md("summaries"),
            # per-user outcome (first 200 users of the run): what the CLI and API report back
            "per_user": dg.MetadataValue.json(
                {
                    o.user_id: {
                        **{k: v for k, v in o.counts.items() if not k.startswith("action:")},
                        "changed_rows": o.changed_rows,
                        "status": o.status,
                        "seconds": round(o.seconds, 3),
                    }
                    for o in outcomes[:200]
                }
            ),
        },
    )
    yield dg.MaterializeResult(
        asset_key="memory_tiers",
        metadata={
            **common,
            "tier_changes": totals["tier_changes"],
            "skipped_concurrent": totals["skipped_concurrent"],
        },
    )
    yield dg.MaterializeResult(
        asset_key="procedural_profile",
        metadata={
            **common,
            "profiles_written": totals["profiles_written"],
            "preview": md("procedural_profile"),
        },
    )
    yield dg.MaterializeResult(
        asset_key="session_context",
        metadata={
            **common,
            "blocks_written": totals["session_blocks_written"],
            "preview": md("session_context"),
            "changed_rows": totals["changed_rows"],
        },
    )

    done = [o.user_id for o in outcomes]
    lost = check_sql.lost_memories(conn, done)
    yield dg.AssetCheckResult(
        check_name="no_loss",
        asset_key="memory_summaries",
        passed=not lost,
        metadata={"broken_links": len(lost), "sample": str(lost[:5])},
    )
    mixed = check_sql.mixed_user_rows(conn, done)
    yield dg.AssetCheckResult(
        check_name="user_isolation",
        asset_key="memory_summaries",
        passed=not mixed,
        metadata={"mixed_rows": len(mixed), "sample": str(mixed[:5])},
    )
    over = check_sql.oversized_summaries(conn, done)
    yield dg.AssetCheckResult(
        check_name="summary_bounds",
        asset_key="memory_summaries",
        passed=not over,
        metadata={"oversized": len(over), "sample": str(over[:5])},
    )
    yield dg.AssetCheckResult(
        check_name="compression_reported",
        asset_key="memory_summaries",
        passed=True,
        metadata={"compression_ratio": ratio, "active_memories": int(active), "units_after": int(after)},
    )
    if failed:
        raise dg.Failure(
            f"consolidation failed for {len(failed)} of {len(users)} user(s); the others committed",
            metadata={"failed": failed},
        )
