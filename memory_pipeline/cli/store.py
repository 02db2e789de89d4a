"""CLI: the save path and the store (ingest, remember, stats, db)."""

from __future__ import annotations

import sys
from pathlib import Path

from memory_pipeline.cli.output import emit as _print
from memory_pipeline.config import Settings
from memory_pipeline.errors import ValidationError
from memory_pipeline.metrics import prometheus_text
from memory_pipeline.store.server import stop_embedded


def _service():
    # service: ~0.3 s to import with psycopg (perf_counter); --help and bad input answer without it
    from memory_pipeline.service import MemoryService

    return MemoryService()


def cmd_ingest(args) -> int:
    svc = _service()
    bar = None
    if sys.stderr.isatty() and not args.json:
        # tqdm: ~25 ms to import (perf_counter); only a progress bar on a terminal needs it
        from tqdm import tqdm

        bar = tqdm(unit="mem", desc="ingest", file=sys.stderr)
    try:
        report = svc.ingest_file(args.file, progress=bar.update if bar else None)
    finally:
        if bar:
            bar.close()
    d = report.to_dict()
    rate = d["records"] / d["seconds"] if d["seconds"] else 0.0
    _print(d, args.json, (
        f"ingested {d['records']} records in {d['seconds']:.2f}s ({rate:.0f}/s): {d['inserted']} inserted, "
        f"{d['deduplicated']} deduplicated, {d['flagged']} flagged, {d['existing']} already present, "
        f"{d['edited']} edited (stored as new versions)"
    ))
    return 0


def cmd_remember(args) -> int:
    svc = _service()
    fields = {k: v for k, v in {
        "external_id": args.external_id, "namespace": args.namespace, "created_at": args.created_at,
        "importance": args.importance, "role": args.role, "conversation_id": args.conversation_id,
    }.items() if v is not None}
    res = svc.remember(args.user, args.text, **fields)
    d = res.to_dict()
    sim = f" (match {d['match_id']}, similarity {d['similarity']:.3f})" if d["match_id"] else ""
    _print(d, args.json, f"{d['action']}: id {d['id']}{sim}")
    return 0


def cmd_stats(args) -> int:
    d = _service().stats(args.user)
    if args.prometheus:
        sys.stdout.write(prometheus_text(d))
        return 0
    _print(d, args.json)
    return 0


def cmd_db(args) -> int:
    settings = Settings.from_env()
    if args.action == "stop":
        stopped = stop_embedded(settings.pgdata)
        _print({"stopped": stopped}, args.json, "stopped" if stopped else "not running")
        return 0
    svc = _service()
    if args.action == "reembed":
        counts = svc.reembed()
        _print({"reembedded": counts, "model": svc.embedder.name}, args.json,
               f"re-embedded with {svc.embedder.name}: " + ", ".join(f"{n} {k}" for k, n in counts.items()))
        return 0
    svc.ensure_schema()
    _print({"url": svc.url, "home": str(settings.home)}, args.json, f"store ready at {settings.home}")
    return 0


def cmd_partitions(args) -> int:
    svc = _service()
    try:
        if args.action == "switch":
            if not args.to:
                raise ValidationError("partitions switch needs --to user or --to shards:N")
            d = svc.switch_partitioning(args.to)
            _print(d, args.json, f"partitioning {d['from']} -> {d['to']} recorded; {d['users_with_history']} users"
                                 f" keep their consolidation history; {d['note']}")
            return 0
        d = svc.partitioning()
        _print(d, args.json, f"partitioning in effect: {d['effective']} (configured {d['configured']}, recorded"
                             f" {d['recorded'] or 'nothing'}); {d['users']} users, threshold {d['shard_threshold']}")
        return 0
    finally:
        svc.close()


def register(add) -> None:
    sp = add("ingest", cmd_ingest, "ingest a JSONL file (all lines or none)")
    sp.add_argument("file", type=Path)

    sp = add("remember", cmd_remember, "save one memory")
    sp.add_argument("--user", required=True)
    sp.add_argument("text")
    sp.add_argument("--external-id")
    sp.add_argument("--namespace")
    sp.add_argument("--created-at")
    sp.add_argument("--importance", type=float)
    sp.add_argument("--role")
    sp.add_argument("--conversation-id")

    sp = add("stats", cmd_stats, "counts per kind and tier, edges, compression ratio")
    sp.add_argument("--user")
    sp.add_argument("--prometheus", action="store_true", help="Prometheus text format")

    sp = add("db", cmd_db, "create/migrate the store, stop the embedded server, or re-embed it with the loaded model")
    sp.add_argument("action", choices=["init", "stop", "reembed"])

    sp = add("partitions", cmd_partitions, "show how Dagster partitions users, or switch between per-user"
             " partitions and hash shards (history kept)")
    sp.add_argument("action", nargs="?", choices=["show", "switch"], default="show")
    sp.add_argument("--to", help="user | shards:N")
