"""What the Dagster UI shows an operator: every asset, check, schedule, sensor and job described and
tagged; freshness on the consolidation assets; the per-user backlog check on a real run."""

from __future__ import annotations

import dagster as dg
import pytest

from memory_pipeline.definitions import defs
from memory_pipeline_tests.fixtures import alice_memories


@pytest.fixture(scope="module")
def loaded():
    return defs()


def test_every_asset_has_description_group_kinds_owners_and_layer(loaded):
    graph = loaded.resolve_asset_graph()
    for key in graph.get_all_asset_keys():
        node = graph.get(key)
        name = key.to_user_string()
        assert node.description and len(node.description) > 40, name
        assert node.group_name in ("consolidation", "memory_store"), name
        assert node.kinds and "postgres" in node.kinds, name
        assert node.owners, name
        assert node.tags.get("memory_layer") in ("episodic", "semantic", "procedural"), name
        if node.group_name == "consolidation":
            assert node.freshness_policy is not None, name


def test_every_check_schedule_sensor_and_job_is_described(loaded):
    graph = loaded.resolve_asset_graph()
    for key in graph.asset_check_keys:
        assert graph.get_check_spec(key).description, key
    for s in [*loaded.schedules, *loaded.sensors]:
        assert s.description and s.owners, s.name
    job = loaded.resolve_job_def("consolidation_job")
    assert job.description


@pytest.mark.integration
def test_backlog_check_reports_each_user_and_warns_when_one_is_still_due(service, settings):
    from memory_pipeline.defs.consolidation.backlog import DUE
    from memory_pipeline.defs.launch import instance

    service.remember_many(alice_memories())
    res = service.consolidate("alice")
    assert res["checks"]["users_caught_up"] is True
    # a dry run changes nothing, so memories saved since the last run stay in the backlog
    service.remember_many([{"user_id": "alice", "content": f"Note {i}: shelf {i} holds box number {i * 7}."}
                           for i in range(DUE)])
    res = service.consolidate("alice", dry_run=True)
    assert res["status"] == "SUCCESS" and res["checks"]["users_caught_up"] is False
    evals = [e.dagster_event.event_specific_data for e in instance(settings).all_logs(res["run_id"])
             if e.dagster_event and e.dagster_event.event_type == dg.DagsterEventType.ASSET_CHECK_EVALUATION]
    ev = next(e for e in evals if e.check_name == "users_caught_up")
    assert ev.severity == dg.AssetCheckSeverity.WARN
    meta = {k: v.value for k, v in ev.metadata.items()}
    assert meta["backlog_by_user"] == {"alice": DUE} and meta["users_still_due"] == ["alice"]
