"""CLI: recall, reason, context."""

from __future__ import annotations

import sys
from pathlib import Path

from memory_pipeline.cli import tables
from memory_pipeline.cli.output import emit as _print


def cmd_recall(args) -> int:
    # service: ~0.3 s to import with psycopg (perf_counter); --help and bad input answer without it
    from memory_pipeline.service import MemoryService

    with MemoryService() as svc:
        rows = svc.recall(args.user, args.query, mode=args.mode, limit=args.limit, as_of=args.as_of,
                          namespace=args.namespace, max_chars=args.max_chars)
    _print(rows, args.json, tables.recall_rows(rows))
    return 0


def cmd_reason(args) -> int:
    # service: ~0.3 s to import with psycopg (perf_counter); --help and bad input answer without it
    from memory_pipeline.service import MemoryService

    with MemoryService() as svc:
        ans = svc.reason(args.user, args.question, as_of=args.as_of)
    _print(ans, args.json, f"{ans['answer']}\n  ({ans['method']}, confidence {ans['confidence']}: {ans['reasoning']})")
    return 0


def cmd_context(args) -> int:
    # service: ~0.3 s to import with psycopg (perf_counter); --help and bad input answer without it
    from memory_pipeline.service import MemoryService

    existing = None
    if args.existing:
        existing = sys.stdin.read() if args.existing == "-" else Path(args.existing).read_text()
    with MemoryService() as svc:
        res = svc.context(args.user, query=args.query, token_budget=args.token_budget,
                          max_summaries=args.max_summaries, min_confidence=args.min_confidence,
                          prioritize=args.prioritize, existing=existing)
    _print(res, args.json, res["context"])
    return 0


def register(add) -> None:
    sp = add("recall", cmd_recall, "search a user's memories, summaries and profile")
    sp.add_argument("--user", required=True)
    sp.add_argument("query")
    sp.add_argument("--mode", default="standard", choices=["reflexive", "standard", "deep", "exhaustive"])
    sp.add_argument("--limit", type=int, help="rows (default 10; 100 with --max-chars)")
    sp.add_argument("--max-chars", type=int, help="text budget: rows in rank order until this much is delivered")
    sp.add_argument("--as-of", help="ISO 8601: what was known at that time")
    sp.add_argument("--namespace")

    sp = add("reason", cmd_reason, "answer a question from memories, resolving relative dates")
    sp.add_argument("--user", required=True)
    sp.add_argument("question")
    sp.add_argument("--as-of")

    sp = add("context", cmd_context, "the session-start block (consolidated summaries as XML)")
    sp.add_argument("--user", required=True)
    sp.add_argument("--query")
    sp.add_argument("--token-budget", type=int, default=2000)
    sp.add_argument("--max-summaries", type=int, default=10)
    sp.add_argument("--min-confidence", type=float, default=0.7)
    sp.add_argument("--prioritize", default="relevance", choices=["relevance", "recency", "activation"])
    sp.add_argument("--existing", help="a file holding the current context ('-' for stdin): its block is replaced")
