"""Run consolidation in process through Dagster (CLI, Python API, MCP): recorded in the instance
like a UI run, with the same assets, checks and metadata."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import dagster as dg

from memory_pipeline.config import DAGSTER_STORAGE_URL_ENV, Settings
from memory_pipeline.defs.dagster_private import range_tags
from memory_pipeline.defs.instance_storage import relax_durability, resolve_url
from memory_pipeline.runtime import Runtime
from memory_pipeline.store import db
from memory_pipeline.store.consolidation import all_users
from memory_pipeline.store.memories import failed_users

# Dagster's event log of an in-process run always goes to the instance (the UI shows it); it is echoed
# to stderr only when this logger is enabled for INFO (the CLI's --verbose), so commands print their
# own output and nothing else by default.
RUN_LOG = logging.getLogger("memory_pipeline.runs")

_REPO_YAML = Path(__file__).resolve().parents[2] / "dagster.yaml"
_FALLBACK_YAML = """storage:
  custom:
    module: memory_pipeline.defs.instance_storage
    class: MemoryPipelineStorage
    config: {}
telemetry:
  enabled: false
"""


def prepare_dagster_home(settings: Settings) -> Path:
    """DAGSTER_HOME under the memory home, its storage in database `dagster` of the same server."""
    home = settings.dagster_home
    home.mkdir(parents=True, exist_ok=True)
    yaml = _REPO_YAML.read_text() if _REPO_YAML.exists() else _FALLBACK_YAML
    target = home / "dagster.yaml"
    if not target.exists() or target.read_text() != yaml:
        target.write_text(yaml)
    # an earlier call in this process may have resolved it already (settings read afresh)
    if not (settings.dagster.storage_url or Settings.from_env().dagster.storage_url):
        url = db.ensure_database(db.database_url(settings), "dagster")
        relax_durability(url)
        # the processes Dagster starts (run workers, the daemon) find their storage here
        os.environ[DAGSTER_STORAGE_URL_ENV] = resolve_url(url)
    os.environ["DAGSTER_HOME"] = str(home)
    return home


_INSTANCES: dict[str, dg.DagsterInstance] = {}


def instance(settings: Settings) -> dg.DagsterInstance:
    """The process's instance for this home: built once, since its storage holds open connections."""
    home = str(prepare_dagster_home(settings))
    if home not in _INSTANCES:
        _INSTANCES[home] = dg.DagsterInstance.get()
    return _INSTANCES[home]


def materialize_users(
    settings: Settings,
    users: list[str] | None,
    *,
    mode: str = "apply",
    dry_run: bool = False,
    inst: dg.DagsterInstance | None = None,
    trigger: str = "api",
) -> dict:
    """Materialize the consolidation assets for `users` (None: every user) in one run of the named
    job; `trigger` (api, cli, demo, mcp) becomes the run's tag."""
    inst = inst or instance(settings)
    rt = Runtime(settings)
    try:
        everyone = all_users(rt.conn)
    finally:
        rt.close()
    every = users is None
    users = everyone if every else users
    if not users:
        return {"run_id": None, "status": "NOTHING_TO_DO", "users": {}}
    keys = _partition_keys(inst, users, span=every)
    if keys is None:  # not contiguous: one run per user
        return _merge([materialize_users(settings, [u], mode=mode, dry_run=dry_run, inst=inst, trigger=trigger)
                       for u in users])
    return _materialize(settings, inst, keys, users, mode=mode, dry_run=dry_run, narrow=not every, trigger=trigger)


def _partition_keys(inst: dg.DagsterInstance, users: list[str], *, span: bool = False) -> list[str] | None:
    """The partition keys standing for `users`, in partition order; None if they are not one range.
    `span` (every user): the first and last of their partitions, whatever lies between (partitions of
    users with no memories, e.g. consolidated by hand before their first save, which a run skips)."""
    # partitions reads the store when imported (a connection; it may start the embedded server)
    from memory_pipeline.defs.partitions import SHARDS, USERS_PARTITION, shard_key

    if SHARDS:
        return sorted({shard_key(u) for u in users})
    known = set(inst.get_dynamic_partitions(USERS_PARTITION))
    missing = [u for u in users if u not in known]
    if missing:
        inst.add_dynamic_partitions(USERS_PARTITION, missing)
    order = {k: i for i, k in enumerate(inst.get_dynamic_partitions(USERS_PARTITION))}
    keys = sorted(users, key=order.__getitem__)
    if span:
        return [keys[0], keys[-1]] if len(keys) > 1 else keys
    if len(keys) > 1 and order[keys[-1]] - order[keys[0]] + 1 != len(keys):
        return None
    return keys


def _materialize(settings: Settings, inst: dg.DagsterInstance, keys: list[str], users: list[str], *, mode: str,
                 dry_run: bool, narrow: bool, trigger: str = "api") -> dict:
    """One run over the partitions keys[0]..keys[-1]; `narrow`: only `users` of them (a shard stands for
    all its users; the op's `only_users`, which the UI's launchpad offers too)."""
    # these import partitions, which reads the store (above), and the asset code: ~0.4 s (perf_counter)
    from memory_pipeline.defs.consolidation.assets import consolidate_users, raw_memories
    from memory_pipeline.defs.consolidation.backlog import users_caught_up
    from memory_pipeline.defs.consolidation.checks import consolidation_checks
    from memory_pipeline.defs.consolidation.jobs import consolidation_job
    from memory_pipeline.defs.partitions import SHARDS
    from memory_pipeline.defs.resources import EngineResource, MemoryStoreResource

    # the named job with tags that say what the run was, so the UI's runs list reads like the product
    tags = {"trigger": trigger, "mode": mode, "dry_run": str(dry_run).lower(),
            **({} if len(keys) == 1 else range_tags(keys[0], keys[-1]))}
    op_config = {"mode": mode, "dry_run": dry_run, **({"only_users": list(users)} if narrow and SHARDS else {})}
    job = dg.Definitions(
        assets=[consolidate_users, raw_memories, consolidation_checks, users_caught_up],
        jobs=[consolidation_job],
        resources={
            "memory_store": MemoryStoreResource(database_url=settings.database_url, home=str(settings.home)),
            "engine": EngineResource(engine=settings.engine),
        },
    ).resolve_job_def(consolidation_job.name)
    result = job.execute_in_process(
        instance=inst,
        partition_key=keys[0] if len(keys) == 1 else None,
        tags=tags,
        run_config={"ops": {"consolidate_users": {"config": op_config}},
                    "loggers": {"console": {"config": {"log_level": console_log_level()}}}},
        raise_on_error=False,
    )
    meta = {}
    for ev in result.get_asset_materialization_events():
        mat = ev.event_specific_data.materialization
        meta[mat.asset_key.to_user_string()] = {k: v.value for k, v in mat.metadata.items()}
    checks = {e.asset_check_key.name: e.passed for e in result.get_asset_check_evaluations()}
    failed = _failed_users(settings, result.run_id, users)
    return {
        "run_id": result.run_id,
        "status": run_status(result.success, failed),
        "users": len(users),
        "engine": meta.get("memory_summaries", {}).get("engine"),
        "assets": meta,
        "checks": checks,
        **({"failed_users": failed} if failed else {}),
    }


def run_status(success: bool, failed: dict[str, str]) -> str:
    """SUCCESS; partial: some users failed (rolled back, logged) and the others committed; FAILURE."""
    if not success:
        return "FAILURE"
    return "partial" if failed else "SUCCESS"


def _failed_users(settings: Settings, run_id: str, users: list[str]) -> dict[str, str]:
    """user -> reason, as the run logged them (`CONSOLIDATION_FAILED`)."""
    rt = Runtime(settings)
    try:
        return failed_users(rt.conn, [run_id], users).get(run_id, {})
    finally:
        rt.close()


def console_log_level() -> str:
    """The level of Dagster's console echo of a run's events: DEBUG with --verbose, else silent."""
    return "DEBUG" if RUN_LOG.isEnabledFor(logging.INFO) else "CRITICAL"


def _merge(results: list[dict]) -> dict:
    statuses = {r["status"] for r in results}
    failed = {u: why for r in results for u, why in r.get("failed_users", {}).items()}
    checks: dict[str, bool] = {}
    for r in results:  # a check passes when it passed in every run
        for name, passed in r.get("checks", {}).items():
            checks[name] = checks.get(name, True) and passed
    return {
        "run_id": [r["run_id"] for r in results],
        "status": "FAILURE" if "FAILURE" in statuses else "partial" if failed else "SUCCESS",
        "users": sum(r["users"] for r in results),
        "checks": checks,
        **({"failed_users": failed} if failed else {}),
        "runs": results,
    }
