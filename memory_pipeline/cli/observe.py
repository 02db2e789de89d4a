"""CLI: `metrics`, the Prometheus endpoint (store gauges read at scrape time, plus this process's own)."""

from __future__ import annotations

import signal
import sys
import threading

from memory_pipeline import telemetry
from memory_pipeline.cli.output import emit as _print


def store_reader(svc):
    """What the store says at scrape time: stats plus the consolidation backlog (one scrape at a time)."""
    # at the top these would load psycopg (~0.1 s, perf_counter) into every command, --help included
    from memory_pipeline.store import backlog
    from memory_pipeline.store import stats as stats_sql

    lock = threading.Lock()

    def read() -> dict:
        with lock:
            return {**stats_sql.stats(svc.conn, None), "backlog": backlog.summary(svc.conn)}

    return read


def cmd_metrics(args) -> int:
    # prometheus_client: ~35 ms to import (perf_counter); only `metrics` serves it
    from prometheus_client import generate_latest

    # service: ~0.3 s to import with psycopg (perf_counter); --help and bad input answer without it
    from memory_pipeline.service import MemoryService

    svc = MemoryService()
    metrics = telemetry.enable()
    metrics.registry.register(telemetry.StoreCollector(store_reader(svc)))
    if args.once:
        _print({"metrics": generate_latest(metrics.registry).decode()}, args.json,
               generate_latest(metrics.registry).decode().rstrip("\n"))
        svc.close()
        return 0
    port = args.port or svc.settings.metrics_port or 9464
    telemetry.serve(metrics.registry, port, args.host)
    sys.stderr.write(f"metrics on http://{args.host}:{port}/metrics (Ctrl-C stops)\n")
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    finally:
        telemetry.disable()
        svc.close()
    return 0


def register(add) -> None:
    sp = add("metrics", cmd_metrics, "serve Prometheus metrics: tiers, backlog, actions, latencies, LLM calls")
    sp.add_argument("--host", default="127.0.0.1")
    sp.add_argument("--port", type=int, help="default MEMORY_PIPELINE_METRICS_PORT, else 9464")
    sp.add_argument("--once", action="store_true", help="print the metrics once and exit")
