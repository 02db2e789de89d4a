"""Dagster wiring: definitions load, the schedule's defaults, the sensor's threshold and cursor."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import dagster as dg
import pytest

from memory_pipeline.defs.triggers.schedules import ranges
from memory_pipeline.defs.triggers.sensors import plan_requests


def test_definitions_load():
    from memory_pipeline import definitions

    dg.Definitions.validate_loadable(definitions.defs())
    d = definitions.defs()
    keys = {k.to_user_string() for k in d.resolve_asset_graph().get_all_asset_keys()}
    assert {
        "raw_memories",
        "memory_clusters",
        "memory_summaries",
        "supersession_edges",
        "memory_tiers",
        "procedural_profile",
        "session_context",
    } <= keys


def test_nightly_schedule_defaults():
    from memory_pipeline import definitions

    sched = definitions.defs().resolve_schedule_def("nightly_consolidation")
    assert sched.cron_schedule == "0 2 * * *"
    assert sched.execution_timezone == "UTC"
    assert sched.job_name == "consolidation_job"


def test_plan_requests_one_run_per_batch():
    due = [("a", 25, 0, 100), ("b", 30, 0, 200)]
    users, cur, _ = plan_requests(due, {})
    assert users == ["a", "b"] and {u: e["id"] for u, e in cur.items()} == {"a": 100, "b": 200}
    again, cur2, _ = plan_requests(due, cur)  # same batch seen again: no second run
    assert again == [] and cur2 == cur
    grown, _, _ = plan_requests([("a", 45, 0, 150)], cur)
    assert grown == ["a"]
    old_format, _, _ = plan_requests(due, {"a": 100, "b": 150})  # cursors written before retries existed
    assert old_format == ["b"]


def test_schedule_ranges_batch_users():
    keys = [f"u{i:03d}" for i in range(1203)]
    rs = ranges(keys, 500)
    assert rs == [("u000", "u499"), ("u500", "u999"), ("u1000", "u1202")] or len(rs) == 3
    assert sum(keys.index(b) - keys.index(a) + 1 for a, b in rs) == 1203


@pytest.mark.integration
def test_sensor_requests_only_users_over_threshold(service, settings):
    from memory_pipeline.defs.launch import instance
    from memory_pipeline.defs.resources import MemoryStoreResource
    from memory_pipeline.defs.triggers.sensors import consolidation_due_sensor

    service.remember_many(
        [{"user_id": "busy", "content": f"note number {i} about topic {i * 7}"} for i in range(21)]
    )
    service.remember_many([{"user_id": "quiet", "content": f"quiet note {i}"} for i in range(5)])
    inst = instance(settings)
    store = MemoryStoreResource()
    with dg.build_sensor_context(instance=inst, cursor=None, resources={"memory_store": store}) as ctx:
        res = consolidation_due_sensor(ctx)
    assert [r.partition_key for r in res.run_requests] == ["busy"]
    added = {k for req in res.dynamic_partitions_requests for k in req.partition_keys}
    assert {"busy", "quiet"} <= added
    # the same batch on the next tick: no duplicate run
    with dg.build_sensor_context(instance=inst, cursor=res.cursor, resources={"memory_store": store}) as ctx2:
        assert consolidation_due_sensor(ctx2).run_requests == []
    assert json.loads(res.cursor)["busy"]["id"] > 0


@pytest.mark.integration
def test_nightly_schedule_batches_users_into_range_runs(service, settings, monkeypatch):
    from memory_pipeline.defs.launch import instance
    from memory_pipeline.defs.triggers import schedules

    inst = instance(settings)
    keys = [f"night-{i:02d}" for i in range(5)]
    inst.add_dynamic_partitions("users", keys)
    monkeypatch.setattr(schedules, "USERS_PER_RUN", 2)
    with dg.build_schedule_context(
        instance=inst, scheduled_execution_time=datetime(2026, 1, 2, 2, 0, tzinfo=UTC)
    ) as ctx:
        reqs = schedules.nightly_consolidation(ctx)
    known = list(inst.get_dynamic_partitions("users"))
    assert len(reqs) == -(-len(known) // 2)
    starts = [r.tags["dagster/asset_partition_range_start"] for r in reqs]
    ends = [r.tags["dagster/asset_partition_range_end"] for r in reqs]
    assert starts[0] == known[0] and ends[-1] == known[-1]
    assert all(r.partition_key_range is not None for r in reqs)


@pytest.mark.integration
def test_one_run_consolidates_many_users_each_in_its_own_transaction(service):
    for u in ("m1", "m2", "m3"):
        service.remember_many(
            [
                {
                    "user_id": u,
                    "content": f"{u} says: I usually swim on Mondays. Note {i}",
                    "created_at": f"2025-01-0{i + 1}T10:00:00Z",
                }
                for i in range(4)
            ]
        )
    res = service.consolidate(all_users=True)
    assert res["status"] == "SUCCESS" and res["users"] == 3
    assert isinstance(res["run_id"], str)  # one run, not three
    assert res["assets"]["memory_summaries"]["users"] == 3
    states = service.conn.execute(
        "SELECT user_id, last_run_id FROM consolidation_state ORDER BY 1"
    ).fetchall()
    assert [u for u, _ in states] == ["m1", "m2", "m3"] and {r for _, r in states} == {res["run_id"]}


def test_sensor_batches_many_due_users_into_ranges():
    from memory_pipeline.defs.triggers.sensors import batch_ranges

    order = [f"u{i:03d}" for i in range(100)]
    due = ["u003", "u004", "u050", "u051", "u099", "u000"]
    got = batch_ranges(order, due, 10)
    assert got == [  # never a range over a user who is not due (u001, u002)
        ("u000", "u000", ["u000"]),
        ("u003", "u004", ["u003", "u004"]),
        ("u050", "u051", ["u050", "u051"]),
        ("u099", "u099", ["u099"]),
    ]
    assert sorted(u for _, _, g in batch_ranges(order, order, 30) for u in g) == order
    assert all(order.index(b) - order.index(a) < 30 for a, b, _ in batch_ranges(order, order, 30))


@pytest.mark.integration
def test_sensor_batched_request_runs_only_due_users(service, settings):
    from memory_pipeline.defs.consolidation.assets import consolidate_users, raw_memories
    from memory_pipeline.defs.launch import instance
    from memory_pipeline.defs.resources import EngineResource, MemoryStoreResource
    from memory_pipeline.defs.triggers.sensors import consolidation_due_sensor

    recs = [{"user_id": f"b{u:02d}", "content": f"user {u} note {i}: topic {i * 7 % 13}"}
            for u in range(22) for i in range(20)]
    recs += [{"user_id": "b99", "content": "only one note"}]
    service.remember_many(recs)
    inst = instance(settings)
    with dg.build_sensor_context(instance=inst, resources={"memory_store": MemoryStoreResource()}) as ctx:
        res = consolidation_due_sensor(ctx)
    assert 1 <= len(res.run_requests) < 22  # batched, not one run per user
    inst.add_dynamic_partitions("users", [k for r in res.dynamic_partitions_requests for k in r.partition_keys])
    req = res.run_requests[0]
    due = req.run_config["ops"]["consolidate_users"]["config"]["only_users"]
    assert "b99" not in due
    out = dg.materialize([consolidate_users, raw_memories], instance=inst, tags=req.tags, run_config=req.run_config,
                         resources={"memory_store": MemoryStoreResource(), "engine": EngineResource()})
    assert out.success
    done = {u for (u,) in service.conn.execute("SELECT user_id FROM consolidation_state")}
    assert done == set(due)
