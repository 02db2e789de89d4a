"""The `memory-pipeline` command. Bad input: one line on stderr, exit code 2, nothing written."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

from memory_pipeline.errors import MemoryPipelineError

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's own usage errors: one line, exit 2
        sys.stderr.write(f"memory-pipeline: error: {message}\n")
        raise SystemExit(EXIT_BAD_INPUT)


def _print(data: Any, as_json: bool, text: str | None = None) -> None:
    if as_json:
        sys.stdout.write(json.dumps(data, default=str, indent=None) + "\n")
    else:
        sys.stdout.write((text if text is not None else json.dumps(data, default=str, indent=2)) + "\n")


def _service():
    from memory_pipeline.service import MemoryService

    return MemoryService()


def cmd_ingest(args) -> int:
    svc = _service()
    bar = None
    if sys.stderr.isatty() and not args.json:
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
        f"{d['deduplicated']} deduplicated, {d['flagged']} flagged, {d['existing']} already present"
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
        from memory_pipeline.metrics import prometheus_text

        sys.stdout.write(prometheus_text(d))
        return 0
    _print(d, args.json)
    return 0


def cmd_db(args) -> int:
    from memory_pipeline.config import Settings

    settings = Settings.from_env()
    if args.action == "stop":
        from memory_pipeline.store.server import stop_embedded

        stopped = stop_embedded(settings.pgdata)
        _print({"stopped": stopped}, args.json, "stopped" if stopped else "not running")
        return 0
    svc = _service()
    svc.ensure_schema()
    _print({"url": svc.url, "home": str(settings.home)}, args.json, f"store ready at {settings.home}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="memory-pipeline", description=__doc__)
    p.add_argument("-v", "--verbose", action="store_true")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def add(name: str, fn, help: str) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help)
        sp.add_argument("--json", action="store_true", help="machine-readable output")
        sp.set_defaults(fn=fn)
        return sp

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

    sp = add("db", cmd_db, "create/migrate the store, or stop the embedded server")
    sp.add_argument("action", choices=["init", "stop"])

    from memory_pipeline import cli_more

    cli_more.register(add)
    return p


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="%(levelname)s %(message)s")
    try:
        return args.fn(args)
    except MemoryPipelineError as e:
        msg = " ".join(str(e).split())
        sys.stderr.write(f"memory-pipeline: error: {msg}\n")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
