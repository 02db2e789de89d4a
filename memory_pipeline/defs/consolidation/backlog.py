"""Per-user consolidation backlog after a run, as an asset check with the backlog as metadata."""

import dagster as dg

from memory_pipeline.config import Settings
from memory_pipeline.defs.partitions import partition_users
from memory_pipeline.defs.resources import MemoryStoreResource
from memory_pipeline.store import backlog as backlog_sql
from memory_pipeline.store import consolidation as store

# a user still this far behind right after their run would be due again at once (sensor threshold)
DUE = Settings.from_env().dagster.sensor_min_new


@dg.multi_asset_check(
    specs=[dg.AssetCheckSpec(
        "users_caught_up", asset="session_context", blocking=False,
        description=f"After the run, no user of its partitions has {DUE} or more memories left unconsolidated "
                    "(metadata: each user's backlog, memories saved since their last consolidation).",
    )],
)
def users_caught_up(context: dg.AssetCheckExecutionContext, memory_store: MemoryStoreResource):
    conn = memory_store.runtime.conn
    users = partition_users(list(context.op_execution_context.partition_keys), store.all_users(conn))
    behind = backlog_sql.by_user(conn, users)
    conn.rollback()
    due = sorted(u for u, n in behind.items() if n >= DUE)
    yield dg.AssetCheckResult(
        check_name="users_caught_up", asset_key="session_context", passed=not due,
        severity=dg.AssetCheckSeverity.WARN,
        metadata={
            "users": len(users),
            "backlog_total": sum(behind.values()),
            "users_with_backlog": len(behind),
            "users_still_due": dg.MetadataValue.json(due[:100]),
            # the largest backlogs first, 200 at most: what an operator looks at
            "backlog_by_user": dg.MetadataValue.json(dict(sorted(behind.items(), key=lambda kv: -kv[1])[:200])),
        },
    )
