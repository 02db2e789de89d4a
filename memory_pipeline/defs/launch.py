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
) -> dict:
    """Materialize the consolidation assets for `users` (None: every user) in one run."""
    inst = inst or instance(settings)
    rt = Runtime(settings)
    try:
        everyone = all_users(rt.conn)
    finally:
        rt.close()
    users = everyone if users is None else users
    if not users:
        return {"run_id": None, "status": "NOTHING_TO_DO", "users": {}}
    keys = _partition_keys(inst, users)
    if keys is None:  # not contiguous: one run per user
        return _merge([materialize_users(settings, [u], mode=mode, dry_run=dry_run, inst=inst) for u in users])
    return _materialize(settings, inst, keys, len(users), mode=mode, dry_run=dry_run)


def _partition_keys(inst: dg.DagsterInstance, users: list[str]) -> list[str] | None:
    """The partition keys standing for `users`, in partition order; None if they are not one range."""
    from memory_pipeline.defs.partitions import SHARDS, USERS_PARTITION, shard_key

    if SHARDS:
        return sorted({shard_key(u) for u in users})
    known = set(inst.get_dynamic_partitions(USERS_PARTITION))
    missing = [u for u in users if u not in known]
    if missing:
        inst.add_dynamic_partitions(USERS_PARTITION, missing)
    order = {k: i for i, k in enumerate(inst.get_dynamic_partitions(USERS_PARTITION))}
    keys = sorted(users, key=order.__getitem__)
    if len(keys) > 1 and order[keys[-1]] - order[keys[0]] + 1 != len(keys):
        return None
    return keys


def _materialize(settings: Settings, inst: dg.DagsterInstance, keys: list[str], n_users: int, *, mode: str,
                 dry_run: bool) -> dict:
    from memory_pipeline.defs.consolidation.assets import consolidate_users, raw_memories
    from memory_pipeline.defs.consolidation.backlog import users_caught_up
    from memory_pipeline.defs.consolidation.checks import consolidation_checks
    from memory_pipeline.defs.resources import EngineResource, MemoryStoreResource

    tags = {"trigger": "manual", **({} if len(keys) == 1 else range_tags(keys[0], keys[-1]))}
    result = dg.materialize(
        [consolidate_users, raw_memories, consolidation_checks, users_caught_up],
        instance=inst,
        resources={
            "memory_store": MemoryStoreResource(database_url=settings.database_url, home=str(settings.home)),
            "engine": EngineResource(engine=settings.engine),
        },
        partition_key=keys[0] if len(keys) == 1 else None,
        tags=tags,
        run_config={"ops": {"consolidate_users": {"config": {"mode": mode, "dry_run": dry_run}}},
                    "loggers": {"console": {"config": {"log_level": console_log_level()}}}},
        raise_on_error=False,
    )
    meta = {}
    for ev in result.get_asset_materialization_events():
        mat = ev.event_specific_data.materialization
        meta[mat.asset_key.to_user_string()] = {k: v.value for k, v in mat.metadata.items()}
    checks = {e.asset_check_key.name: e.passed for e in result.get_asset_check_evaluations()}
    return {
        "run_id": result.run_id,
        "status": "SUCCESS" if result.success else "FAILURE",
        "users": n_users,
        "engine": meta.get("memory_summaries", {}).get("engine"),
        "assets": meta,
        "checks": checks,
    }


def console_log_level() -> str:
    """The level of Dagster's console echo of a run's events: DEBUG with --verbose, else silent."""
    return "DEBUG" if RUN_LOG.isEnabledFor(logging.INFO) else "CRITICAL"


def _merge(results: list[dict]) -> dict:
    ok = all(r["status"] == "SUCCESS" for r in results)
    return {
        "run_id": [r["run_id"] for r in results],
        "status": "SUCCESS" if ok else "FAILURE",
        "users": sum(r["users"] for r in results),
        "runs": results,
    }
