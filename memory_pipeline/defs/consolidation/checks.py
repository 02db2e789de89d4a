"""Asset checks of a consolidation run, on the users of its partitions: they read the store as the
run left it, so they can fail on what a run did (not only on what it reported)."""

import dagster as dg

from memory_pipeline.defs.partitions import partition_users
from memory_pipeline.defs.resources import MemoryStoreResource
from memory_pipeline.store import checks as check_sql
from memory_pipeline.store import consolidation as store

# consolidation never turns N memories into more than N units; far above one summary per
# max(cluster, episode) size something was dropped from the recall units
COMPRESSION_BOUNDS = (1.0, 100.0)


@dg.multi_asset_check(
    specs=[
        # blocking: a lost memory fails the run, so an alarm cannot pass as a green run
        dg.AssetCheckSpec("no_loss", asset="memory_summaries", blocking=True,
                          description="Every raw memory an earlier check saw is still there with the same content"
                                      " (or a logged forget / invalidate removed it), and every link points at"
                                      " a row that exists."),
        dg.AssetCheckSpec("user_isolation", asset="memory_summaries",
                          description="No summary or edge mixes memories of two users."),
        dg.AssetCheckSpec("summary_bounds", asset="memory_summaries",
                          description="Every summary is shorter than its sources; merges no longer than the longest."),
        dg.AssetCheckSpec("compression_in_bounds", asset="memory_summaries", blocking=False,
                          description=f"Raw rows : recall units of the run's users within {COMPRESSION_BOUNDS}."),
    ],
)
def consolidation_checks(context: dg.AssetCheckExecutionContext, memory_store: MemoryStoreResource):
    conn = memory_store.runtime.conn
    users = partition_users(list(context.op_execution_context.partition_keys), store.all_users(conn))
    only = set(_only_users(context.op_execution_context.run.run_config))
    users = [u for u in users if u in only] if only else users
    lost = check_sql.lost_memories(conn, users)
    ledger = check_sql.check_ledger(conn, users)
    yield dg.AssetCheckResult(
        check_name="no_loss", asset_key="memory_summaries",
        passed=not (lost or ledger.missing or ledger.changed),
        metadata={"broken_links": len(lost), "sample": str(lost[:5]), "rows_previously_checked": ledger.recorded,
                  "rows_now": ledger.present, "rows_deleted": len(ledger.missing),
                  "rows_content_changed": len(ledger.changed), "rows_newly_recorded": ledger.added,
                  "rows_forgotten": ledger.forgotten,
                  "deleted_sample": str(ledger.missing[:5]), "changed_sample": str(ledger.changed[:5])},
    )
    mixed = check_sql.mixed_user_rows(conn, users)
    yield dg.AssetCheckResult(check_name="user_isolation", asset_key="memory_summaries", passed=not mixed,
                              metadata={"mixed_rows": len(mixed), "sample": str(mixed[:5])})
    over = check_sql.oversized_summaries(conn, users)
    yield dg.AssetCheckResult(check_name="summary_bounds", asset_key="memory_summaries", passed=not over,
                              metadata={"oversized": len(over), "sample": str(over[:5])})
    active, units = check_sql.recall_units(conn, users)
    ratio = round(active / units, 3) if units else None
    low, high = COMPRESSION_BOUNDS
    yield dg.AssetCheckResult(
        check_name="compression_in_bounds", asset_key="memory_summaries",
        passed=ratio is None or low <= ratio <= high,
        metadata={"compression_ratio": ratio, "active_memories": active, "units_after": units},
    )
    conn.rollback()


def _only_users(run_config: dict) -> list[str]:
    """The users the run's config narrowed it to (`only_users` of the consolidation op): a shard's run
    for one user checks that user, not the whole shard."""
    return (run_config.get("ops", {}).get("consolidate_users", {}).get("config", {}) or {}).get("only_users") or []
