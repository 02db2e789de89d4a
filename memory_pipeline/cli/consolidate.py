"""CLI commands that reach beyond the save path: consolidation, review, dev server, demo, MCP."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from memory_pipeline.cli import tables
from memory_pipeline.cli.dev import cmd_dev
from memory_pipeline.cli.output import emit as _print
from memory_pipeline.config import Settings
from memory_pipeline.errors import ValidationError


def cmd_consolidate(args) -> int:
    # service: ~0.3 s to import with psycopg (perf_counter); --help and bad input answer without it
    from memory_pipeline.service import MemoryService

    if not args.all and not args.user:
        raise ValidationError("give --user U or --all")
    t0 = time.perf_counter()
    with MemoryService() as svc:
        res = svc.consolidate(args.user, all_users=args.all, mode=args.mode, dry_run=args.dry_run,
                              trigger="cli")
    _print(res, args.json, tables.consolidation(res, time.perf_counter() - t0))
    return consolidate_exit_code(res)


def consolidate_exit_code(res: dict) -> int:
    """0 when every user committed (or there was nothing to do); 1 otherwise, each failed user named on
    one line of stderr (`status: partial` when the others committed); 1 when a memory was lost."""
    for user, why in res.get("failed_users", {}).items():
        first = (why or "").strip().splitlines()[0] if (why or "").strip() else "failed"
        sys.stderr.write(f"memory-pipeline: consolidation failed for user {user}: {first}\n")
    if _check_failed(res, "no_loss"):  # a lost memory fails the command, whatever else the run reports
        sys.stderr.write(f"memory-pipeline: no_loss check failed in run {res.get('run_id')}: a memory or one"
                         " of its links is lost (the check's metadata in the Dagster UI names them)\n")
        return 1
    return 0 if res.get("status") in ("SUCCESS", "NOTHING_TO_DO") else 1


def _check_failed(res: dict, name: str) -> bool:
    """Whether the asset check `name` failed in the run, or in any of the runs a result merges."""
    return (res.get("checks") or {}).get(name) is False or any(_check_failed(r, name) for r in res.get("runs", []))


def cmd_suggestions(args) -> int:
    # service: ~0.3 s to import with psycopg (perf_counter); --help and bad input answer without it
    from memory_pipeline.service import MemoryService

    with MemoryService() as svc:
        if args.action == "list":
            if not args.user:
                raise ValidationError("suggestions list needs --user")
            res = svc.suggestions(args.user, args.status)
        elif not args.id or not args.user:
            raise ValidationError(f"suggestions {args.action} needs --user and --id")
        elif args.action == "accept":
            res = svc.accept_suggestion(args.user, args.id)
        else:
            res = svc.reject_suggestion(args.user, args.id)
    _print(res, args.json)
    return 0


def cmd_demo(args) -> int:
    """Ingest the packaged sample, consolidate every user, and show what consolidation did."""
    # demo loads the service: ~0.3 s (perf_counter)
    from memory_pipeline.demo import run_demo

    run_demo(Path(args.file) if args.file else None, as_json=args.json,
             progress=sys.stderr.isatty() and not args.json)
    return 0


def cmd_mcp(args) -> int:
    if args.http:
        # mcp: ~1.4 s to import (perf_counter); only the MCP server needs it
        from memory_pipeline.mcp_server import main_http

        if args.user:
            raise ValidationError("--user binds a stdio server; over HTTP each token names its user")
        main_http(_tokens_path(args), host=args.host, port=args.port)
        return 0
    # mcp: ~1.4 s to import (perf_counter); only the MCP server needs it
    from memory_pipeline.mcp_server import main

    main(user=args.user)
    return 0


def _tokens_path(args) -> Path:
    return Path(args.tokens) if args.tokens else Settings.from_env().mcp_tokens


def cmd_mcp_token(args) -> int:
    # tokens lives in the mcp_server package, which loads mcp: ~1.4 s (perf_counter)
    from memory_pipeline.mcp_server.tokens import add

    path = _tokens_path(args)
    token = add(path, args.user)
    _print({"user_id": args.user, "token": token, "file": str(path)}, args.json,
           f"token for {args.user} (shown once; {path} keeps only its hash):\n{token}")
    return 0


def register(add) -> None:
    sp = add("mcp", cmd_mcp, "the MCP server on stdio (tools: remember, recall, context, consolidate)")
    sp.add_argument("--user", help="bind every tool to this user (default: MEMORY_PIPELINE_MCP_USER; none: trusted)")
    sp.add_argument("--http", action="store_true", help="streamable HTTP at /mcp, one bearer token per user")
    sp.add_argument("--host", default="127.0.0.1")
    sp.add_argument("--port", type=int, default=8765)
    sp.add_argument("--tokens", help="token file (default: MEMORY_PIPELINE_MCP_TOKENS or <home>/mcp_tokens)")

    sp = add("mcp-token", cmd_mcp_token, "make a bearer token for the MCP HTTP server (its hash goes to the file)")
    sp.add_argument("--user", required=True)
    sp.add_argument("--tokens", help="token file (default: MEMORY_PIPELINE_MCP_TOKENS or <home>/mcp_tokens)")

    sp = add("consolidate", cmd_consolidate, "materialize a user's consolidation partition (through Dagster)")
    sp.add_argument("--user")
    sp.add_argument("--all", action="store_true", help="every user, batched into one run")
    sp.add_argument("--dry-run", action="store_true", help="log what would happen, change nothing")
    sp.add_argument("--mode", choices=["apply", "review"], default="apply")

    sp = add("suggestions", cmd_suggestions, "review mode: list, accept or reject suggestions")
    sp.add_argument("action", choices=["list", "accept", "reject"])
    sp.add_argument("--user")
    sp.add_argument("--id")
    sp.add_argument("--status", default="pending", choices=["pending", "accepted", "rejected", "all"])

    sp = add("dev", cmd_dev, "start the embedded database and the Dagster UI + daemon")
    sp.add_argument("--host", default="127.0.0.1")
    sp.add_argument("--port", type=int, default=3000)

    sp = add("demo", cmd_demo, "ingest the sample, consolidate it, show the result")
    sp.add_argument("--file", help="a JSONL file instead of the packaged sample")

    # recall, context, bench and mcp register themselves when present
    for mod in ("memory_pipeline.bench.cli",):
        try:
            __import__(mod, fromlist=["register"]).register(add)
        except ModuleNotFoundError as e:
            if e.name != mod:
                raise
