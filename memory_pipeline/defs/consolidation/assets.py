"""The consolidation assets, partitioned per user, computed in one step per run.

The six assets are separate keys (lineage, metadata and checks per asset in the UI), but one op
computes them: each user's consolidation must commit all or nothing, which separate
steps with separate transactions could not give. A run over many partitions (single-run backfill)
loops over its users, one transaction each, so thousands of users do not mean thousands of runs.
Each asset's metadata is the sum of the phase results reported under it (`phases/*.ASSET`).
"""

import logging
import time
from collections import Counter

import dagster as dg

from memory_pipeline.consolidation import users as consolidation
from memory_pipeline.consolidation.config import MODES, ConsolidationConfig
from memory_pipeline.consolidation.phases.base import PhaseResult
from memory_pipeline.defs.consolidation.specs import consolidation_specs, raw_memories
from memory_pipeline.defs.partitions import SHARDS, partition_users, user_partitions
from memory_pipeline.defs.resources import EngineResource, MemoryStoreResource, consolidation_pool
from memory_pipeline.engines.base import fallback_reasons
from memory_pipeline.store import consolidation as store

log = logging.getLogger(__name__)

__all__ = ["consolidate_users", "raw_memories"]


class ConsolidateRunConfig(dg.Config):
    mode: str = "apply"  # apply | review
    dry_run: bool = False
    # a batched sensor run covers a partition range but only the users that crossed the threshold
    only_users: list[str] = []


@dg.multi_asset(
    name="consolidate_users",
    specs=consolidation_specs(),
    partitions_def=user_partitions,
    backfill_policy=dg.BackfillPolicy.single_run(),
    retry_policy=dg.RetryPolicy(max_retries=3, delay=2, backoff=dg.Backoff.EXPONENTIAL),
    pool=consolidation_pool(),
)
def consolidate_users(
    context: dg.AssetExecutionContext, config: ConsolidateRunConfig, memory_store: MemoryStoreResource,
    engine: EngineResource,
):
    """Consolidate the run's users: supersession, clusters, summaries, decisions, tiers, profile, context."""
    if config.mode not in MODES:
        raise dg.Failure(f"mode must be one of {MODES}, not {config.mode!r}", allow_retries=False)
    rt = memory_store.runtime
    judge, conn = engine.get(), rt.conn
    cfg = ConsolidationConfig(time_bounds=rt.settings.save.time_bounds)
    t0 = time.perf_counter()
    users, idle = _run_users(context, config, conn, judge, cfg)
    result = consolidation.consolidate_users(
        conn, users, engine=judge, embed=rt.embedder.encode, database_url=rt.url, run_id=context.run_id,
        mode=config.mode, dry_run=config.dry_run, config=cfg,
        # per-user lines go to the process log: each run event costs ~40 ms of instance storage
        on_user=lambda o: log.info("consolidated %s in %.2fs: %d changed rows", o.user_id, o.seconds,
                                   o.changed_rows),
    )
    batch_s = time.perf_counter() - t0
    refused = sum(judge.usage().over_budget_by_task.values())
    if refused:  # once per run, not per batch (the action log has one LLM_BUDGET entry too)
        context.log.warning("LLM time budget spent or breaker open: %d batch(es) of this run used the rules",
                            refused)
    context.log.info("consolidated %d user(s) with the %s engine, %d failed", len(result.outcomes),
                     judge.name, len(result.failed))
    _fail_or_mark_partial(context, result, lost=conn.closed or conn.broken)
    common = {"users": len(result.outcomes), "users_nothing_new": idle, "engine": judge.name,
              "model": judge.model or "", "mode": config.mode,
              "dry_run": config.dry_run, "batch_seconds": round(batch_s, 3),  # the run's time less Dagster's
              "seconds_per_user": round(sum(o.seconds for o in result.outcomes) / max(1, len(result.outcomes)), 4)}
    by_asset, extra = result.by_asset(), _run_metadata(result, per_user=len(context.partition_keys) == 1)
    llm = engine.settings().llm
    for spec in context.assets_def.specs:
        key = spec.key.to_user_string()
        phases = by_asset.get(key, PhaseResult(key, key))
        cost = llm_cost(phases.counts, llm.price_prompt, llm.price_completion)
        yield dg.MaterializeResult(asset_key=spec.key, metadata={
            **common, **_metadata(phases, rt.settings.previews), **extra.get(key, {}),
            **({"llm_cost_usd": cost} if cost is not None else {})})


def _run_users(context, config: ConsolidateRunConfig, conn, judge, cfg: ConsolidationConfig) -> tuple[list[str], int]:
    """The run's users and how many of its partitions' users it leaves alone. Named users (`only_users`:
    the CLI's --user, the launchpad) run as asked. A shard stands for thousands of users, so a shard run
    keeps only those with something new since their high-water mark (their watermark in the store);
    a per-user partition is run as requested."""
    users = partition_users(list(context.partition_keys), store.all_users(conn))
    if config.only_users:
        wanted = set(config.only_users)
        return [u for u in users if u in wanted], 0
    if not SHARDS:
        return users, 0
    busy = consolidation.users_with_work(conn, users, engine=judge, config=cfg)
    context.log.info("%d of the shard's %d user(s) have something new", len(busy), len(users))
    return busy, len(users) - len(busy)


FAILED_SHOWN = 20  # failed users named in metadata (a range run copies it onto every partition's event)
PARTIAL_TAG = "memory_pipeline/status"  # "partial" on a run where some users failed and the others committed


def _fail_or_mark_partial(context: dg.AssetExecutionContext, result: consolidation.BatchOutcome, *,
                          lost: bool) -> None:
    """A lost connection fails the step so its retry policy runs it again (committed users have nothing
    new then); a run where every user failed fails without a retry. Otherwise the failed users (logged
    `CONSOLIDATION_FAILED`) leave the run successful and tagged partial: its checks run, Dagster does
    not repeat every user's work for one of them, and the sensor retries those users with its backoff."""
    if not result.failed:
        return
    meta = {"failed_users": dg.MetadataValue.json(dict(list(result.failed.items())[:FAILED_SHOWN]))}
    if lost or not result.outcomes:
        raise dg.Failure(f"consolidation failed for {len(result.failed)} user(s)"
                         + (" (connection lost)" if lost else ""), metadata=meta, allow_retries=lost)
    context.log.error("consolidation failed for %d user(s), the others committed: %s", len(result.failed),
                      ", ".join(list(result.failed)[:FAILED_SHOWN]))
    context.instance.add_run_tags(context.run_id, {PARTIAL_TAG: "partial",
                                                   "memory_pipeline/failed_users": str(len(result.failed))})


def llm_cost(counts, price_prompt: float | None, price_completion: float | None) -> float | None:
    """Estimated USD from token counts and prices per million tokens (None: no price configured)."""
    if price_prompt is None and price_completion is None:
        return None
    return round((counts.get("llm_prompt_tokens", 0) * (price_prompt or 0)
                  + counts.get("llm_completion_tokens", 0) * (price_completion or 0)) / 1e6, 6)


TASK_FIGURES = ("calls", "valid", "repaired", "fallbacks", "over_budget", "seconds")


def llm_tasks(spent: Counter) -> dict[str, dict]:
    """Per LLM task: calls, answers valid as given, valid after a repair request, batches the rules
    judged (of which over the run's budget, unasked), seconds per call, and why the rules judged
    ({cause: batches})."""
    tasks = sorted({k[len(f"llm_{f}_"):] for k in spent for f in TASK_FIGURES if k.startswith(f"llm_{f}_")}
                   - {"tokens"})  # llm_prompt_tokens / llm_completion_tokens are no task
    out = {}
    for task in tasks:
        row = {f: spent.get(f"llm_{f}_{task}", 0) for f in TASK_FIGURES}
        seconds = row.pop("seconds")
        row["seconds_per_call"] = round(seconds / row["calls"], 4) if row["calls"] else None
        row["fallback_reasons"] = fallback_reasons(spent, task)
        out[task] = row
    return out


def _metadata(res: PhaseResult, previews: str = "full") -> dict:
    """Counts and actions by type; a preview of what was made as the operator allows
    (MEMORY_PIPELINE_PREVIEWS): full (memory text), redacted (ids, actions, reasons), off."""
    meta: dict = dict(sorted(res.counts.items()))
    if res.actions:
        meta["actions"] = dg.MetadataValue.json(dict(sorted(res.actions.items())))
    shown = {"full": res.previews, "redacted": res.redacted}.get(previews, [])
    if shown:
        meta["preview"] = dg.MetadataValue.md("\n".join(f"- {x}" for x in shown[:10]))
    return meta


def _run_metadata(result: consolidation.BatchOutcome, *, per_user: bool) -> dict[str, dict]:
    """Figures of the whole run, shown on the asset they belong to. Dagster copies a range run's metadata
    onto every partition's event, so a per-user table there would grow with the square of the run's
    users (19 MB of events for 200): it is kept for one-partition runs (a user, or a shard's users);
    in a range run each user's partition, the checks' metadata and the action log (by run id) say it."""
    comp = result.compression()
    by_asset = result.by_asset()
    spent = Counter()
    for phases in by_asset.values():
        spent.update({k: v for k, v in phases.counts.items() if k.startswith("llm_")})
    summ = by_asset.get("memory_summaries", PhaseResult("", "")).counts
    chars = summ["summary_chars"]
    return {
        "memory_summaries": {
            "compression_ratio": comp["ratio"],
            "summary_char_ratio": round(summ["summary_source_chars"] / chars, 2) if chars else 0.0,
            # the users this run left out (rolled back, logged CONSOLIDATION_FAILED): the run is partial
            **({"users_failed": len(result.failed),
                "failed_users": dg.MetadataValue.json(dict(list(result.failed.items())[:FAILED_SHOWN]))}
               if result.failed else {}),
            # the whole run's model use (every asset of the run), beside each asset's own share
            **{f"run_{k}": v for k, v in sorted(spent.items())},
            **({"llm_tasks": dg.MetadataValue.json(llm_tasks(spent))} if spent.get("llm_calls") or
               spent.get("llm_fallbacks") else {}),
            # per-user outcome (first 200 users of the partition): what the CLI and API report back
            **({"per_user": dg.MetadataValue.json({
                o.user_id: {**{k: v for k, v in o.counts.items() if not k.startswith("action:")},
                            "changed_rows": o.changed_rows, "status": o.status, "seconds": round(o.seconds, 3)}
                for o in result.outcomes[:200]})} if per_user else {}),
        },
        "memory_tiers": {"skipped_concurrent": sum(o.skipped_concurrent for o in result.outcomes),
                         "users_with_hnsw": result.users_with_hnsw},
        "session_context": {"changed_rows": sum(o.changed_rows for o in result.outcomes)},
    }
