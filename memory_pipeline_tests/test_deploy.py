"""The production profile in deploy/ loads as a real Dagster instance (dagster-postgres storage on a
real PostgreSQL, queued run coordinator, container run launcher), and its Helm values agree with it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import dagster as dg
import pytest
import yaml

pytestmark = pytest.mark.integration

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"


@pytest.fixture
def deploy_instance(db_url, tmp_path, monkeypatch):
    from memory_pipeline.defs.instance_storage import resolve_url
    from memory_pipeline.store import db

    # a database of its own on the test server: the profile's pool limits must not leak into other tests
    url = resolve_url(db.ensure_database(db_url, "dagster_deploy_profile"))
    monkeypatch.setenv("MEMORY_PIPELINE_DAGSTER_PG_URL", url)
    monkeypatch.setenv("MEMORY_PIPELINE_IMAGE", "memory-pipeline:test")
    home = tmp_path / "dagster_home"
    home.mkdir()
    shutil.copy(DEPLOY / "dagster.yaml", home / "dagster.yaml")
    inst = dg.DagsterInstance.from_config(str(home))
    yield inst, home
    inst.dispose()


def test_deploy_profile_loads_with_postgres_queue_and_container_launcher(deploy_instance):
    from dagster_docker import DockerRunLauncher
    from dagster_postgres import PostgresRunStorage

    inst, _ = deploy_instance
    assert isinstance(inst.run_storage, PostgresRunStorage)
    assert isinstance(inst.run_coordinator, dg.QueuedRunCoordinator)
    assert isinstance(inst.run_launcher, DockerRunLauncher)
    assert inst.run_launcher.image == "memory-pipeline:test"
    assert {"MEMORY_PIPELINE_DATABASE_URL", "MEMORY_PIPELINE_DAGSTER_PG_URL"} <= set(inst.run_launcher.env_vars)
    # what the daemon's queue applies: `concurrency` merged over the coordinator's own config
    queue = inst.get_concurrency_config().run_queue_config
    assert queue.max_concurrent_runs == 8
    limits = {(t["key"], t["value"]): t["limit"] for t in queue.tag_concurrency_limits}
    assert limits == {("trigger", "nightly"): 6, ("trigger", "message_count"): 4}
    pools = inst.get_concurrency_config().pool_config
    assert pools.default_pool_limit == 8 and pools.pool_granularity.value == "op"
    # the storage works: a run written through it is read back
    run = inst.create_run_for_job(dg.GraphDefinition("noop").to_job())
    assert inst.get_run_by_id(run.run_id).status == dg.DagsterRunStatus.NOT_STARTED


def test_llm_pool_limit_is_set_with_dagsters_command(deploy_instance):
    inst, home = deploy_instance
    env = {**os.environ, "DAGSTER_HOME": str(home)}
    r = subprocess.run([sys.executable, "-m", "dagster", "instance", "concurrency", "set", "llm", "4"],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    assert inst.event_log_storage.get_concurrency_info("llm").slot_count == 4


def _snake(d):
    if isinstance(d, dict):
        return {"".join("_" + c.lower() if c.isupper() else c for c in k): _snake(v) for k, v in d.items()}
    return [_snake(v) for v in d] if isinstance(d, list) else d


def test_helm_values_agree_with_the_instance_profile():
    instance = yaml.safe_load((DEPLOY / "dagster.yaml").read_text())
    values = yaml.safe_load((DEPLOY / "helm" / "values.yaml").read_text())
    assert _snake(values["concurrency"]) == instance["concurrency"]
    assert values["runLauncher"]["type"] == "K8sRunLauncher"
    assert values["dagsterDaemon"]["runCoordinator"]["type"] == "QueuedRunCoordinator"
    assert values["postgresql"]["enabled"] is False  # external PostgreSQL
    res = values["runLauncher"]["config"]["k8sRunLauncher"]["runK8sConfig"]["containerConfig"]["resources"]
    assert res["limits"]["memory"] == "2Gi"
    assert instance["run_launcher"]["config"]["container_kwargs"]["mem_limit"] == "2g"
    deployment = values["dagster-user-deployments"]["deployments"][0]
    assert deployment["dagsterApiGrpcArgs"] == ["-m", "memory_pipeline.definitions"]
    workspace = yaml.safe_load((DEPLOY / "workspace.yaml").read_text())
    assert workspace["load_from"][0]["grpc_server"]["location_name"] == "memory_pipeline"
