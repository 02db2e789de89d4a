"""Message-count sensor (seeds 001, 002): a user with >= 20 new messages since their last
consolidation, or > 1,000 working items, gets a run of their partition. Cursor-based: a batch (a
user's newest memory id) is requested once. New users are added as partitions as they appear."""

from __future__ import annotations

import json

import dagster as dg

from memory_pipeline.defs.consolidation.jobs import consolidation_job
from memory_pipeline.defs.dagster_private import range_tags
from memory_pipeline.defs.partitions import SHARDS, USERS_PARTITION, shard_key
from memory_pipeline.defs.resources import MemoryStoreResource
from memory_pipeline.store import consolidation as store

PER_USER_RUNS_UP_TO = 20  # more users due in one tick are batched into range runs


def plan_requests(
    due: list[tuple[str, int, int, int]], cursor: dict[str, int]
) -> tuple[list[str], dict[str, int]]:
    """Users to run now and the next cursor: one request per (user, newest memory id)."""
    run, nxt = [], dict(cursor)
    for user, _new, _working, max_id in due:
        if max_id > cursor.get(user, 0):
            run.append(user)
            nxt[user] = max_id
    return run, nxt


def batch_ranges(order: list[str], due: list[str], span: int) -> list[tuple[str, str, list[str]]]:
    """Contiguous partition ranges of at most `span` keys covering every due user: (start, end, due users)."""
    pos = {k: i for i, k in enumerate(order)}
    idx = sorted(pos[u] for u in due if u in pos)
    out: list[tuple[str, str, list[str]]] = []
    while idx:
        first = idx[0]
        group = [i for i in idx if i < first + span]
        out.append((order[first], order[group[-1]], [order[i] for i in group]))
        idx = idx[len(group) :]
    return out


@dg.sensor(
    job=consolidation_job, minimum_interval_seconds=60, default_status=dg.DefaultSensorStatus.RUNNING,
    description="Every minute: a run for each user with >= 20 new memories since their last consolidation or > 1,000 "
                "in working memory (seeds 001 / 002); adds new users as partitions.",
    tags={"trigger": "message_count"},
    owners=["team:memory-platform"],
)
def consolidation_due_sensor(context: dg.SensorEvaluationContext, memory_store: MemoryStoreResource):
    """Request a consolidation run for each user over the message-count threshold."""
    rt = memory_store.runtime
    conn, cfg = rt.conn, rt.settings.dagster
    cursor = json.loads(context.cursor) if context.cursor else {}
    due = store.users_due(conn, cfg.sensor_min_new, cfg.sensor_max_working)
    conn.rollback()
    users, nxt = plan_requests(due, cursor)
    if SHARDS:  # shard partitions are static: no partitions to add, one request per shard
        keys = sorted({shard_key(u) for u in users})
        return dg.SensorResult(
            run_requests=[
                dg.RunRequest(run_key=f"{k}:{max(nxt[u] for u in users)}", partition_key=k) for k in keys
            ],
            cursor=json.dumps(nxt),
        )
    known = set(context.instance.get_dynamic_partitions(USERS_PARTITION))
    everyone = store.all_users(conn)
    conn.rollback()
    new_partitions = [u for u in everyone if u not in known]
    order = [*known, *new_partitions]
    requests = (
        [
            dg.RunRequest(run_key=f"{u}:{nxt[u]}", partition_key=u, tags={"trigger": "message_count"})
            for u in users
        ]
        if len(users) <= PER_USER_RUNS_UP_TO
        else [
            # many users due at once: a few range runs, each consolidating only its due users
            dg.RunRequest(
                run_key=f"batch:{a}:{b}:{max(nxt[u] for u in group)}",
                tags={**range_tags(a, b), "trigger": "message_count"},
                run_config={"ops": {"consolidate_users": {"config": {"only_users": group}}}},
            )
            for a, b, group in batch_ranges(order, users, cfg.users_per_run)
        ]
    )
    if requests:
        context.log.info("requesting consolidation for %d user(s): %s", len(requests), ", ".join(users[:20]))
    return dg.SensorResult(
        run_requests=requests,
        dynamic_partitions_requests=[dg.AddDynamicPartitionsRequest(USERS_PARTITION, new_partitions)]
        if new_partitions
        else [],
        cursor=json.dumps(nxt),
    )
