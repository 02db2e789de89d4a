"""What a consolidation run costs Dagster: events that do not grow with the run's users, planned events
still per partition (the UI marks partitions in progress and failed from them), one sensor run for
many due users. Real materializations on the embedded PostgreSQL."""

from __future__ import annotations

from collections import Counter

import dagster as dg
import pytest

pytestmark = pytest.mark.integration


def _users(service, prefix: str, n: int) -> list[str]:
    users = [f"{prefix}{i}" for i in range(n)]
    service.remember_many([
        {"user_id": u, "content": f"{u} note {i}: I moved to city {i % 3} and like tea {i}",
         "created_at": f"2025-02-0{i + 1}T09:00:00Z"}
        for u in users for i in range(4)])
    return users


def _events(settings, run_id: str) -> list:
    from memory_pipeline.defs.launch import instance

    return [e.dagster_event for e in instance(settings).all_logs(run_id) if e.dagster_event]


def test_range_run_events_do_not_grow_per_partition_with_the_run(service, settings):
    from memory_pipeline.defs.launch import materialize_users

    runs = {}
    for prefix, n in (("cost-a", 2), ("cost-b", 5)):
        res = materialize_users(settings, _users(service, prefix, n))
        assert res["status"] == "SUCCESS" and res["users"] == n
        runs[n] = _events(settings, res["run_id"])
    by_type = {n: Counter(e.event_type for e in evs) for n, evs in runs.items()}
    for n in runs:
        # one materialization and one planned event per asset and partition, checks once per run
        assert by_type[n][dg.DagsterEventType.ASSET_MATERIALIZATION] == 6 * n
        assert by_type[n][dg.DagsterEventType.ASSET_MATERIALIZATION_PLANNED] == 6 * n
        assert by_type[n][dg.DagsterEventType.ASSET_CHECK_EVALUATION] == 5
    def meta_chars(evs):  # noqa: E306
        return max(len(str(e.event_specific_data.materialization.metadata)) for e in evs
                   if e.event_type == dg.DagsterEventType.ASSET_MATERIALIZATION)
    # each partition's event carries the run's totals (previews capped at 10), not a table of every user
    assert max(meta_chars(runs[2]), meta_chars(runs[5])) < 6000
    assert not any("per_user" in e.event_specific_data.materialization.metadata for e in runs[5]
                   if e.event_type == dg.DagsterEventType.ASSET_MATERIALIZATION)


def test_one_user_run_reports_that_user(service, settings):
    from memory_pipeline.defs.launch import materialize_users

    [user] = _users(service, "cost-one", 1)
    res = materialize_users(settings, [user])
    assert res["status"] == "SUCCESS"
    assert list(res["assets"]["memory_summaries"]["per_user"]) == [user]


def test_failed_range_run_marks_each_user_partition(service, settings):
    """Planned events are written in one batch but stay one per partition: a failed run's users show
    as attempted and not materialized (failed, in the UI)."""
    from memory_pipeline.defs.launch import instance, materialize_users

    users = _users(service, "cost-fail", 3)
    res = materialize_users(settings, users, mode="no-such-mode")  # the asset fails before any user
    assert res["status"] == "FAILURE"
    attempts = instance(settings).event_log_storage.get_latest_asset_partition_materialization_attempts_without_materializations(  # noqa: E501
        dg.AssetKey("memory_summaries"))
    assert {u: attempts[u][0] for u in users} == {u: res["run_id"] for u in users}
    runs = instance(settings).get_runs(filters=dg.RunsFilter(run_ids=[res["run_id"]]))
    assert runs[0].status == dg.DagsterRunStatus.FAILURE


def test_sensor_requests_one_run_for_several_due_users(service, settings):
    from memory_pipeline.defs.launch import instance
    from memory_pipeline.defs.resources import MemoryStoreResource
    from memory_pipeline.defs.triggers.sensors import consolidation_due_sensor

    due = [f"cost-due{i}" for i in range(3)]
    service.remember_many([{"user_id": u, "content": f"{u} note {i} on subject {i * 5}"} for u in due
                           for i in range(21)])
    with dg.build_sensor_context(instance=instance(settings),
                                 resources={"memory_store": MemoryStoreResource()}) as ctx:
        res = consolidation_due_sensor(ctx)
    mine = [r for r in res.run_requests
            if set(due) & set((r.run_config or {}).get("ops", {}).get("consolidate_users", {})
                              .get("config", {}).get("only_users", [r.partition_key]))]
    assert len(mine) == 1, [r.run_key for r in res.run_requests]
    assert set(due) <= set(mine[0].run_config["ops"]["consolidate_users"]["config"]["only_users"])
    assert mine[0].partition_key_range is not None
