"""CLI: `forget` (a memory, or a whole user) and `invalidate` (mark a fact false)."""

from __future__ import annotations

from memory_pipeline.cli.output import emit as _print


def _summary(d: dict) -> str:
    counts = ", ".join(f"{n} {k}" for k, n in d.items() if isinstance(n, int) and not isinstance(n, bool) and n)
    run = d.get("consolidation")
    tail = f"; re-derived by run {run['run_id']} ({run['status']})" if run else ""
    return f"{d['action'].lower()} {d['user_id']}: {counts or 'nothing'}{tail}"


def cmd_forget(args) -> int:
    # service: ~0.3 s to import with psycopg (perf_counter); --help and bad input answer without it
    from memory_pipeline.service import MemoryService

    with MemoryService() as svc:
        if args.id:
            res = svc.forget(args.user, args.id, reason=args.reason, reconsolidate=not args.no_consolidate)
        else:
            res = svc.forget_user(args.user, reason=args.reason)
    _print(res, args.json, _summary(res))
    return 0


def cmd_invalidate(args) -> int:
    # service: ~0.3 s to import with psycopg (perf_counter); --help and bad input answer without it
    from memory_pipeline.service import MemoryService

    with MemoryService() as svc:
        res = svc.invalidate(args.user, args.id, args.reason, reconsolidate=not args.no_consolidate)
    _print(res, args.json, _summary(res))
    return 0


def register(add) -> None:
    sp = add("forget", cmd_forget, "delete a memory and what was derived from it, or (no --id) the whole user")
    sp.add_argument("--user", required=True)
    sp.add_argument("--id", action="append", help="a memory id (repeatable); without it, every row of the user")
    sp.add_argument("--reason", help="recorded in the action log (the text of the memory never is)")
    sp.add_argument("--no-consolidate", action="store_true", help="leave re-derivation to the user's next run")

    sp = add("invalidate", cmd_invalidate, "mark a memory false: never current, kept for the audit trail")
    sp.add_argument("--user", required=True)
    sp.add_argument("--id", action="append", required=True, help="a memory id (repeatable)")
    sp.add_argument("--reason", required=True)
    sp.add_argument("--no-consolidate", action="store_true", help="leave re-derivation to the user's next run")
