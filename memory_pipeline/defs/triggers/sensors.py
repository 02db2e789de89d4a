"""Message-count sensor: a user with >= 20 new messages since their last
consolidation, or > 1,000 working items, is consolidated; the users due in one tick share runs (one
per contiguous range of their partitions, a partition run for a lone user). Cursor-based: a batch (a
user's newest memory id) is requested once; if its run fails, it is requested again after a backoff,
up to three attempts, then the user is flagged in the log and the action log. New users are added as
partitions as they appear."""

from __future__ import annotations

import hashlib
import json
import time
from datetime import UTC, datetime

import dagster as dg

from memory_pipeline.defs.consolidation.assets import PARTIAL_TAG
from memory_pipeline.defs.consolidation.jobs import consolidation_job
from memory_pipeline.defs.dagster_private import range_tags
from memory_pipeline.defs.partitions import SHARDS, USERS_PARTITION, shard_key
from memory_pipeline.defs.resources import MemoryStoreResource
from memory_pipeline.store import consolidation as store
from memory_pipeline.store import memories as mem_sql
from memory_pipeline.store import partitioning as part_sql

MAX_ATTEMPTS = 3  # three attempts, then the user is flagged (until new memories arrive)
RETRY_BACKOFF_S = 120.0  # the second attempt waits this long after the failure, the third twice that
SENSOR_NAME = "consolidation_due_sensor"


def _entry(raw) -> dict:
    """A user's cursor entry: the batch requested (newest memory id), the run key, attempts, when.
    Older cursors held the newest memory id alone."""
    return {"id": raw, "key": None, "try": 1, "at": 0.0} if isinstance(raw, int) else dict(raw)


def plan_requests(
    due: list[tuple[str, int, int, int]], cursor: dict, failed_keys: frozenset = frozenset(),
    now: float = 0.0,
) -> tuple[list[str], dict, list[str]]:
    """Users to run now, the next cursor and the users given up on: one request per (user, newest
    memory id); a request whose run failed (its run key in `failed_keys`, or (run key, user) for a
    user a partial run left out) is retried after a backoff, up to MAX_ATTEMPTS, then the user is
    reported (and asked again only when a newer memory arrives)."""
    run, gave_up = [], []
    nxt = {u: _entry(e) for u, e in cursor.items()}
    for user, _new, _working, max_id in due:
        e = nxt.get(user)
        if e is None or max_id > e["id"]:
            nxt[user] = {"id": max_id, "key": None, "try": 1, "at": now}
            run.append(user)
        elif (e["key"] in failed_keys or (e["key"], user) in failed_keys) and not e.get("flagged"):
            if e["try"] >= MAX_ATTEMPTS:
                e["flagged"] = True
                gave_up.append(user)
            elif now >= e["at"] + RETRY_BACKOFF_S * 2 ** (e["try"] - 1):
                nxt[user] = {"id": max_id, "key": None, "try": e["try"] + 1, "at": now}
                run.append(user)
    return run, nxt, gave_up


def _run_key(users: list[str], nxt: dict, prefix: str) -> str:
    """Unique per batch and attempt, so a retry is a new run and a repeated tick is not."""
    parts = ",".join(f"{u}:{nxt[u]['id']}:{nxt[u]['try']}" for u in users)
    return f"{prefix}:{hashlib.sha1(parts.encode()).hexdigest()[:12]}"


def _failed_run_keys(context: dg.SensorEvaluationContext, conn, cursor: dict, due: list) -> frozenset:
    """Run keys of this sensor's requests for users still due that ended failed or canceled, and
    (run key, user) for each user a partial run left out (its action log says which)."""
    pending = {u: _entry(cursor[u]) for u, *_ in due if u in cursor}
    pending = {u: e for u, e in pending.items() if e["key"] and not e.get("flagged")}
    if not pending:
        return frozenset()
    since = datetime.fromtimestamp(min(e["at"] for e in pending.values()) - 1, UTC)
    runs = context.instance.get_runs(filters=dg.RunsFilter(
        tags={"dagster/sensor_name": SENSOR_NAME},
        statuses=[dg.DagsterRunStatus.FAILURE, dg.DagsterRunStatus.CANCELED], updated_after=since))
    partial = context.instance.get_runs(filters=dg.RunsFilter(
        tags={"dagster/sensor_name": SENSOR_NAME, PARTIAL_TAG: "partial"}, updated_after=since))
    keys: set = {r.tags.get("dagster/run_key") for r in runs}
    if partial:
        key_of = {r.run_id: r.tags.get("dagster/run_key") for r in partial}
        for run_id, users in mem_sql.failed_users(conn, list(key_of), list(pending)).items():
            keys.update((key_of[run_id], u) for u in users)
    return frozenset(keys)


def _report_gave_up(context, conn, gave_up: list[str], nxt: dict) -> None:
    """Visible twice: in the sensor's log and in the user's action log."""
    if not gave_up:
        return
    context.log.error("consolidation failed %d times for %d user(s), not retried until new memories arrive: %s",
                      MAX_ATTEMPTS, len(gave_up), ", ".join(gave_up[:20]))
    mem_sql.insert_actions(conn, [{
        "user_id": u, "action": "CONSOLIDATION_FAILED", "target_id": nxt[u]["key"],
        "reason": f"{MAX_ATTEMPTS} runs for memories up to id {nxt[u]['id']} failed; retried when new memories"
                  " arrive or when run by hand",
        "inputs": {"attempts": MAX_ATTEMPTS, "last_run_key": nxt[u]["key"]}} for u in gave_up])


def batch_ranges(order: list[str], due: list[str], span: int) -> list[tuple[str, str, list[str]]]:
    """Ranges of at most `span` adjacent partitions that are all due: (start, end, due users). A range
    never spans a user who is not due: Dagster marks every partition of a range run materialized, and a
    user the run did not consolidate must not look consolidated."""
    pos = {k: i for i, k in enumerate(order)}
    idx = sorted(pos[u] for u in due if u in pos)
    out: list[tuple[str, str, list[str]]] = []
    while idx:
        n = 1
        while n < len(idx) and n < span and idx[n] == idx[n - 1] + 1:
            n += 1
        group = idx[:n]
        out.append((order[group[0]], order[group[-1]], [order[i] for i in group]))
        idx = idx[n:]
    return out


@dg.sensor(
    name=SENSOR_NAME, job=consolidation_job, minimum_interval_seconds=60,
    default_status=dg.DefaultSensorStatus.RUNNING,
    description="Every minute: consolidates the users with >= 20 new memories since their last consolidation or "
                "> 1,000 in working memory, in one run per contiguous range of their partitions; "
                "adds new users as partitions; retries a failed run.",
    tags={"trigger": "message_count"},
    owners=["team:memory-platform"],
)
def consolidation_due_sensor(context: dg.SensorEvaluationContext, memory_store: MemoryStoreResource):
    """Request consolidation runs for the users over the message-count threshold; retry failed ones."""
    rt = memory_store.runtime
    conn, cfg = rt.conn, rt.settings.dagster
    everyone = None if SHARDS else store.all_users(conn)
    if everyone is not None and _switch_to_shards(context, rt.settings, conn, len(everyone)):
        return dg.SensorResult(run_requests=[], cursor=context.cursor)
    cursor = json.loads(context.cursor) if context.cursor else {}
    due = store.users_due(conn, cfg.sensor_min_new, cfg.sensor_max_working)
    users, nxt, gave_up = plan_requests(due, cursor, _failed_run_keys(context, conn, cursor, due), time.time())
    _report_gave_up(context, conn, gave_up, nxt)
    if SHARDS:  # shard partitions are static: no partitions to add, one request per shard
        by_shard: dict[str, list[str]] = {}
        for u in users:
            by_shard.setdefault(shard_key(u), []).append(u)
        requests = []
        for k, group in sorted(by_shard.items()):
            key = _run_key(group, nxt, k)
            requests.append(dg.RunRequest(run_key=key, partition_key=k, tags={"trigger": "message_count"}))
            for u in group:
                nxt[u]["key"] = key
        return dg.SensorResult(run_requests=requests, cursor=json.dumps(nxt))
    known = set(context.instance.get_dynamic_partitions(USERS_PARTITION))
    new_partitions = [u for u in everyone if u not in known]
    requests = _requests(users, nxt, [*known, *new_partitions], cfg.users_per_run)
    if requests:
        context.log.info("requesting consolidation for %d user(s): %s", len(users), ", ".join(users[:20]))
    return dg.SensorResult(
        run_requests=requests,
        dynamic_partitions_requests=[dg.AddDynamicPartitionsRequest(USERS_PARTITION, new_partitions)]
        if new_partitions
        else [],
        cursor=json.dumps(nxt),
    )


def _switch_to_shards(context: dg.SensorEvaluationContext, settings, conn, users: int) -> bool:
    """With `auto` partitioning, past the threshold: record the switch to shards instead of adding more
    user partitions (Dagster's UI slows from ~40k partitions of one asset). The definitions follow when
    they next load (a deploy, a restart, the UI's reload); until then nothing is requested, and the
    cursor is kept, so no batch is lost: the shard runs do every user with something new."""
    cfg = settings.dagster
    if cfg.partitioning != "auto" or users <= cfg.shard_threshold:
        return False
    recorded = part_sql.recorded(conn)
    if recorded == "user":  # an operator switched back on purpose: per-user it stays
        conn.rollback()
        return False
    if recorded is None:
        part_sql.record(conn, f"shards:{cfg.auto_shards}")
    conn.rollback()
    context.log.warning("%d users > MEMORY_PIPELINE_SHARD_THRESHOLD=%d: the store records %s; "
                        "reload the code location to run shards", users, cfg.shard_threshold,
                        recorded or f"shards:{cfg.auto_shards}")
    return True


def _requests(users: list[str], nxt: dict, order: list[str], span: int) -> list[dg.RunRequest]:
    """One run per contiguous range of due users (each run starts a process and writes a run's fixed
    events, ~1 s; a user inside it costs ~15 ms), a partition run when a range holds one user; records
    each user's run key."""
    out = []
    for a, b, group in batch_ranges(order, users, span):
        key = _run_key(group, nxt, a if len(group) == 1 else f"batch:{a}:{b}")
        for u in group:
            nxt[u]["key"] = key
        if len(group) == 1:
            out.append(dg.RunRequest(run_key=key, partition_key=a, tags={"trigger": "message_count"}))
            continue
        # every partition of the range is due; only_users keeps a user added meanwhile out
        out.append(dg.RunRequest(
            run_key=key, tags={**range_tags(a, b), "trigger": "message_count"},
            run_config={"ops": {"consolidate_users": {"config": {"only_users": group}}}},
        ))
    return out
