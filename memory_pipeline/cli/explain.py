"""CLI: `explain ID`, why a summary, edge, profile fact or memory exists."""

from __future__ import annotations

from typing import Any

from memory_pipeline.cli.output import emit as _print
from memory_pipeline.lib import layout

LIST_LIMIT = 20  # sources or actions shown in text; --json lists them all


def cmd_explain(args) -> int:
    # service: ~0.3 s to import with psycopg (perf_counter); --help and bad input answer without it
    from memory_pipeline.service import MemoryService

    with MemoryService() as svc:
        res = svc.explain(args.user, args.id)
    _print(res, args.json, render(res))
    return 0


def _clip(text: Any, n: int = 160) -> str:
    return layout.clip(text, n)  # at a word boundary, with "…"


def _source_line(s: dict) -> str:
    if s["kind"] == "missing":
        return f"  - {s['id']}: (not in the store)"
    when = s.get("created_at") or s.get("temporal_end")
    ext = f" ({s['external_id']})" if s.get("external_id") else ""
    return f"  - {s['kind']} {s['id']}{ext} {when:%Y-%m-%d}: {_clip(s['content'])}"


def render(r: dict) -> str:
    row = r["row"]
    lines = [f"{r['kind']} {r['id']} (user {r['user_id']})"]
    if "content" in row:
        lines.append(f"  {_clip(row['content'], 400)}")
    if r["kind"] == "edge":
        lines.append(f"  {row['source_id']} {row['edge_type']} {row['target_id']} (weight {row['weight']:.2f})"
                     f"\n  reason: {row['reason']}")
    if r.get("engine"):
        e = r["engine"]
        lines.append(f"engine: method {e['method']}, model {e['model'] or '-'}, prompt {e['prompt_version'] or '-'}")
    if r.get("facts") is not None:
        lines.append("facts:")
        lines += [f"  - [{f['section']}] {f['text']}  <- "
                  + (", ".join(f["sources"]) if f["sources"] is not None else "(sources not recorded per fact)")
                  for f in r["facts"]]
    if r["kind"] == "memory":
        lines.append(f"tier {row['tier']}, layer {row['layer']}, retention {row['retention']},"
                     f" accessed {row['access_count']}x, mentioned {row['mention_count']}x")
    if r.get("links"):
        lines += [f"{name}: {_clip(v.get('content', v))}" for name, v in r["links"].items() if v]
        lines.append("consolidated: " + ("yes" if r["consolidated"] else "not yet (in the backlog)"))
    if r["sources"]:
        lines.append(f"sources ({len(r['sources'])}):")
        lines += layout.listing(r["sources"], _source_line, limit=LIST_LIMIT)
    if r["actions"]:
        lines.append(f"actions ({len(r['actions'])}):")
        lines += layout.listing(r["actions"], lambda a: f"  - {a['created_at']:%Y-%m-%d %H:%M} {a['action']}"
                                f"{' (dry run)' if a['dry_run'] else ''}: {_clip(a['reason'])}", limit=LIST_LIMIT)
    for run in r["runs"]:
        lines.append(f"run {run['run_id']}: {run['url']}")
    return "\n".join(lines)


def register(add) -> None:
    sp = add("explain", cmd_explain, "why a summary, edge, profile fact or memory exists: sources, actions, run")
    sp.add_argument("id", help="memory id, summary id (sum_...), edge id (edge_...), profile id or user id")
    sp.add_argument("--user", required=True, help="whose row: another user's id reads as not found")
