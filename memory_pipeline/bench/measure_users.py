"""`bench --scale-users`: one Dagster deployment with many users (issue 34).

Loads the users (stored vectors, as the scale stages), consolidates them once (untimed, the state a
deployment has the night before), switches the store to hash shards (`partitions switch`), then for
each run concurrency (1, 2, 4) saves a fresh 1% of memories and runs the nightly schedule's requests
(one run per shard), at most that many at once, each run in a process of its own as Dagster's default
run launcher starts them under the queued run coordinator. Measured: the sensor's and the schedule's
tick, runs launched, total time, Dagster's cost per user with something new, peak memory per process,
the UI's asset page and partitions view through the webserver's GraphQL (shards, and the same store
as per-user partitions), and recall after.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import psutil

from memory_pipeline.bench import measure_consolidation as mc
from memory_pipeline.bench.loading import load, save_held
from memory_pipeline.bench.measure_scale import recall_latency
from memory_pipeline.bench.workload import WorkloadSpec
from memory_pipeline.config import Settings

ASSET = "memory_summaries"


@dataclass(frozen=True)
class UsersPlan:
    total: int = 2_000_000  # memories, about
    count: int = 100_000  # users
    shards: int = 16
    concurrency: tuple[int, ...] = (1, 2, 4)  # runs at once
    recall_n: int = 300


def measure(bench) -> dict:
    plan, svc = bench.plan.users, bench.service
    months = 6
    spec = WorkloadSpec.for_total(plan.total, plan.count, seed=34, distinct_users=min(100, plan.count),
                                  user_prefix="u", months=months)
    # the workload ends today: the nightly runs at the real clock, as a deployment's do
    spec = replace(spec, start=datetime.now(UTC) - timedelta(days=round(months * 30.4375) + 1))
    bench.echo(f"users: loading ~{plan.total:,} memories over {plan.count:,} users")
    loaded = load(bench, spec, hold=(0.01,) * len(plan.concurrency))
    out: dict = {"store": loaded.describe(), "users": len(loaded.users), "memories": loaded.rows,
                 "load_s": round(loaded.seconds, 1), "shards": plan.shards}
    bench.echo(f"  {loaded.describe()}; {loaded.seconds:.0f} s")
    out["baseline_consolidation"] = _baseline(bench, loaded.users)
    bench.echo(f"  baseline consolidation {out['baseline_consolidation']['seconds']} s")
    out["switch"] = svc.switch_partitioning(f"shards:{plan.shards}")
    bench.checkpoint("users", out)
    for c, recs in zip(plan.concurrency, loaded.held, strict=True):
        save_held(bench, recs)
        changed = len({r.user_id for r in recs})
        if c == plan.concurrency[0]:
            out["ticks"] = _child(bench, ["ticks"])
        out[f"nightly_{c}"] = {**_nightly(bench, c), "new_memories": len(recs), "users_with_new": changed}
        bench.echo(f"  nightly at concurrency {c}: {out[f'nightly_{c}']['total_s']} s")
        bench.checkpoint("users", out)
    first = out[f"nightly_{plan.concurrency[0]}"]["total_s"]
    out["speedup"] = {f"x{c}": round(first / out[f"nightly_{c}"]["total_s"], 2) for c in plan.concurrency}
    out["ui"] = {"shards": _ui(bench, {})}
    bench.checkpoint("users", out)
    out["ui"]["per_user"] = _ui(bench, {"MEMORY_PIPELINE_PARTITIONING": "user"}, add_users=loaded.users)
    bench.checkpoint("users", out)

    out["recall"] = recall_latency(bench, loaded, plan.recall_n)
    out["machine_note"] = "2 cores shared with other work; one run: ratios and medians"
    return {"users": out}


def _baseline(bench, users: list[str]) -> dict:
    """The untimed first consolidation, split over one process per core: it is the state of the night
    before, not a figure, and one process would leave a core idle for most of an hour."""
    parts = max(1, min(os.cpu_count() or 1, len(users)))
    now = datetime.now(UTC)
    t0 = time.perf_counter()
    with ThreadPoolExecutor(parts) as pool:
        got = list(pool.map(lambda i: mc._summary(mc.run_child(bench, users[i::parts], now, f"users-base-{i}")),
                            range(parts)))
    return {"seconds": round(time.perf_counter() - t0, 1), "processes": parts,
            "users": sum(g["users"] for g in got), "finished": all(g["finished"] for g in got),
            "peak_rss_mb": max(g["peak_rss_mb"] for g in got)}


def _child(bench, args: list[str], extra_env: dict | None = None) -> dict:
    """A fresh process (the definitions load from the store's record, as a run worker's do)."""
    cmd = [sys.executable, "-m", "memory_pipeline.bench.measure_users", *args]
    r = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, **(extra_env or {})}, timeout=7200)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed: {r.stderr.strip()[-2000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def _nightly(bench, concurrency: int) -> dict:
    """The nightly schedule's requests, at most `concurrency` runs at once, a process per run."""
    keys = _child(bench, ["ticks"])["schedule_partitions"]
    server0 = _server_cpu(bench)
    t0 = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool:
        runs = list(pool.map(lambda k: _child(bench, ["run", k]), keys))
    total = time.perf_counter() - t0
    server = _server_cpu(bench) - server0
    users = sum(r["users"] for r in runs)
    own = sum(r["process_s"] - r["batch_s"] for r in runs)
    cpu = sum(r["cpu_s"] for r in runs)
    return {
        "runs": len(runs), "total_s": round(total, 2), "users_run": users,
        "users_nothing_new": sum(r["users_nothing_new"] for r in runs),
        "statuses": sorted({r["status"] for r in runs}),
        "batch_s_sum": round(sum(r["batch_s"] for r in runs), 2),
        # everything a run costs beyond the consolidation it does: process start, imports, Dagster's
        # events and checks, choosing the shard's users
        "dagster_overhead_per_user_ms": round(1000 * own / max(1, users), 1),
        "in_run_overhead_per_user_ms": round(1000 * sum(r["run_s"] - r["batch_s"] for r in runs) / max(1, users), 1),
        "run_process_s_median": round(float(np.median([r["process_s"] for r in runs])), 2),
        "cpu_s_sum": round(cpu, 1),
        "postgres_cpu_s": round(server, 1),  # the server's share of the same work, its backends included
        # the share of a core one run keeps busy: what more cores would buy
        "cpu_share_per_run": round(cpu / max(1e-9, sum(r["process_s"] for r in runs)), 2),
        "peak_rss_mb_max": max(r["peak_rss_mb"] for r in runs),
        "peak_rss_mb_median": round(float(np.median([r["peak_rss_mb"] for r in runs])), 1),
    }


def _server_cpu(bench) -> float:
    """CPU seconds of the embedded PostgreSQL so far: the postmaster, the backends it reaped, the
    processes still running."""

    try:
        pid = int((Path(bench.settings.pgdata) / "postmaster.pid").read_text().split()[0])
        pm = psutil.Process(pid)
        t = pm.cpu_times()
        live = sum(c.cpu_times().user + c.cpu_times().system for c in pm.children())
        return t.user + t.system + t.children_user + t.children_system + live
    except (OSError, ValueError, psutil.Error):
        return 0.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


ASSET_PAGE = """{ assetNodeOrError(assetKey: {path: ["ASSET"]}) { ... on AssetNode { id description
  partitionStats { numMaterialized numPartitions numFailed numMaterializing }
  assetMaterializations(limit: 1) { runId timestamp } } } }""".replace("ASSET", ASSET)
PARTITIONS_VIEW = """{ assetNodes(assetKeys: [{path: ["ASSET"]}]) { id
  partitionKeysByDimension { name partitionKeys }
  assetPartitionStatuses { __typename
    ... on DefaultPartitionStatuses { materializedPartitions failedPartitions } } } }""".replace("ASSET", ASSET)


def _ui(bench, env: dict, add_users: list[str] | None = None, reps: int = 3) -> dict:
    """The webserver's GraphQL answers for the asset page and the partitions view, timed from here."""
    # Dagster here, not at the top: 2.7 s to import (measured); only the steps that use it pay for it
    from memory_pipeline.defs.launch import instance

    inst = instance(bench.settings)  # DAGSTER_HOME and the storage URL the webserver reads
    if add_users:  # the per-user shape: a dynamic partition per user, as the sensor would have added
        known = set(inst.get_dynamic_partitions("users"))
        inst.add_dynamic_partitions("users", [u for u in add_users if u not in known])
    port = _free_port()
    root = Path(__file__).resolve().parents[2]
    cmd = [str(Path(sys.executable).parent / "dagster-webserver"), "-h", "127.0.0.1", "-p", str(port),
           "-w", str(root / "workspace.yaml")]
    proc = subprocess.Popen(cmd, cwd=root, env={**os.environ, **env}, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}/graphql"
        deadline = time.time() + 300
        while time.time() < deadline:
            with contextlib.suppress(OSError):
                if _post(base, "{ version }")[1].get("data"):
                    break
            time.sleep(1)
        out = {}
        for name, q in (("asset_page", ASSET_PAGE), ("partitions_view", PARTITIONS_VIEW)):
            times, body = [], {}
            for _ in range(reps):
                s, body = _post(base, q)
                times.append(round(s, 3))
                if s > 60:  # once is enough to say it is too slow
                    break
            out[name] = {"seconds": times, "median_s": float(np.median(times)),
                         "errors": [e.get("message", "")[:200] for e in body.get("errors", [])][:3],
                         "bytes": len(json.dumps(body)), "answer": _gist(body)}
        family = [psutil.Process(proc.pid), *psutil.Process(proc.pid).children(recursive=True)]
        out["webserver_rss_mb"] = round(sum(p.memory_info().rss for p in family) / 2**20, 1)
        return out
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, 15)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=30)


def _gist(body: dict) -> dict:
    """What the answer held: the partition counts, or how many partition keys came back."""
    data = body.get("data") or {}
    node = data.get("assetNodeOrError") or {}
    if node:
        return {"partition_stats": node.get("partitionStats"),
                "materializations": len(node.get("assetMaterializations") or [])}
    nodes = data.get("assetNodes") or [{}]
    dims = nodes[0].get("partitionKeysByDimension") or []
    return {"partition_keys": sum(len(d.get("partitionKeys") or []) for d in dims)}


def _post(url: str, query: str) -> tuple[float, dict]:
    req = urllib.request.Request(url, data=json.dumps({"query": query}).encode(),
                                 headers={"Content-Type": "application/json"})
    t0 = time.perf_counter()
    with urllib.request.urlopen(req, timeout=600) as r:
        body = r.read()
    return time.perf_counter() - t0, json.loads(body)


# -- children -------------------------------------------------------------------------------------

def _ticks() -> dict:
    """The sensor's tick (three, the median) and the nightly schedule's, in a fresh process."""
    # Dagster here, not at the top: 2.7 s to import (measured); only the steps that use it pay for it
    import dagster as dg

    from memory_pipeline.defs.launch import instance
    from memory_pipeline.defs.partitions import MODE
    from memory_pipeline.defs.resources import MemoryStoreResource
    from memory_pipeline.defs.triggers.schedules import nightly_consolidation
    from memory_pipeline.defs.triggers.sensors import consolidation_due_sensor

    inst = instance(Settings.from_env())
    res = {"memory_store": MemoryStoreResource()}
    sensor_s, requested = [], 0
    for _ in range(3):
        with dg.build_sensor_context(instance=inst, resources=res) as ctx:
            t0 = time.perf_counter()
            got = consolidation_due_sensor(ctx)
            sensor_s.append(time.perf_counter() - t0)
            requested = len(got.run_requests or [])
    with dg.build_schedule_context(instance=inst, scheduled_execution_time=datetime.now(UTC)) as ctx:
        t0 = time.perf_counter()
        reqs = nightly_consolidation(ctx)
        schedule_s = time.perf_counter() - t0
    reqs = reqs if isinstance(reqs, list) else []
    return {"partitioning": MODE, "sensor_tick_s": [round(s, 3) for s in sensor_s],
            "sensor_tick_median_s": round(float(np.median(sensor_s)), 3), "sensor_runs_requested": requested,
            "schedule_tick_s": round(schedule_s, 3), "schedule_runs": len(reqs),
            "schedule_partitions": [r.partition_key for r in reqs], "peak_rss_mb": round(mc._peak_rss_mb(), 1)}


def _run(key: str) -> dict:
    """One run of the job for one shard, as a run worker executes it."""
    # Dagster here, not at the top: 2.7 s to import (measured); only the steps that use it pay for it
    from memory_pipeline.defs.launch import _materialize, instance

    settings = Settings.from_env()
    inst = instance(settings)
    t0 = time.perf_counter()
    res = _materialize(settings, inst, [key], [], mode="apply", dry_run=False, narrow=False, trigger="nightly")
    run_s = time.perf_counter() - t0
    meta = res.get("assets", {}).get(ASSET, {})
    proc = psutil.Process()
    cpu = proc.cpu_times()
    return {"key": key, "status": res["status"], "run_s": round(run_s, 3),
            "process_s": round(time.time() - proc.create_time(), 3), "cpu_s": round(cpu.user + cpu.system, 2),
            "batch_s": float(meta.get("batch_seconds", 0.0)), "users": int(meta.get("users", 0)),
            "users_nothing_new": int(meta.get("users_nothing_new", 0)), "peak_rss_mb": round(mc._peak_rss_mb(), 1)}


def main(argv: list[str]) -> int:
    got = _ticks() if argv[0] == "ticks" else _run(argv[1])
    print(json.dumps(got))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
