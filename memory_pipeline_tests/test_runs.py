"""Runs over many users (issue 29, items 3 and 9): one failing user is recorded and the others commit,
the run reports `partial` and its checks run, the CLI exits 1 naming the user; `--all` is one run
whatever was consolidated before; with shards, `consolidate --user X` consolidates X only. Real
Dagster runs on the embedded PostgreSQL; the failing user is a real database error (a trigger)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import dagster as dg
import pytest

pytestmark = pytest.mark.integration


def _save(service, users: list[str]) -> None:
    service.remember_many([
        {"user_id": u, "content": f"{u} note {i}: I moved to city {i % 3} and like tea number {i}",
         "created_at": f"2025-02-0{i + 1}T09:00:00Z"} for u in users for i in range(5)])


@pytest.fixture
def failing_user(service):
    """Every write of the user's consolidation state fails inside PostgreSQL, as a full disk or a
    broken row would: the user's transaction rolls back, nobody else's."""
    conn = service.conn
    with conn.transaction():
        conn.execute("""CREATE OR REPLACE FUNCTION runs_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN IF NEW.user_id LIKE 'runs-bad%' THEN RAISE EXCEPTION 'refused for %', NEW.user_id; END IF;
            RETURN NEW; END $$""")
        conn.execute("CREATE TRIGGER runs_test_refuse BEFORE INSERT OR UPDATE ON consolidation_state"
                     " FOR EACH ROW EXECUTE FUNCTION runs_test_refuse()")
    yield "runs-bad"
    with conn.transaction():
        conn.execute("DROP TRIGGER IF EXISTS runs_test_refuse ON consolidation_state")
        conn.execute("DROP FUNCTION IF EXISTS runs_test_refuse()")


def _state_users(service) -> set[str]:
    return {r[0] for r in service.conn.execute("SELECT user_id FROM consolidation_state")}


def test_a_failing_user_leaves_the_run_partial_and_the_others_committed(service, settings, failing_user):
    from memory_pipeline.defs.launch import instance

    users = ["runs-a", failing_user, "runs-c"]
    _save(service, users)
    res = service.consolidate(all_users=True)
    assert res["status"] == "partial", res
    assert list(res["failed_users"]) == [failing_user] and "refused for runs-bad" in res["failed_users"][failing_user]
    assert res["checks"] and all(res["checks"].values()), res  # the checks ran over the run's users
    assert _state_users(service) == {"runs-a", "runs-c"}
    logged = service.conn.execute("SELECT user_id, run_id, reason FROM actions WHERE action = 'CONSOLIDATION_FAILED'"
                                  ).fetchall()
    assert [(u, r) for u, r, _ in logged] == [(failing_user, res["run_id"])] and "refused" in logged[0][2]
    assert res["assets"]["memory_summaries"]["users_failed"] == 1
    assert failing_user in res["assets"]["memory_summaries"]["failed_users"]
    inst = instance(settings)
    [run] = inst.get_runs(filters=dg.RunsFilter(run_ids=[res["run_id"]]))
    assert run.status == dg.DagsterRunStatus.SUCCESS and run.tags.get("memory_pipeline/status") == "partial"
    events = {e.dagster_event.event_type for e in inst.all_logs(res["run_id"]) if e.dagster_event}
    assert dg.DagsterEventType.STEP_UP_FOR_RETRY not in events  # one user's failure repeats nobody's work
    alone = service.consolidate(failing_user)  # nobody committed: the run fails, once, and names the user
    assert alone["status"] == "FAILURE" and list(alone["failed_users"]) == [failing_user], alone
    events = {e.dagster_event.event_type for e in inst.all_logs(alone["run_id"]) if e.dagster_event}
    assert dg.DagsterEventType.STEP_UP_FOR_RETRY not in events


def test_the_sensor_retries_only_the_user_a_partial_run_left_out(service, settings, failing_user):
    from memory_pipeline.defs.consolidation.assets import consolidate_users, raw_memories
    from memory_pipeline.defs.consolidation.checks import consolidation_checks
    from memory_pipeline.defs.launch import instance
    from memory_pipeline.defs.resources import EngineResource, MemoryStoreResource
    from memory_pipeline.defs.triggers.sensors import SENSOR_NAME, consolidation_due_sensor

    bad = failing_user + "-due"  # new partitions both, so one range run holds the two
    users = [bad, "runs-due-a"]
    service.remember_many([{"user_id": u, "content": f"{u} item {i} about subject {i * 7}"} for u in users
                           for i in range(21)])
    inst = instance(settings)
    res_store = {"memory_store": MemoryStoreResource()}
    with dg.build_sensor_context(instance=inst, resources=res_store) as ctx:
        first = consolidation_due_sensor(ctx)
    for add in first.dynamic_partitions_requests:  # what the daemon does with the sensor's result
        inst.add_dynamic_partitions(add.partitions_def_name, list(add.partition_keys))
    [req] = [r for r in first.run_requests if set(users) <= set(
        (r.run_config or {}).get("ops", {}).get("consolidate_users", {}).get("config", {}).get("only_users", []))]
    run = dg.materialize(  # the run the daemon would launch for this request
        [consolidate_users, raw_memories, consolidation_checks], instance=inst, run_config=req.run_config,
        raise_on_error=False, tags={**req.tags, "dagster/run_key": req.run_key, "dagster/sensor_name": SENSOR_NAME},
        resources={**res_store, "engine": EngineResource(engine="local")})
    assert run.success and _state_users(service) == {"runs-due-a"}
    state = json.loads(first.cursor)
    for u in users:
        state[u]["at"] -= 10_000  # the backoff has passed
    with dg.build_sensor_context(instance=inst, cursor=json.dumps(state), resources=res_store) as ctx:
        again = consolidation_due_sensor(ctx)
    assert [r.partition_key for r in again.run_requests] == [bad]


def _cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "memory_pipeline.cli", *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=600)


def test_cli_consolidate_with_a_failing_user_exits_1_naming_it(service, failing_user):
    _save(service, ["runs-cli-a", failing_user])
    r = _cli("consolidate", "--all", "--json")
    assert r.returncode == 1, r.stderr
    out = json.loads(r.stdout)
    assert out["status"] == "partial" and list(out["failed_users"]) == [failing_user] and out["checks"]
    named = [ln for ln in r.stderr.splitlines() if "consolidation failed for user" in ln]
    assert len(named) == 1 and failing_user in named[0] and "refused" in named[0], r.stderr
    assert _state_users(service) == {"runs-cli-a"}


def test_all_stays_one_run_after_a_user_without_memories_was_consolidated(service):
    _save(service, ["runs-one-a"])
    assert service.consolidate("runs-one-a")["status"] == "SUCCESS"
    assert service.consolidate("runs-one-idle")["status"] == "SUCCESS"  # no memories: a partition, nothing else
    _save(service, ["runs-one-c", "runs-one-d"])  # their partitions come after the idle one
    res = service.consolidate(all_users=True)
    assert isinstance(res["run_id"], str) and res["status"] == "SUCCESS", res
    assert res["checks"] and all(res["checks"].values()), res
    assert res["users"] == 3 and _state_users(service) == {"runs-one-a", "runs-one-c", "runs-one-d"}


def test_with_shards_consolidate_user_runs_that_user_only(service, db_url):
    from memory_pipeline.defs.instance_storage import resolve_url
    from memory_pipeline.lib.sharding import shard_of
    from memory_pipeline.store import db

    names = [f"runs-shard-{i}" for i in range(40)]
    by_shard: dict[int, list[str]] = {}
    for u in names:
        by_shard.setdefault(shard_of(u, 2), []).append(u)
    x, y = by_shard[0][:2]  # two users of one shard
    _save(service, [x, y])
    # its own Dagster database: the shard partitions must not mix with the per-user ones of other tests
    storage = resolve_url(db.ensure_database(db_url, "dagster_runs_shards"))
    env = {"MEMORY_PIPELINE_PARTITIONING": "shards:2", "MEMORY_PIPELINE_DATABASE_URL": db_url,
           "MEMORY_PIPELINE_DAGSTER_PG_URL": storage}
    r = _cli("consolidate", "--user", x, "--json", env=env)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["status"] == "SUCCESS" and out["users"] == 1 and out["checks"], out
    assert list(out["assets"]["memory_summaries"]["per_user"]) == [x]
    assert _state_users(service) == {x}
